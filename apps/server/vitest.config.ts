import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Test files share their worker's modules (each file still builds its own apps and databases): the
    // server's module graph is imported once per worker instead of once per file, which was a third of
    // the project's CPU time (docs/running.md "Tests"). Module-level state is caches only.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
