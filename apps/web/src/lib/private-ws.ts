// The signed-in user's private websocket (spec sections 3 and 4, docs/realtime.md): /ws/coin/{userId},
// the session token offered as the second websocket subprotocol (browsers cannot set headers on a
// websocket, and a subprotocol keeps the token out of URLs and logs). Opened on login, closed on logout.
// Answers the server's HEARTBEAT with PING and sends its own HEARTBEAT periodically; reconnects after 3 s
// unless the server ended the session (4401/4403) or the channel was stopped.
import type { WebSocketLike } from './public-ws';

export type PrivateEventType =
  | 'USER_STATUS'
  | 'OWNCOIN'
  | 'ORDER'
  | 'SETTLEMENT'
  | 'POSITION'
  | 'HEARTBEAT'
  | 'CHAT'
  | 'OTC';

/** OWNCOIN data: the new absolute balance of one asset in one account. */
export interface OwnCoinEvent {
  userId: string;
  asset: string;
  accountType: 'spot' | 'contract' | 'finance' | 'merchant';
  /** Wire code: '1' spot, '2' contract, '3' finance, '8' merchant. */
  accountTypeCode: string;
  available: string;
  frozen: string;
  seq: number;
}

export interface UserStatusEvent {
  userId: string;
  status: string;
  isMerchant: number;
  time: number;
}

export const AUTH_SUBPROTOCOL = 'coin-auth';
export const PRIVATE_RECONNECT_DELAY_MS = 3000;
export const CLIENT_HEARTBEAT_MS = 20_000;
/** Close codes after which reconnecting with the same token is pointless. */
const SESSION_ENDED_CODES = new Set([4401, 4403]);

export type PrivateSocketFactory = (url: string, protocols: string[]) => WebSocketLike;

export interface PrivateChannelOptions {
  createSocket?: PrivateSocketFactory;
  baseUrl?: () => string;
  reconnectDelayMs?: number;
  heartbeatMs?: number;
}

function defaultBaseUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

const OPEN = 1;

export interface PrivateChannel {
  start(userId: string, token: string): void;
  stop(): void;
  on(type: PrivateEventType, listener: (data: unknown) => void): () => void;
  isActive(): boolean;
  /** The socket is open now (pushes arrive); false while connecting or waiting to reconnect. */
  isConnected(): boolean;
}

export function createPrivateChannel(options: PrivateChannelOptions = {}): PrivateChannel {
  const createSocket =
    options.createSocket ??
    ((url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as WebSocketLike);
  const baseUrl = options.baseUrl ?? defaultBaseUrl;
  const reconnectDelay = options.reconnectDelayMs ?? PRIVATE_RECONNECT_DELAY_MS;
  const heartbeatMs = options.heartbeatMs ?? CLIENT_HEARTBEAT_MS;
  const listeners = new Map<PrivateEventType, Set<(data: unknown) => void>>();
  let target: { userId: string; token: string } | undefined;
  let socket: WebSocketLike | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  const emit = (type: PrivateEventType, data: unknown) => {
    for (const listener of [...(listeners.get(type) ?? [])]) listener(data);
  };

  const teardown = () => {
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const current = socket;
    socket = undefined;
    if (current) {
      current.onopen = current.onclose = current.onerror = current.onmessage = null;
      try {
        current.close();
      } catch {
        // Already closing.
      }
    }
  };

  function connect() {
    const t = target;
    if (!t) return;
    const current = createSocket(`${baseUrl()}/ws/coin/${encodeURIComponent(t.userId)}`, [
      AUTH_SUBPROTOCOL,
      t.token,
    ]);
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      heartbeatTimer = setInterval(() => {
        if (current.readyState === OPEN) current.send(JSON.stringify({ type: 'HEARTBEAT' }));
      }, heartbeatMs);
    };
    current.onmessage = (event) => {
      if (socket !== current || typeof event.data !== 'string') return;
      let frame: { type?: unknown; data?: unknown; time?: unknown };
      try {
        frame = JSON.parse(event.data) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'HEARTBEAT') {
        current.send(JSON.stringify({ type: 'PING' }));
        emit('HEARTBEAT', { time: frame.time });
        return;
      }
      if (
        frame.type === 'USER_STATUS' ||
        frame.type === 'OWNCOIN' ||
        frame.type === 'ORDER' ||
        frame.type === 'SETTLEMENT' ||
        frame.type === 'POSITION' ||
        frame.type === 'CHAT' ||
        frame.type === 'OTC'
      ) {
        emit(frame.type, frame.data);
      }
    };
    const lost = (ev: unknown) => {
      if (socket !== current) return;
      const code = (ev as { code?: number } | undefined)?.code;
      teardown();
      // A refused upgrade is invisible to browsers (1006); a dead token is caught by the HTTP client's 401
      // handling, which logs out and so stops this channel.
      if (!target || (code !== undefined && SESSION_ENDED_CODES.has(code))) return;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        connect();
      }, reconnectDelay);
    };
    current.onclose = lost;
    current.onerror = lost;
  }

  return {
    start(userId, token) {
      teardown();
      target = { userId, token };
      connect();
    },
    stop() {
      target = undefined;
      teardown();
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    isActive: () => target !== undefined,
    isConnected: () => socket?.readyState === OPEN,
  };
}

const shared = createPrivateChannel();

/** Opens (or replaces) the private channel of the signed-in user. */
export function startPrivateChannel(userId: string, token: string): void {
  shared.start(userId, token);
}

/** Closes the private channel and stops reconnecting (logout). */
export function stopPrivateChannel(): void {
  shared.stop();
}

/** Whether the shared private channel's socket is open (pages poll faster while it is not). */
export function privateChannelConnected(): boolean {
  return shared.isConnected();
}

export function onPrivateEvent(type: 'OWNCOIN', listener: (data: OwnCoinEvent) => void): () => void;
export function onPrivateEvent(type: 'USER_STATUS', listener: (data: UserStatusEvent) => void): () => void;
export function onPrivateEvent(type: PrivateEventType, listener: (data: unknown) => void): () => void;
export function onPrivateEvent(type: PrivateEventType, listener: (data: never) => void): () => void {
  return shared.on(type, listener as (data: unknown) => void);
}

interface SessionLike {
  isLogin: boolean;
  token: string;
  userInfo: { id: string } | null;
}

/**
 * Keeps the shared channel in step with the session store: open while signed in, reopened with the new
 * token after a refresh (the old one is revoked), closed on logout. Call once at start-up.
 */
export function followSession(store: {
  getState(): SessionLike;
  subscribe(listener: (state: SessionLike) => void): () => void;
}): () => void {
  let current = '';
  const apply = (state: SessionLike) => {
    const userId = state.userInfo?.id ?? '';
    const next = state.isLogin && state.token && userId ? `${userId}\n${state.token}` : '';
    if (next === current) return;
    current = next;
    if (next && state.userInfo) startPrivateChannel(state.userInfo.id, state.token);
    else stopPrivateChannel();
  };
  apply(store.getState());
  return store.subscribe(apply);
}
