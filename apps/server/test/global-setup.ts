// Once per test run: a PGlite data directory with every migration applied, written to a temp file that
// each test file's in-memory database starts from (helpers.ts), instead of running initdb and the
// migrations again per file (about 2 s of CPU each). Keyed by the migration files, so a new migration
// makes a new template; runs that share a machine reuse it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball; '' when the tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

function migrationsDigest(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of files) {
    if (!name.endsWith('.sql') && !name.endsWith('_journal.json')) continue;
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(migrationsFolder, name)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const path = join(tmpdir(), `coin-pglite-template-${migrationsDigest()}.tar`);
  if (!existsSync(path)) {
    const db = await PGlite.create();
    await migrate(drizzle(db), { migrationsFolder });
    const dump = await db.dumpDataDir('none');
    await db.close();
    // Written under another name first: a run that starts meanwhile never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  project.provide('pgliteTemplate', path);
}
