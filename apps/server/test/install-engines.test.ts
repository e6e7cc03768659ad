// `npm ci` on the oldest supported Node (the root package.json's engines, 20.19) must not print an engine
// warning: every package the lockfile installs has to accept that version. When a dependency's new release
// drops Node 20, pin an older one through "overrides" in the root package.json (light-my-request 6.8
// pulled cookie 2, which requires Node 22).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
// semver comes with fastify; typed here to the one call used.
const semver = createRequire(new URL('node_modules/fastify/package.json', root))('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('install engines', () => {
  it('every locked package accepts the oldest supported Node', () => {
    const rootPackage = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(rootPackage.engines.node)?.version;
    expect(oldest).toBe('20.19.0');
    const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
      packages: Record<string, LockPackage>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
      return range && !semver.satisfies(oldest ?? '', range) ? [`${path}@${pkg.version}: node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
