// Issues, resolves, refreshes and revokes sessions. Tokens are opaque and random; the database holds
// only their hashes. One live session per (principal, device): signing in again on a device replaces it.
//
// Session checks are served from memory (SessionCache; DESIGN section 8): SQL is read once per token,
// last-seen times are written in batches. Every revocation and rotation is published on the SessionSignal
// after its SQL change committed: the caches drop the sessions and realtime closes their sockets at once.
// Changes inside a caller's transaction therefore go through `sessions.transaction(...)`, which publishes
// after the commit (and nothing on a rollback).
import type { AppConfig } from '@/config';
import type { Db, Executor, Tx } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { hashToken, newToken } from '@/lib/tokens';
import { type CacheEntry, SessionCache, type SessionPrincipal, type SessionRefusal } from './session-cache';
import type { PrincipalType, RevokedSession, SessionRow } from './session-repository';
import * as repo from './session-repository';
import {
  InProcessSessionSignal,
  type SessionSignal,
  type SessionSignalEvent,
  type SessionSignalListener,
} from './session-signal';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** Client-chosen stable id of the device; absent means "this user agent". */
  deviceId?: string | undefined;
}

export interface IssuedTokens {
  satoken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
  sessionId: bigint;
}

/** A short readable device name from the user agent, e.g. "Chrome on Windows". */
export function deviceNameFrom(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : undefined;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (userAgent.slice(0, 60) || 'Unknown device');
}

export function deviceKeyFrom(client: ClientInfo): string {
  return client.deviceId ? `id:${client.deviceId}` : `ua:${hashToken(client.userAgent)}`;
}

export interface SessionServiceOptions {
  /** Where revocations and rotations are announced; default: in this process only. */
  signal?: SessionSignal;
  /** Most tokens kept in memory (live sessions and refused tokens); default SESSION_CACHE_MAX. */
  cacheMax?: number;
  /** A cached token is re-read from SQL after this long (safety net for a missed signal). */
  cacheTtlMs?: number;
  /** How often pending last-seen times are written. */
  touchFlushMs?: number;
  onError?(err: unknown, context: string): void;
}

/** Last-seen is kept to the minute: a session seen within a minute is not marked again. */
const TOUCH_RESOLUTION_MS = 60_000;
const TOUCH_BATCH = 500;
const PRUNE_EVERY_MS = 3_600_000;

function principalTypeOf(value: string): PrincipalType | undefined {
  return value === 'user' || value === 'operator' ? value : undefined;
}

function toPrincipal(row: SessionRow): SessionPrincipal | undefined {
  const principalType = principalTypeOf(row.principalType);
  if (!principalType) return undefined;
  return {
    id: row.id,
    principalType,
    principalId: row.principalId,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
  };
}

/** How many recent tokens' hashes are remembered (SessionService.hashOf). */
const TOKEN_HASHES_KEPT = 10_000;

export class SessionService {
  private readonly cache: SessionCache;
  private readonly signal: SessionSignal;
  /** Session id -> last-seen time not yet written. */
  private readonly pendingTouches = new Map<bigint, Date>();
  /** Events of changes made in an open `transaction(...)`, published after its commit. */
  private readonly pendingEvents = new WeakMap<Tx, SessionSignalEvent[]>();
  private readonly flushTimer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly onError: (err: unknown, context: string) => void;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    options: SessionServiceOptions = {},
  ) {
    this.onError = options.onError ?? (() => {});
    this.signal =
      options.signal ?? new InProcessSessionSignal((err) => this.onError(err, 'session signal listener'));
    this.cache = new SessionCache({
      max: options.cacheMax ?? config.SESSION_CACHE_MAX,
      ttlMs: options.cacheTtlMs ?? 300_000,
      now: () => this.clock.now().getTime(),
    });
    // Every process drops what the signal names, whoever made the change.
    this.unsubscribe = this.signal.subscribe((event) => this.forget(event));
    this.flushTimer = setInterval(() => void this.flushTouches(), options.touchFlushMs ?? 30_000);
    this.flushTimer.unref();
  }

  /** Revocations and rotations (after commit), e.g. for realtime to close the sockets of revoked sessions. */
  onSessionChange(listener: SessionSignalListener): () => void {
    return this.signal.subscribe(listener);
  }

  /**
   * Runs `work` in one SQL transaction. Sessions it revokes (issue, revoke, revokeOthers with `tx`) are
   * announced after the commit; a rollback announces nothing.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const events: SessionSignalEvent[] = [];
    const result = await this.db.transaction(async (tx) => {
      this.pendingEvents.set(tx, events);
      try {
        return await work(tx);
      } finally {
        this.pendingEvents.delete(tx);
      }
    });
    for (const event of events) this.signal.publish(event);
    return result;
  }

  async issue(
    principalType: PrincipalType,
    principalId: bigint,
    client: ClientInfo,
    db: Executor = this.db,
  ): Promise<IssuedTokens> {
    const now = this.clock.now();
    const deviceKey = deviceKeyFrom(client);
    const replaced = await repo.revokeLive(db, principalType, principalId, now, 'replaced', { deviceKey });
    this.announce(db, 'revoked', replaced, 'replaced');
    const satoken = newToken();
    const refreshToken = newToken();
    const row = await repo.insertSession(db, {
      principalType,
      principalId,
      deviceKey,
      deviceName: deviceNameFrom(client.userAgent),
      tokenHash: hashToken(satoken),
      refreshHash: hashToken(refreshToken),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshExpiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return {
      satoken,
      refreshToken,
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
      refreshExpiresIn: this.config.REFRESH_TOKEN_TTL_SECONDS,
      sessionId: row.id,
    };
  }

  /**
   * Token -> its SHA-256, for the tokens of recent requests: a client sends the same token on every call,
   * and hashing it each time was a visible part of an order's cost on the request thread. Bounded (cleared
   * when full); only a cache of the hash function, so it never decides whether a session is live.
   */
  private readonly tokenHashes = new Map<string, string>();

  private hashOf(token: string): string {
    let hash = this.tokenHashes.get(token);
    if (hash === undefined) {
      hash = hashToken(token);
      // Tokens are 43 characters; anything much longer is not one of ours and is not kept.
      if (token.length > 128) return hash;
      if (this.tokenHashes.size >= TOKEN_HASHES_KEPT) this.tokenHashes.clear();
      this.tokenHashes.set(token, hash);
    }
    return hash;
  }

  /** The live session behind a token, or the precise 401 reason. SQL only on the token's first use. */
  async resolve(token: string | undefined, principalType: PrincipalType): Promise<SessionPrincipal> {
    if (!token) throw new AppError('AUTH_REQUIRED');
    const tokenHash = this.hashOf(token);
    const now = this.clock.now();
    const entry = this.cache.get(tokenHash) ?? (await this.load(tokenHash, now));
    if ('refusal' in entry) throw new AppError(entry.refusal);
    const session = entry.session;
    if (session.principalType !== principalType) throw new AppError('AUTH_TOKEN_INVALID');
    if (session.expiresAt.getTime() <= now.getTime()) {
      this.cache.putRefusal(tokenHash, 'AUTH_TOKEN_EXPIRED');
      throw new AppError('AUTH_TOKEN_EXPIRED');
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_RESOLUTION_MS) {
      session.lastSeenAt = now;
      this.pendingTouches.set(session.id, now);
    }
    return session;
  }

  /** The principal behind a token if it is a live session of that type, else undefined; never throws. */
  async peek(token: string | undefined, principalType: PrincipalType): Promise<SessionPrincipal | undefined> {
    return this.resolve(token, principalType).catch(() => undefined);
  }

  /** Whether a session (by id) is live now: not revoked, its current access token not expired. */
  async isLive(sessionId: bigint): Promise<boolean> {
    const now = this.clock.now();
    let session = this.cache.session(sessionId);
    if (!session) {
      const mark = this.cache.mark();
      const row = await repo.findById(this.db, sessionId);
      if (!row || row.revokedAt) return false;
      session = toPrincipal(row);
      if (session) this.cache.putLive(row.tokenHash, session, mark);
    }
    return session !== undefined && session.expiresAt.getTime() > now.getTime();
  }

  /**
   * Rotates both tokens of a session of `principalType`; a refresh token works once (its hash is
   * replaced, conditionally, so two concurrent uses cannot both succeed). Presenting a refresh token that
   * an earlier rotation retired is reuse: the session it belongs to is revoked (with its current tokens).
   */
  async refresh(
    refreshToken: string,
    principalType: PrincipalType,
  ): Promise<IssuedTokens & { principalId: bigint }> {
    const refreshHash = hashToken(refreshToken);
    const row = await repo.findByRefreshHash(this.db, refreshHash);
    const now = this.clock.now();
    if (!row) {
      const retired = await repo.findRetiredRefresh(this.db, refreshHash);
      // Within the grace period the token was just rotated by a concurrent refresh of the same client
      // (another tab of the browser): refused, but not treated as theft. Later it is reuse.
      const grace = this.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (retired !== undefined && now.getTime() - retired.retiredAt.getTime() >= grace) {
        await this.revoke(retired.sessionId, 'refresh_reused');
      }
      throw new AppError('AUTH_REFRESH_INVALID');
    }
    if (
      row.principalType !== principalType ||
      row.revokedAt ||
      row.refreshExpiresAt.getTime() <= now.getTime()
    ) {
      throw new AppError('AUTH_REFRESH_INVALID');
    }
    const satoken = newToken();
    const nextRefresh = newToken();
    const rotated = await this.db.transaction(async (tx) => {
      const won = await repo.rotateTokens(tx, row.id, refreshHash, {
        tokenHash: hashToken(satoken),
        refreshHash: hashToken(nextRefresh),
        expiresAt: new Date(now.getTime() + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000),
        refreshExpiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
        lastSeenAt: now,
      });
      if (won) await repo.retireRefresh(tx, refreshHash, row.id, now);
      return won;
    });
    // Lost to a concurrent use of the same token (both found it current): a plain refusal, not reuse.
    if (!rotated) throw new AppError('AUTH_REFRESH_INVALID');
    this.announce(this.db, 'rotated', [row], 'refreshed');
    await this.pruneRetired(now);
    return {
      satoken,
      refreshToken: nextRefresh,
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
      refreshExpiresIn: this.config.REFRESH_TOKEN_TTL_SECONDS,
      sessionId: row.id,
      principalId: row.principalId,
    };
  }

  async revoke(id: bigint, reason: string, db: Executor = this.db): Promise<void> {
    const revoked = await repo.revokeSession(db, id, this.clock.now(), reason);
    this.announce(db, 'revoked', revoked, reason);
  }

  async revokeOthers(
    principalType: PrincipalType,
    principalId: bigint,
    keepId: bigint | undefined,
    reason: string,
    db: Executor = this.db,
  ): Promise<void> {
    const revoked = await repo.revokeLive(db, principalType, principalId, this.clock.now(), reason, {
      keepId,
    });
    this.announce(db, 'revoked', revoked, reason);
  }

  /** The principal's live sessions, most recently seen first (last-seen times not yet written included). */
  async listLive(principalType: PrincipalType, principalId: bigint): Promise<SessionRow[]> {
    const rows = await repo.listLive(this.db, principalType, principalId);
    return rows
      .map((row) => {
        const seen = this.pendingTouches.get(row.id);
        return seen && seen > row.lastSeenAt ? { ...row, lastSeenAt: seen } : row;
      })
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** Writes pending last-seen times (a timer does this; also on close). */
  async flushTouches(): Promise<void> {
    if (this.pendingTouches.size === 0) return;
    const seen = [...this.pendingTouches].map(([id, at]) => ({ id, at }));
    this.pendingTouches.clear();
    try {
      for (let i = 0; i < seen.length; i += TOUCH_BATCH) {
        await repo.touchSessions(this.db, seen.slice(i, i + TOUCH_BATCH));
      }
    } catch (err) {
      // Kept for the next flush unless a newer time arrived meanwhile.
      for (const { id, at } of seen) if (!this.pendingTouches.has(id)) this.pendingTouches.set(id, at);
      this.onError(err, 'session last-seen flush');
    }
  }

  /** Number of tokens in memory (tests, metrics). */
  cacheSize(): number {
    return this.cache.size;
  }

  async close(): Promise<void> {
    clearInterval(this.flushTimer);
    this.unsubscribe();
    await this.flushTouches();
  }

  private async load(tokenHash: string, now: Date): Promise<CacheEntry> {
    const mark = this.cache.mark();
    const row = await repo.findByTokenHash(this.db, tokenHash);
    const session = row ? toPrincipal(row) : undefined;
    let refusal: SessionRefusal | undefined;
    if (!row || !session) refusal = 'AUTH_TOKEN_INVALID';
    else if (row.revokedAt) refusal = 'AUTH_TOKEN_REVOKED';
    else if (session.expiresAt.getTime() <= now.getTime()) refusal = 'AUTH_TOKEN_EXPIRED';
    if (refusal !== undefined || !session) {
      // Each refusal is final for this token hash, so it is cached like a live session.
      const entry = { refusal: refusal ?? 'AUTH_TOKEN_INVALID' };
      this.cache.putRefusal(tokenHash, entry.refusal);
      return entry;
    }
    this.cache.putLive(tokenHash, session, mark);
    return { session };
  }

  /** Publishes now, or after the commit when `db` is a transaction opened by `transaction(...)`. */
  private announce(
    db: Executor,
    kind: SessionSignalEvent['kind'],
    sessions: readonly RevokedSession[],
    reason: string,
  ): void {
    const events = groupByPrincipal(kind, sessions, reason);
    if (events.length === 0) return;
    if (db === this.db) {
      for (const event of events) this.signal.publish(event);
      return;
    }
    const pending = this.pendingEvents.get(db as Tx);
    // Publishing before the commit could let a concurrent read re-cache the old state; publishing
    // without one could announce a rolled-back change. Throwing rolls the caller's transaction back.
    if (!pending) throw new Error('session changes in a transaction must run in sessions.transaction()');
    pending.push(...events);
  }

  private forget(event: SessionSignalEvent): void {
    const ids = event.sessionIds.map((id) => BigInt(id));
    if (event.kind === 'revoked') {
      this.cache.evictSessions(ids, 'AUTH_TOKEN_REVOKED');
      for (const id of ids) this.pendingTouches.delete(id);
    } else {
      this.cache.evictSessions(ids, 'AUTH_TOKEN_INVALID');
    }
  }

  private async pruneRetired(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    const before = new Date(now.getTime() - this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
    await repo.pruneRetiredRefresh(this.db, before);
  }
}

function groupByPrincipal(
  kind: SessionSignalEvent['kind'],
  sessions: readonly RevokedSession[],
  reason: string,
): SessionSignalEvent[] {
  const byPrincipal = new Map<string, SessionSignalEvent>();
  for (const s of sessions) {
    const principalType = principalTypeOf(s.principalType);
    if (!principalType) continue;
    const key = `${principalType}:${s.principalId}`;
    let event = byPrincipal.get(key);
    if (!event) {
      event = { kind, principalType, principalId: s.principalId.toString(), sessionIds: [], reason };
      byPrincipal.set(key, event);
    }
    event.sessionIds.push(s.id.toString());
  }
  return [...byPrincipal.values()];
}
