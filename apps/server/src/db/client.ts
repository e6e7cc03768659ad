// Opens the SQL database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both run the same generated migrations at start. The embedded database on disk runs on its own thread
// (./pglite-thread.ts), so its statements never hold up the request thread; the in-memory one of the
// tests stays in process.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What repositories take: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite files; `memory://` keeps everything in memory (tests). */
  pgliteDir: string;
  /** Run PGlite on its own thread (default: yes for a folder, no for `memory://`). */
  pgliteThread?: boolean | undefined;
  /**
   * An in-process PGlite starts from this data directory (a `dumpDataDir` tarball) instead of running
   * initdb: the tests start every file from one migrated template (test/global-setup.ts), about 1.5 s of
   * CPU less per file. Migrations still run (a no-op on an up-to-date template).
   */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Pipeline mode: the projection sends a batch's statements together inside its transaction
    // (bulk-insert.ts) without waiting for each answer. node-postgres now writes them to the socket at once
    // (one round trip), where it otherwise queued them, a use it deprecates (an error from pg@9). Nothing
    // here uses what pipeline mode refuses (cursors, query streams, `rows` batches).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, pipeline: true });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const inMemory = opts.pgliteDir.startsWith('memory://');
  if (!inMemory) mkdirSync(opts.pgliteDir, { recursive: true });
  if (opts.pgliteThread ?? !inMemory) {
    const thread = await PGliteThread.open(opts.pgliteDir);
    // drizzle's PGlite driver calls only query() and transaction(), which the thread client provides.
    const db = drizzlePglite(thread as unknown as PGlite, { schema });
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (error) {
      await thread.close();
      throw error;
    }
    return { db: db as unknown as Db, kind: 'pglite', close: () => thread.close() };
  }
  const client = new PGlite(opts.pgliteDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
