// User data streams and the websocket endpoints: listen keys (POST, PUT, DELETE /api/v3/userDataStream
// with X-MBX-APIKEY; valid 60 minutes after the last keep-alive), the market and user sockets at /ws,
// /ws/<stream or listen key> and /stream?streams=a/b, and the WebSocket API at /ws-api/v3 (ping, time,
// userDataStream.subscribe.signature and userDataStream.unsubscribe, as ccxt's watchOrders uses).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { ApiKeyVerifier } from '@/modules/security/api-key-auth';
import { API_KEY_PATTERN } from '@/modules/security/api-key-store';
import { keyCaller } from './binance-auth';
import { BinanceError, binanceErrors as E, fromAppError } from './binance-errors';
import type { BinanceHttp } from './binance-http';
import type { MarketSources } from './binance-public-routes';
import type { BinanceStreamClient, BinanceStreams } from './binance-streams';

export const LISTEN_KEY_TTL_MS = 60 * 60_000;
const LISTEN_KEY = /^[A-Za-z0-9]{60}$/;
const MAX_COMBINED = 1024;

interface ListenKey {
  userId: string;
  keyId: string;
  expiresAt: number;
}

export interface UserStreamOptions {
  verifier: ApiKeyVerifier;
  streams: BinanceStreams;
  clock: Clock;
  sources: MarketSources;
}

export function userStreamRoutes(http: BinanceHttp, app: FastifyInstance, o: UserStreamOptions): void {
  const keys = new Map<string, ListenKey>();
  const now = () => o.clock.now().getTime();
  const live = (key: string): ListenKey | undefined => {
    const k = keys.get(key);
    if (k && k.expiresAt <= now()) {
      keys.delete(key);
      o.streams.closeUser((c) => c.user?.listenKey === key, {
        e: 'listenKeyExpired',
        E: now(),
        listenKey: key,
      });
      return undefined;
    }
    return k;
  };
  const timer = setInterval(() => {
    for (const key of [...keys.keys()]) live(key);
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const own = async (ctx: Parameters<Parameters<BinanceHttp['route']>[3]>[0]) => {
    const caller = await keyCaller(o.verifier, ctx.request);
    const key = ctx.params.required('listenKey');
    const k = LISTEN_KEY.test(key) ? live(key) : undefined;
    if (!k || k.userId !== caller.userId.toString()) throw E.listenKey();
    return { key, k };
  };

  http.route('POST', '/api/v3/userDataStream', 2, async (ctx) => {
    const caller = await keyCaller(o.verifier, ctx.request);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const listenKey = [...randomBytes(60)].map((b) => alphabet[b % alphabet.length]).join('');
    keys.set(listenKey, {
      userId: caller.userId.toString(),
      keyId: caller.keyId.toString(),
      expiresAt: now() + LISTEN_KEY_TTL_MS,
    });
    return { listenKey };
  });
  http.route('PUT', '/api/v3/userDataStream', 2, async (ctx) => {
    const { k } = await own(ctx);
    k.expiresAt = now() + LISTEN_KEY_TTL_MS;
    return {};
  });
  http.route('DELETE', '/api/v3/userDataStream', 2, async (ctx) => {
    const { key } = await own(ctx);
    keys.delete(key);
    o.streams.closeUser((c) => c.user?.listenKey === key);
    return {};
  });

  /** Attaches a socket to its streams; a listen key among them makes it a user data socket too. */
  const open = (socket: WebSocket, combined: boolean, names: string[]) => {
    const listenKey = names.find((n) => LISTEN_KEY.test(n));
    const k = listenKey ? live(listenKey) : undefined;
    if (listenKey && !k) {
      socket.close(1008, 'This listenKey does not exist.');
      return;
    }
    o.streams.attach(
      socket,
      combined,
      names.filter((n) => n !== listenKey),
      k && listenKey ? { userId: k.userId, listenKey } : undefined,
    );
  };

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => open(socket, false, []));
  app.get('/ws/:name', { websocket: true, schema: { hide: true } }, (socket, request) =>
    open(socket, false, [String((request.params as { name: string }).name)]),
  );
  app.get('/stream', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const streams = (request.query as { streams?: unknown }).streams;
    const names =
      typeof streams === 'string' ? streams.split('/').filter(Boolean).slice(0, MAX_COMBINED) : [];
    open(socket, true, names);
  });

  // --- WebSocket API ---
  let nextSubscription = 0;
  app.get('/ws-api/v3', { websocket: true, schema: { hide: true } }, (socket, request) => {
    let client: BinanceStreamClient | undefined;
    const reply = (id: unknown, status: number, body: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id, status, ...body }));
    };
    socket.on('message', async (data) => {
      let msg: { id?: unknown; method?: unknown; params?: unknown };
      try {
        msg = JSON.parse(data.toString());
      } catch {
        reply(null, 400, { error: { code: -1000, msg: 'Invalid JSON.' } });
        return;
      }
      const id = msg.id ?? null;
      const params = (msg.params && typeof msg.params === 'object' ? msg.params : {}) as Record<
        string,
        unknown
      >;
      try {
        if (msg.method === 'ping') return reply(id, 200, { result: {} });
        if (msg.method === 'time') return reply(id, 200, { result: { serverTime: now() } });
        if (msg.method === 'userDataStream.subscribe.signature') {
          const userId = await wsApiCaller(o.verifier, params, request.ip);
          const subscriptionId = nextSubscription++;
          if (client) client.user = { userId, subscriptionId };
          else client = o.streams.attach(socket, false, [], { userId, subscriptionId }, false);
          return reply(id, 200, { result: { subscriptionId } });
        }
        if (msg.method === 'userDataStream.unsubscribe') {
          if (client) client.user = undefined;
          return reply(id, 200, { result: {} });
        }
        throw new BinanceError(-1020, 'This operation is not supported.');
      } catch (err) {
        const e =
          err instanceof BinanceError ? err : err instanceof AppError ? fromAppError(err) : E.unknown();
        reply(id, e.status, { error: { code: e.code, msg: e.message } });
      }
    });
  });
}

/**
 * The user of a WebSocket API request signed as Binance signs them: every parameter but `signature`,
 * sorted by name, as `name=value&...`, HMAC-SHA256 with the key's secret.
 */
async function wsApiCaller(
  verifier: ApiKeyVerifier,
  params: Record<string, unknown>,
  ip: string,
): Promise<string> {
  const text = (name: string) => {
    const v = params[name];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  };
  const apiKey = text('apiKey');
  if (apiKey === undefined || !API_KEY_PATTERN.test(apiKey)) throw E.keyFormat();
  const timestamp = text('timestamp');
  if (timestamp === undefined) throw E.mandatory('timestamp');
  const signature = text('signature');
  if (signature === undefined) throw E.mandatory('signature');
  const recvWindow = text('recvWindow');
  const payload = Object.keys(params)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${text(k) ?? ''}`)
    .join('&');
  const p = await verifier.verify({
    apiKey,
    timestamp,
    recvWindow,
    signature,
    payload,
    ip,
    permission: 'read',
  });
  return p.userId.toString();
}
