// Fan-out of public market streams to websocket subscribers. A frame is serialized once into a Buffer
// and that same Buffer is written to every subscriber; a socket whose unsent backlog exceeds the
// slow-consumer limit is closed with 4008 instead of letting its queue grow without bound.
import type { WebSocket } from 'ws';
import { type PublicMessage, publicMessageSchema, streamKey } from './public-protocol';

export const CLOSE_SLOW_CONSUMER = 4008;
/** Grace for a slow consumer to take its close frame before the TCP connection is cut. */
const TERMINATE_AFTER_MS = 2000;

export interface PublicHubOptions {
  maxSubscriptions: number;
  slowConsumerBytes: number;
  /** Called after a subscription is added, to send the stream's current state (ticker, bar ...). */
  onSubscribe?: (stream: string, message: PublicMessage, send: (frame: unknown) => void) => void;
}

interface Connection {
  socket: WebSocket;
  streams: Set<string>;
  dropped: boolean;
}

export class PublicHub {
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  /** Frames written and slow consumers dropped since start (bench and health figures). */
  readonly stats = { framesSent: 0, slowDropped: 0 };

  constructor(private readonly options: PublicHubOptions) {}

  connectionCount(): number {
    return this.connections.size;
  }

  hasSubscribers(stream: string): boolean {
    return (this.subscribers.get(stream)?.size ?? 0) > 0;
  }

  attach(socket: WebSocket): void {
    const connection: Connection = { socket, streams: new Set(), dropped: false };
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on('close', () => this.detach(connection));
  }

  /** Serializes `frame` once and writes it to every subscriber of `stream`. */
  publish(stream: string, frame: unknown): void {
    const subscribers = this.subscribers.get(stream);
    if (!subscribers || subscribers.size === 0) return;
    const buffer = Buffer.from(JSON.stringify(frame));
    for (const connection of subscribers) this.write(connection, buffer);
  }

  closeAll(): void {
    for (const connection of this.connections) connection.socket.terminate();
  }

  private write(connection: Connection, buffer: Buffer): void {
    if (connection.dropped) return;
    const socket = connection.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.options.slowConsumerBytes) {
      this.drop(connection);
      return;
    }
    socket.send(buffer, { binary: false });
    this.stats.framesSent += 1;
  }

  private drop(connection: Connection): void {
    connection.dropped = true;
    this.stats.slowDropped += 1;
    this.detach(connection);
    connection.socket.close(CLOSE_SLOW_CONSUMER, 'slow consumer');
    setTimeout(() => connection.socket.terminate(), TERMINATE_AFTER_MS).unref();
  }

  private detach(connection: Connection): void {
    this.connections.delete(connection);
    for (const stream of connection.streams) this.removeSubscriber(stream, connection);
    connection.streams.clear();
  }

  private removeSubscriber(stream: string, connection: Connection): void {
    const set = this.subscribers.get(stream);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.subscribers.delete(stream);
  }

  private reply(connection: Connection, frame: unknown): void {
    this.write(connection, Buffer.from(JSON.stringify(frame)));
  }

  private onMessage(connection: Connection, data: unknown, isBinary: boolean): void {
    if (connection.dropped) return;
    let parsedJson: unknown;
    try {
      if (isBinary) throw new Error('binary');
      parsedJson = JSON.parse(String(data));
    } catch {
      this.reply(connection, { type: 'ERROR', code: 'WS_BAD_MESSAGE', msg: 'expected a JSON text frame' });
      return;
    }
    const parsed = publicMessageSchema.safeParse(parsedJson);
    if (!parsed.success) {
      const msg = parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
      this.reply(connection, { type: 'ERROR', code: 'WS_BAD_MESSAGE', msg });
      return;
    }
    const message = parsed.data;
    const stream = streamKey(message.type, message.symbol, message.interval);
    if (message.operation === 'unsubscribe') {
      connection.streams.delete(stream);
      this.removeSubscriber(stream, connection);
      this.reply(connection, { type: 'ACK', operation: 'unsubscribe', stream });
      return;
    }
    if (!connection.streams.has(stream)) {
      if (connection.streams.size >= this.options.maxSubscriptions) {
        this.reply(connection, {
          type: 'ERROR',
          code: 'WS_TOO_MANY_SUBSCRIPTIONS',
          msg: `at most ${this.options.maxSubscriptions} subscriptions per connection`,
        });
        return;
      }
      connection.streams.add(stream);
      let set = this.subscribers.get(stream);
      if (!set) {
        set = new Set();
        this.subscribers.set(stream, set);
      }
      set.add(connection);
    }
    this.reply(connection, { type: 'ACK', operation: 'subscribe', stream });
    this.options.onSubscribe?.(stream, message, (frame) => this.reply(connection, frame));
  }
}
