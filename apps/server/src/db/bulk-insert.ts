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
}

const shapes = new WeakMap<Table, Shape>();

function shapeOf(table: Table): Shape {
  let shape = shapes.get(table);
  if (shape === undefined) {
    const columns = Object.entries(getTableColumns(table));
    shape = {
      table: `"${getTableName(table)}"`,
      keys: columns.map(([key]) => key),
      names: new Map(columns.map(([key, column]) => [key, `"${column.name}"`])),
    };
    shapes.set(table, shape);
  }
  return shape;
}

function driverValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * INSERT INTO table (the columns the rows carry) VALUES (...), (...) `tail`, in statements of at most
 * `chunk` rows. Every row must carry the same keys as the first (the projection's rows always do); a key
 * the table does not have is an error. The statements are sent together without waiting for each answer
 * (the client runs them in order): call it inside a transaction, so they share one connection and a
 * failure aborts them all; the first error is the one thrown.
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
  const head = `insert into ${shape.table} (${present.map((k) => shape.names.get(k)).join(', ')}) values `;
  const client = rawClient(executor);
  const sent: Promise<unknown>[] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of part) {
      const record = row as Record<string, unknown>;
      let tuple = '(';
      for (let i = 0; i < present.length; i++) {
        params.push(driverValue(record[present[i] as string]));
        tuple += i === 0 ? `$${params.length}` : `, $${params.length}`;
      }
      tuples.push(`${tuple})`);
    }
    sent.push(client.query(`${head}${tuples.join(', ')} ${tail}`, params));
  }
  await Promise.all(sent);
}
