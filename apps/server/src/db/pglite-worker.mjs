// The embedded database's own thread (docs/architecture.md "Embedded database thread"). PGlite is
// PostgreSQL compiled to WebAssembly and runs every statement synchronously on the thread that holds it; on
// the server's request thread that time (about a millisecond per projected order) stalled every answer
// behind it. Here it runs beside the request thread; ./pglite-thread.ts is the other end and gives drizzle
// the small client surface it uses (query, transaction). Plain JavaScript, so it loads without a
// TypeScript loader (under tsx, vitest and plain node alike).
//
// Messages in:  { id, op: 'query', tx, sql, params, rowMode } | { id, op: 'begin', tx }
//               | { id, op: 'end', tx, commit } | { id, op: 'close' }
// Messages out: { id, ok: true, result } | { id, ok: false, error: { message, ...PostgreSQL fields } }
//               and once { ready: true } or { ready: false, error } after opening.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

if (parentPort === null) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

// drizzle's PGlite session reads these types as the text PostgreSQL sends (drizzle-orm/pglite/session.js);
// parsers are functions and cannot cross threads, so they are applied here.
const asText = (value) => value;
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** The PostgreSQL error fields callers read (code, constraint, ...), as plain data. */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const out = { message: error.message, name: error.name };
  for (const key of [
    'code',
    'severity',
    'detail',
    'hint',
    'position',
    'schema',
    'table',
    'column',
    'dataType',
    'constraint',
    'routine',
  ]) {
    const value = error[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

const db = new PGlite(workerData.dataDir);
/** Open transactions by id: the PGlite transaction object and how to end it. */
const open = new Map();

async function run(message) {
  switch (message.op) {
    case 'query': {
      const target = message.tx === 0 ? db : open.get(message.tx)?.tx;
      if (target === undefined) throw new Error(`transaction ${message.tx} is not open`);
      const result = await target.query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin':
      // Answers once BEGIN has run; PGlite holds other statements back until this transaction ends.
      return new Promise((started, failed) => {
        const entry = { tx: undefined, end: undefined, finished: undefined };
        entry.finished = db.transaction(async (tx) => {
          const commit = await new Promise((end) => {
            entry.tx = tx;
            entry.end = end;
            open.set(message.tx, entry);
            started(null);
          });
          if (!commit) await tx.rollback();
        });
        entry.finished.catch(failed).finally(() => open.delete(message.tx));
      });
    case 'end': {
      const entry = open.get(message.tx);
      if (entry === undefined) throw new Error(`transaction ${message.tx} is not open`);
      entry.end(message.commit);
      // After COMMIT (or ROLLBACK) has run; a failed COMMIT is the caller's error.
      await entry.finished;
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${message.op}`);
  }
}

port.on('message', (message) => {
  run(message).then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: describe(error) }),
  );
});

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: describe(error) }),
);
