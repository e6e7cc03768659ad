// Private per-user websockets (/ws/coin/{userId}). The token was checked before the upgrade; here the
// hub keeps liveness (HEARTBEAT out, PING/pong in) and fans a user's events out to all of that user's
// sockets with one serialization. Each socket belongs to one session: a revocation closes that session's
// sockets at once (closeSessions, driven by the session signal); a periodic re-check catches expiry.
import type { WebSocket } from 'ws';

export const PRIVATE_EVENT_TYPES = [
  'USER_STATUS',
  'OWNCOIN',
  'ORDER',
  'SETTLEMENT',
  'POSITION',
  'CHAT',
  /** OTC order and appeal changes (modules/otc/otc-live.ts). */
  'OTC',
  /** Spot margin: the level fell below the call level, or the account was liquidated (docs/margin.md). */
  'MARGIN_CALL',
] as const;
export type PrivateEventType = (typeof PRIVATE_EVENT_TYPES)[number];

/** The session behind the socket is gone (revoked, expired): the client must sign in again. */
export const CLOSE_SESSION_ENDED = 4401;

export interface PrivateHubOptions {
  /** Server HEARTBEAT period. */
  heartbeatMs: number;
  /** Sockets silent (no message, no pong) for this long are terminated. */
  idleMs: number;
  /** Session re-check period. */
  sessionCheckMs: number;
  /** Whether the session (by id) is still live; a refresh keeps it live, a revocation or expiry does not. */
  isSessionLive(sessionId: bigint): Promise<boolean>;
  now(): number;
}

interface PrivateConnection {
  socket: WebSocket;
  userId: string;
  sessionId: bigint;
  lastSeen: number;
  lastSessionCheck: number;
}

export class PrivateHub {
  private readonly byUser = new Map<string, Set<PrivateConnection>>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: PrivateHubOptions) {
    this.timer = setInterval(() => this.tick(), options.heartbeatMs);
    this.timer.unref();
  }

  connectionCount(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  attach(socket: WebSocket, userId: string, sessionId: bigint): void {
    const now = this.options.now();
    const connection: PrivateConnection = {
      socket,
      userId,
      sessionId,
      lastSeen: now,
      lastSessionCheck: now,
    };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(connection);
    socket.on('pong', () => {
      connection.lastSeen = this.options.now();
    });
    socket.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on('close', () => this.detach(connection));
  }

  /** Whether the user has a socket here. */
  has(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /** Sends one event to every socket of the user; returns how many sockets got it. */
  publish(userId: string, type: PrivateEventType, data: unknown): number {
    return this.publishRaw(userId, Buffer.from(JSON.stringify({ type, data })));
  }

  /** As publish, with the frame already serialized (shared with the MQTT publish). */
  publishRaw(userId: string, buffer: Buffer): number {
    const set = this.byUser.get(userId);
    if (!set || set.size === 0) return 0;
    let sent = 0;
    for (const connection of set) {
      if (connection.socket.readyState !== connection.socket.OPEN) continue;
      connection.socket.send(buffer, { binary: false });
      sent += 1;
    }
    return sent;
  }

  /** Closes (4401) the user's sockets that belong to these sessions; returns how many. */
  closeSessions(userId: string, sessionIds: ReadonlySet<bigint>): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    let closed = 0;
    for (const connection of [...set]) {
      if (!sessionIds.has(connection.sessionId)) continue;
      // Detached now, not on the close handshake: no event may reach a revoked session's socket.
      this.detach(connection);
      connection.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      closed += 1;
    }
    return closed;
  }

  close(): void {
    clearInterval(this.timer);
    for (const set of this.byUser.values()) for (const c of set) c.socket.terminate();
    this.byUser.clear();
  }

  private detach(connection: PrivateConnection): void {
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  private send(connection: PrivateConnection, frame: unknown): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  }

  private onMessage(connection: PrivateConnection, data: unknown, isBinary: boolean): void {
    connection.lastSeen = this.options.now();
    let message: unknown;
    try {
      if (isBinary) throw new Error('binary');
      message = JSON.parse(String(data));
    } catch {
      message = undefined;
    }
    const type =
      typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
    if (type === 'HEARTBEAT') {
      // Spec: the client's heartbeat is answered with a ping (both a ping frame and a JSON PING).
      connection.socket.ping();
      this.send(connection, { type: 'PING', time: this.options.now() });
      return;
    }
    if (type === 'PING') return;
    this.send(connection, {
      type: 'ERROR',
      code: 'WS_BAD_MESSAGE',
      msg: 'expected {"type":"HEARTBEAT"} or {"type":"PING"}',
    });
  }

  private tick(): void {
    const now = this.options.now();
    for (const set of this.byUser.values()) {
      for (const connection of set) {
        if (now - connection.lastSeen > this.options.idleMs) {
          connection.socket.terminate();
          continue;
        }
        this.send(connection, { type: 'HEARTBEAT', time: now });
        connection.socket.ping();
        if (now - connection.lastSessionCheck >= this.options.sessionCheckMs) {
          connection.lastSessionCheck = now;
          this.options.isSessionLive(connection.sessionId).then(
            (live) => {
              if (!live) this.closeSessions(connection.userId, new Set([connection.sessionId]));
            },
            () => {
              // The check itself failed (database unavailable): keep the socket, try again next period.
            },
          );
        }
      }
    }
  }
}
