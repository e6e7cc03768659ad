// Multi-row INSERT for the projection's batches, as one parameterized statement handed straight to the
// database client. drizzle's insert builder costs tens of microseconds per row on the request thread (it
// wraps and type-checks every value); a projected order has several rows, so at trading rates that was
// most of the thread's time. The statement text comes from the drizzle table (its SQL column names); the
// values are converted the way the table's column modes expect (Date to an ISO string, bigint as is).
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Executor } from './client';

/** The database client under a drizzle database or transaction: node-postgres and PGlite (in process or
 * on its thread) all take `query(text, params)`. */
interface RawClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

function rawClient(executor: Pick<Executor, 'insert'>): RawClient {
  const client = (executor as { session?: { client?: Partial<RawClient> } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('bulk insert: no SQL client under this executor');
  return client as RawClient;
}

interface Shape {
  table: string;
  keys: string[];
  /** SQL column name by field key. */
  names: Map<string, string>;
  /** The SQL array type a column's values travel in, by field key (`bigint[]`, `numeric(38, 18)[]`). */
  arrays: Map<string, string>;
}

/** A serial column's values are of its integer type. */
const SERIAL: Record<string, string> = { bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' };

const shapes = new WeakMap<Table, Shape>();

function shapeOf(table: Table): Shape {
  let shape = shapes.get(table);
  if (shape === undefined) {
    const columns = Object.entries(getTableColumns(table));
    shape = {
      table: `"${getTableName(table)}"`,
      keys: columns.map(([key]) => key),
      names: new Map(columns.map(([key, column]) => [key, `"${column.name}"`])),
      arrays: new Map(
        columns.map(([key, column]) => {
          const type = column.getSQLType();
          return [key, `${SERIAL[type] ?? type}[]`];
        }),
      ),
    };
    shapes.set(table, shape);
  }
  return shape;
}

/** A character that must be escaped inside a quoted array element. */
const ESCAPED = /["\\]/;
/** The last Date's time and text: a batch's rows share a few command times (one per millisecond). */
let lastTime = Number.NaN;
let lastDateText = '';

/**
 * One element of a PostgreSQL array literal: NULL, a number or bigint as its digits (never the word
 * NULL, so no quotes needed), anything else as its text quoted (`"` and `\` escaped; most values have
 * neither, and are not scanned twice).
 */
function arrayElement(value: unknown): string {
  if (value === undefined || value === null) return 'NULL';
  const type = typeof value;
  if (type === 'string') return quoted(value as string);
  if (type === 'number' || type === 'bigint') return String(value);
  if (value instanceof Date) {
    const time = value.getTime();
    if (time !== lastTime) {
      lastTime = time;
      lastDateText = `"${value.toISOString()}"`;
    }
    return lastDateText;
  }
  return quoted(type === 'object' ? JSON.stringify(value) : String(value));
}

/** `text` as a quoted array element, `"` and `\` escaped (only a text that holds one is rewritten). */
function quoted(text: string): string {
  return ESCAPED.test(text) ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`;
}

/**
 * INSERT INTO table (the columns the rows carry) SELECT * FROM unnest($1::type[], ...) `tail`, in
 * statements of at most `chunk` rows: one parameter per column (an array literal, sent as text and cast),
 * not one per value. The database parses one short statement and one array per column instead of a
 * VALUES list of thousands of parameters, which was most of the embedded database's time per projected
 * row. unnest keeps the rows' order (serial ids are assigned in it). Every row must carry the same keys as
 * the first (the projection's rows always do); a key the table does not have is an error. The statements
 * are sent together without waiting for each answer (the client runs them in order): call it inside a
 * transaction, so they share one connection and a failure aborts them all; the first error is the one
 * thrown.
 */
export async function bulkInsert<T extends Table>(
  executor: Pick<Executor, 'insert'>,
  table: T,
  rows: readonly T['$inferInsert'][],
  tail: string,
  chunk: number,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const shape = shapeOf(table);
  const present = shape.keys.filter((k) => k in (first as object));
  const unknown = Object.keys(first as object).filter((k) => !shape.names.has(k));
  if (unknown.length > 0) throw new Error(`bulk insert into ${shape.table}: unknown fields ${unknown}`);
  // `$n::text::type[]`: the parameter is plain text to every driver (each would otherwise serialize
  // arrays its own way), and PostgreSQL's array input parses it.
  const text =
    `insert into ${shape.table} (${present.map((k) => shape.names.get(k)).join(', ')}) ` +
    `select * from unnest(${present.map((k, i) => `$${i + 1}::text::${shape.arrays.get(k)}`).join(', ')}) ${tail}`;
  const client = rawClient(executor);
  const sent: Promise<unknown>[] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    const end = Math.min(rows.length, start + chunk);
    const params: string[] = [];
    for (const key of present) {
      let literal = '{';
      for (let r = start; r < end; r++) {
        if (r > start) literal += ',';
        literal += arrayElement((rows[r] as Record<string, unknown>)[key]);
      }
      params.push(`${literal}}`);
    }
    sent.push(client.query(text, params));
  }
  await Promise.all(sent);
}
