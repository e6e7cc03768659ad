import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/platform': apiTarget,
      '/static': apiTarget,
      // Realtime websockets (docs/realtime.md).
      '/ws': { target: apiTarget, ws: true },
      '/mqtt': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's @rc-component/* packages declare no `sideEffects`, so their index modules' static property
      // assignments (Form.Field = Field ...) kept whole components alive in the chunks that use antd
      // (about 15 KB gzipped). They have no import-time side effects; this lets unused parts be dropped.
      // (antd itself is off the start-up path: see src/components/antd-scope.tsx.)
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
