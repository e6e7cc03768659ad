// Binance's websocket market streams and user data streams (docs/binance-compat.md "Websocket"): sockets
// subscribe to stream names (`btcusdt@depth`, `@depth@100ms`, `@trade`, `@aggTrade`, `@kline_1m`,
// `@ticker`), at connect time or with SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS messages; a raw
// endpoint (/ws) sends the events themselves, a combined one (/stream) wraps them as {stream, data}.
// A user data socket (a listen key, or the WebSocket API's userDataStream.subscribe.signature) receives
// the user's executionReport and outboundAccountPosition events.
import type { WebSocket } from 'ws';
import { INTERVALS } from '@/market/kline';
import {
  accountPosition,
  aggTradeEvent,
  executionReports,
  klineEvent,
  tickerEvent,
  tradeEvent,
} from './binance-events';
import type { MarketSources } from './binance-public-routes';
import { ticker24h } from './binance-public-routes';
import { fixed8 } from './binance-views';

const MAX_STREAMS_PER_SOCKET = 1024;
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;
const STREAM = new RegExp(
  `^([a-z0-9]{2,20})@(depth|depth@100ms|depth@1000ms|trade|aggTrade|ticker|kline_(${INTERVALS.join('|')}))$`,
);

interface Client {
  socket: WebSocket;
  combined: boolean;
  streams: Set<string>;
  /** User data: the user whose events this socket gets, and how they are wrapped. */
  user?: { userId: string; subscriptionId?: number; listenKey?: string } | undefined;
}

export class BinanceStreams {
  private readonly clients = new Set<Client>();
  private readonly offs: Array<() => void> = [];

  constructor(
    private readonly s: MarketSources,
    private readonly opts: { isPlatform(userId: string): boolean },
  ) {
    const now = () => s.clock.now().getTime();
    if (s.depth) {
      this.offs.push(
        s.depth.onDiff((diff) => {
          const symbol = diff.symbol.toLowerCase();
          const names = [`${symbol}@depth`, `${symbol}@depth@100ms`, `${symbol}@depth@1000ms`];
          if (!this.anyListens(names)) return;
          const event = {
            e: 'depthUpdate',
            E: now(),
            s: diff.symbol,
            U: diff.U,
            u: diff.u,
            b: diff.b.map(([p, q]) => [fixed8(p), fixed8(q)]),
            a: diff.a.map(([p, q]) => [fixed8(p), fixed8(q)]),
          };
          for (const name of names) this.publish(name, event);
        }),
      );
    }
    this.offs.push(
      s.activity.onEvents((events) => {
        const t = now();
        for (const e of events) {
          if (e.type !== 'spot.trade') continue;
          this.publish(`${e.symbol}@trade`, () => tradeEvent(e, t));
          this.publish(`${e.symbol}@aggTrade`, () => aggTradeEvent(e, t));
        }
        this.publishUsers(events, t);
      }),
      s.engine.on('kline', (bar) => {
        this.publish(`${bar.symbol.toLowerCase()}@kline_${bar.interval}`, () => klineEvent(bar, now()));
      }),
      s.engine.on('ticker', (ticker) => {
        const name = `${ticker.symbol.toLowerCase()}@ticker`;
        if (!this.anyListens([name])) return;
        const rules = s.markets.all().find((r) => r.symbol === ticker.symbol.toLowerCase());
        if (rules) this.publish(name, tickerEvent(ticker24h(s, rules), now()));
      }),
    );
  }

  /** Whether a stream name is one we serve (a known market, a known kind). */
  valid(name: string): boolean {
    const m = STREAM.exec(name);
    return m !== null && this.s.markets.all().some((r) => r.symbol === m[1]);
  }

  /** A market-stream socket: subscribed to `streams` now; SUBSCRIBE and friends change that later. */
  attach(
    socket: WebSocket,
    combined: boolean,
    streams: readonly string[],
    user?: Client['user'],
    /** false for a WebSocket API socket, whose messages are requests of that API. */
    subscribeMessages = true,
  ): Client {
    const client: Client = { socket, combined, streams: new Set(streams.filter((n) => this.valid(n))), user };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
    if (subscribeMessages) socket.on('message', (data) => this.onMessage(client, data.toString()));
    return client;
  }

  /** Closes every socket of a user's listen key or subscription. */
  closeUser(match: (client: Client) => boolean, reason?: unknown): void {
    for (const c of this.clients) {
      if (!c.user || !match(c)) continue;
      if (reason !== undefined) this.send(c, JSON.stringify(reason));
      c.socket.close();
    }
  }

  close(): void {
    for (const off of this.offs) off();
    for (const c of this.clients) c.socket.close();
    this.clients.clear();
  }

  private onMessage(client: Client, text: string): void {
    let msg: { method?: unknown; params?: unknown; id?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      this.send(
        client,
        JSON.stringify({ error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' } }),
      );
      return;
    }
    const id = typeof msg.id === 'number' || typeof msg.id === 'string' ? msg.id : null;
    const params = Array.isArray(msg.params) ? msg.params : [];
    const reply = (body: object) => this.send(client, JSON.stringify({ ...body, id }));
    if (msg.method === 'SUBSCRIBE' || msg.method === 'UNSUBSCRIBE') {
      const names = params.filter((p): p is string => typeof p === 'string');
      if (names.length !== params.length || names.some((n) => !this.valid(n))) {
        reply({ error: { code: 2, msg: 'Invalid request: unknown stream name' } });
        return;
      }
      if (msg.method === 'SUBSCRIBE') {
        if (client.streams.size + names.length > MAX_STREAMS_PER_SOCKET) {
          reply({ error: { code: 2, msg: 'Invalid request: too many streams' } });
          return;
        }
        for (const n of names) client.streams.add(n);
      } else {
        for (const n of names) client.streams.delete(n);
      }
      reply({ result: null });
    } else if (msg.method === 'LIST_SUBSCRIPTIONS') {
      reply({ result: [...client.streams] });
    } else if (msg.method === 'SET_PROPERTY' || msg.method === 'GET_PROPERTY') {
      reply({ result: msg.method === 'GET_PROPERTY' ? false : null });
    } else {
      reply({ error: { code: 2, msg: 'Invalid request: unknown method' } });
    }
  }

  private anyListens(names: readonly string[]): boolean {
    for (const c of this.clients) for (const n of names) if (c.streams.has(n)) return true;
    return false;
  }

  private publish(name: string, event: object | (() => object)): void {
    let raw: string | undefined;
    let wrapped: string | undefined;
    let data: object | undefined;
    for (const c of this.clients) {
      if (!c.streams.has(name)) continue;
      if (data === undefined) data = typeof event === 'function' ? event() : event;
      if (c.combined) {
        if (wrapped === undefined) wrapped = JSON.stringify({ stream: name, data });
        this.send(c, wrapped);
      } else {
        if (raw === undefined) raw = JSON.stringify(data);
        this.send(c, raw);
      }
    }
  }

  private publishUsers(events: Parameters<typeof executionReports>[1], now: number): void {
    for (const c of this.clients) {
      if (!c.user || this.opts.isPlatform(c.user.userId)) continue;
      const { userId, subscriptionId, listenKey } = c.user;
      const out = executionReports(this.s.markets, events, userId, now);
      const position = accountPosition(events, userId, now);
      if (position) out.push(position);
      for (const event of out) {
        const body =
          subscriptionId !== undefined
            ? { subscriptionId, event }
            : c.combined
              ? { stream: listenKey ?? 'userData', data: event }
              : event;
        this.send(c, JSON.stringify(body));
      }
    }
  }

  private send(c: Client, text: string): void {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
      c.socket.close(1008, 'slow consumer');
      return;
    }
    c.socket.send(text);
  }
}

export type { Client as BinanceStreamClient };
