// The request thread's end of the embedded database thread (./pglite-worker.mjs): the part of PGlite's
// client that drizzle's PGlite driver calls (query with a row mode, transaction with a nested client), sent
// to the worker as messages. PostgreSQL errors come back with their fields (code, constraint, ...), so
// callers that look at `code` see what they would see in process.
import { Worker } from 'node:worker_threads';

export interface QueryOptions {
  rowMode?: 'array' | 'object';
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface ThreadClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

type Request =
  | { op: 'query'; tx: number; sql: string; params: unknown[]; rowMode: 'array' | 'object' }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { ready: true }
  | { ready: false; error: { message: string } };

/** An Error carrying the PostgreSQL fields the worker sent (like PGlite's DatabaseError). */
export class DatabaseThreadError extends Error {
  [field: string]: unknown;

  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message);
    const { message: _, name: __, ...rest } = fields;
    Object.assign(this, rest);
    this.name = 'DatabaseError';
  }
}

export class PGliteThread implements ThreadClient {
  private readonly worker: Worker;
  private nextId = 1;
  private nextTx = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private failure: Error | undefined;
  readonly ready: Promise<void>;

  private constructor(dataDir: string) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
    let opened: (() => void) | undefined;
    let notOpened: ((e: unknown) => void) | undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      notOpened = reject;
    });
    this.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        if (reply.ready) opened?.();
        else notOpened?.(new DatabaseThreadError(reply.error));
        return;
      }
      const w = this.waiting.get(reply.id);
      if (w === undefined) return;
      this.waiting.delete(reply.id);
      if (reply.ok) w.resolve(reply.result);
      else w.reject(new DatabaseThreadError(reply.error));
    });
    // A worker that dies takes every pending and later call with it (the database is gone).
    const fail = (error: Error) => {
      this.failure ??= error;
      notOpened?.(error);
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`database thread exited (code ${code})`)));
  }

  /** Starts the thread and opens PGlite in `dataDir` there. */
  static async open(dataDir: string): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    await thread.ready;
    return thread;
  }

  private send(request: Request): Promise<unknown> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private queryIn(tx: number, sql: string, params: unknown[] = [], options?: QueryOptions) {
    return this.send({
      op: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
    }) as Promise<QueryResult>;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.queryIn(0, sql, params, options);
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadClient) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.send({ op: 'begin', tx });
    let result: T;
    try {
      result = await callback({ query: (sql, params, options) => this.queryIn(tx, sql, params, options) });
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.failure === undefined) await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
