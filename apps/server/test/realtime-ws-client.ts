// A small websocket test client for the realtime tests: records every JSON frame and waits for
// predicates with a timeout (never a fixed sleep as the assertion).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ClientOptions, WebSocket } from 'ws';

export interface Frame {
  type: string;
  [key: string]: unknown;
}

export class TestWs {
  readonly frames: Frame[] = [];
  closeCode: number | undefined;
  private waiters: Array<() => void> = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves with the first recorded frame (from index `from`) matching `pred`. */
  async next(pred: (f: Frame) => boolean, timeoutMs = 3000, from = 0): Promise<Frame> {
    const found = await this.until(() => this.frames.slice(from).find(pred), timeoutMs);
    return found;
  }

  async until<T>(check: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined && value !== false) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; frames: ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

export function baseUrl(app: FastifyInstance, scheme: 'ws' | 'http' = 'ws'): string {
  const address = app.server.address() as AddressInfo;
  return `${scheme}://127.0.0.1:${address.port}`;
}

export function openWs(
  url: string,
  protocols?: string | string[],
  options: ClientOptions = {},
): Promise<TestWs> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, options);
    const client = new TestWs(socket);
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}
