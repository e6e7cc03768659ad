// The one shared public market websocket (spec section 4, docs/realtime.md): /ws/{random id}. Listeners
// subscribe per stream; the server subscription exists while at least one listener does. Subscriptions
// made before the socket is open are sent when it opens; after an error or close it reconnects after 3 s
// and re-sends every active subscription.
import { type DepthDiff, type DepthSnapshot, DepthSync } from '@coin/shared/depth-sync';

export type PublicStreamType =
  | 'DETAIL'
  | 'KLINE'
  | 'TRADE'
  | 'DEPTH'
  | 'ALL_DETAIL'
  | 'INDEX'
  | 'CONTRACT_KLINE'
  | 'MARK_KLINE';

/** Streams keyed by symbol and interval: spot K-lines and the contract last- and mark-price K-lines. */
const INTERVAL_TYPES: readonly PublicStreamType[] = ['KLINE', 'CONTRACT_KLINE', 'MARK_KLINE'];

export interface PublicSubscription {
  type: PublicStreamType;
  /** 'BTCUSDT' (other spellings such as 'BTC/USDT' are normalized the same way the server does). */
  symbol?: string;
  /** KLINE, CONTRACT_KLINE and MARK_KLINE: '1m' | '5m' | '15m' | '30m' | '1h' | '4h' | '1d' | '1w' | '1M'. */
  interval?: string;
}

/** A server data frame: `data` is the stream's payload (see docs/realtime.md). */
export interface PublicFrame {
  type: PublicStreamType;
  symbol?: string;
  interval?: string;
  data: unknown;
}

export type PublicStatus = 'connecting' | 'open' | 'closed';

export const RECONNECT_DELAY_MS = 3000;

/** The subset of the browser WebSocket this module uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface PublicWsOptions {
  url?: () => string;
  createSocket?: WebSocketFactory;
  reconnectDelayMs?: number;
}

const OPEN = 1;

export function normalizePublicSymbol(symbol: string): string {
  return symbol.replace(/[/_-]/g, '').toUpperCase();
}

function streamKeyOf(sub: PublicSubscription): string {
  const symbol = sub.symbol ? normalizePublicSymbol(sub.symbol) : '';
  if (sub.type === 'ALL_DETAIL') return 'ALL_DETAIL';
  if (INTERVAL_TYPES.includes(sub.type)) return `${sub.type}:${symbol}:${sub.interval ?? ''}`;
  return `${sub.type}:${symbol}`;
}

function frameKey(frame: PublicFrame): string {
  return streamKeyOf({ type: frame.type, symbol: frame.symbol, interval: frame.interval });
}

function randomClientId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function defaultUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws/${randomClientId()}`;
}

interface Stream {
  sub: PublicSubscription;
  listeners: Set<(frame: PublicFrame) => void>;
}

export interface PublicWs {
  subscribe(sub: PublicSubscription, listener: (frame: PublicFrame) => void): () => void;
  onStatus(listener: (status: PublicStatus) => void): () => void;
  /** Closes the socket and forgets every subscription (tests, teardown). */
  dispose(): void;
}

export function createPublicWs(options: PublicWsOptions = {}): PublicWs {
  const url = options.url ?? defaultUrl;
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as WebSocketLike);
  const delay = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const streams = new Map<string, Stream>();
  const statusListeners = new Set<(status: PublicStatus) => void>();
  let socket: WebSocketLike | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const setStatus = (status: PublicStatus) => {
    for (const listener of statusListeners) listener(status);
  };

  const subscribeMessage = (operation: 'subscribe' | 'unsubscribe', sub: PublicSubscription) => ({
    operation,
    type: sub.type,
    ...(sub.symbol ? { symbol: normalizePublicSymbol(sub.symbol) } : {}),
    ...(sub.interval ? { interval: sub.interval } : {}),
  });

  function scheduleReconnect() {
    if (disposed || reconnectTimer || streams.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      ensureSocket();
    }, delay);
  }

  function ensureSocket() {
    if (disposed || socket || reconnectTimer) return;
    const current = createSocket(url());
    socket = current;
    setStatus('connecting');
    current.onopen = () => {
      if (socket !== current) return;
      // The active subscriptions are the queue: those made before the socket opened are sent now, and
      // after a reconnect all of them again (the server knows nothing of this client any more).
      for (const stream of streams.values())
        current.send(JSON.stringify(subscribeMessage('subscribe', stream.sub)));
      setStatus('open');
    };
    current.onmessage = (event) => {
      if (socket !== current || typeof event.data !== 'string') return;
      let frame: PublicFrame;
      try {
        frame = JSON.parse(event.data) as PublicFrame;
      } catch {
        return;
      }
      if (!frame || typeof frame.type !== 'string' || !('data' in frame)) return;
      const stream = streams.get(frameKey(frame));
      if (stream) for (const listener of [...stream.listeners]) listener(frame);
    };
    const lost = () => {
      if (socket !== current) return;
      socket = undefined;
      current.onopen = current.onclose = current.onerror = current.onmessage = null;
      try {
        current.close();
      } catch {
        // Already closing.
      }
      setStatus('closed');
      scheduleReconnect();
    };
    current.onclose = lost;
    current.onerror = lost;
  }

  return {
    subscribe(sub, listener) {
      const key = streamKeyOf(sub);
      let stream = streams.get(key);
      if (!stream) {
        stream = { sub: { ...sub }, listeners: new Set() };
        streams.set(key, stream);
        // While the socket is not open, onopen sends it with the other active subscriptions.
        if (socket && socket.readyState === OPEN)
          socket.send(JSON.stringify(subscribeMessage('subscribe', sub)));
        else ensureSocket();
      }
      const entry = stream;
      const wrapped = (frame: PublicFrame) => listener(frame);
      entry.listeners.add(wrapped);
      return () => {
        if (!entry.listeners.delete(wrapped)) return;
        if (entry.listeners.size > 0 || streams.get(key) !== entry) return;
        streams.delete(key);
        if (socket && socket.readyState === OPEN)
          socket.send(JSON.stringify(subscribeMessage('unsubscribe', sub)));
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    dispose() {
      disposed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      streams.clear();
      const current = socket;
      socket = undefined;
      if (current) {
        current.onopen = current.onclose = current.onerror = current.onmessage = null;
        current.close();
      }
    },
  };
}

let shared: PublicWs | undefined;

function sharedWs(): PublicWs {
  shared ??= createPublicWs();
  return shared;
}

/** Subscribes to a public stream on the shared connection; returns the unsubscribe function. */
export function subscribePublic(sub: PublicSubscription, listener: (frame: PublicFrame) => void): () => void {
  return sharedWs().subscribe(sub, listener);
}

/** Connection state of the shared socket (a DEPTH consumer resyncs its book after 'open' following 'closed'). */
export function onPublicStatus(listener: (status: PublicStatus) => void): () => void {
  return sharedWs().onStatus(listener);
}

let lastStatus: PublicStatus = 'connecting';
let statusTracked = false;

/** Whether the shared socket is open now (a page polls what it would otherwise get pushed while it is not). */
export function publicSocketOpen(): boolean {
  if (!statusTracked) {
    statusTracked = true;
    sharedWs().onStatus((status) => {
      lastStatus = status;
    });
  }
  return lastStatus === 'open';
}

export interface WatchDepthOptions {
  /** Defaults to the shared connection. */
  ws?: PublicWs;
  /** Levels per side in the REST snapshot (server max 1000). */
  limit?: number;
  fetchSnapshot?: (symbol: string, limit: number) => Promise<DepthSnapshot>;
  /** Wait before fetching a snapshot again after a gap (avoids hammering the server). */
  retryMs?: number;
}

async function fetchDepthSnapshot(symbol: string, limit: number): Promise<DepthSnapshot> {
  const res = await fetch(`/api/mjkj-web/coin/open/depth/${encodeURIComponent(symbol)}?limit=${limit}`);
  if (!res.ok) throw new Error(`depth snapshot HTTP ${res.status}`);
  const body = (await res.json()) as { data: DepthSnapshot };
  return body.data;
}

/**
 * A live order book for `symbol`: DEPTH diffs joined to a REST snapshot with the shared DepthSync, a new
 * snapshot after a gap or a reconnect. `onChange` gets the DepthSync (read bidLevels()/askLevels()) after
 * every change; render from it at most once per animation frame. Returns the stop function.
 */
export function watchDepth(
  symbol: string,
  onChange: (book: DepthSync) => void,
  options: WatchDepthOptions = {},
): () => void {
  const ws = options.ws ?? sharedWs();
  const limit = options.limit ?? 100;
  const fetchSnapshot = options.fetchSnapshot ?? fetchDepthSnapshot;
  const retryMs = options.retryMs ?? 1000;
  const sync = new DepthSync();
  let stopped = false;
  let fetching = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const requestSnapshot = () => {
    if (stopped || fetching || retryTimer) return;
    fetching = true;
    fetchSnapshot(normalizePublicSymbol(symbol), limit).then(
      (snapshot) => {
        fetching = false;
        if (stopped) return;
        if (sync.onSnapshot(snapshot) === 'live') onChange(sync);
        else retryLater();
      },
      () => {
        fetching = false;
        retryLater();
      },
    );
  };
  const retryLater = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      requestSnapshot();
    }, retryMs);
  };

  const offStatus = ws.onStatus((status) => {
    // Diffs sent while disconnected are lost: start over once the subscription is back.
    if (status === 'closed') sync.reset();
    if (status === 'open' && sync.needsSnapshot()) requestSnapshot();
  });
  const offDepth = ws.subscribe({ type: 'DEPTH', symbol }, (frame) => {
    const result = sync.onDiff(frame.data as DepthDiff);
    if (result === 'applied') onChange(sync);
    else if (result === 'gap') {
      onChange(sync);
      requestSnapshot();
    }
  });
  requestSnapshot();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    offDepth();
    offStatus();
  };
}
