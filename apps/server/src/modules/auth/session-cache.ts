// Live sessions in memory, so a session check never waits on SQL (DESIGN section 8): token hash ->
// the session (or the permanent refusal of a dead token), bounded (least recently used entries go) and
// re-read from SQL after `ttlMs` as a safety net for a change signal this process might have missed.
//
// Staleness rule: a session is dropped (evictSessions) after its revocation or rotation has committed.
// A SQL read that started before such a drop may carry the old state, so loads take a `mark()` first and
// are only cached if no drop happened in between (`putLive` checks the mark).
import { LRUCache } from 'lru-cache';
import type { PrincipalType } from './session-repository';

/** A live session as the auth layer keeps it. */
export interface SessionPrincipal {
  id: bigint;
  principalType: PrincipalType;
  principalId: bigint;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** Why a token is refused; each is permanent for its token hash (rotation and login mint new ones). */
export type SessionRefusal = 'AUTH_TOKEN_INVALID' | 'AUTH_TOKEN_REVOKED' | 'AUTH_TOKEN_EXPIRED';

export type CacheEntry = { session: SessionPrincipal } | { refusal: SessionRefusal };

export interface SessionCacheOptions {
  max: number;
  ttlMs: number;
  now(): number;
}

export class SessionCache {
  private readonly byToken: LRUCache<string, CacheEntry>;
  /** Session id -> token hash of its live entry, to drop sessions by id (the signal carries ids only). */
  private readonly tokenOf = new Map<bigint, string>();
  private generation = 0;

  constructor(options: SessionCacheOptions) {
    this.byToken = new LRUCache<string, CacheEntry>({
      max: Math.max(1, options.max),
      ttl: options.ttlMs,
      // The service's clock, read on every check (no cached time), so tests can move it.
      perf: { now: options.now },
      ttlResolution: 0,
      dispose: (entry, tokenHash) => {
        if ('session' in entry && this.tokenOf.get(entry.session.id) === tokenHash) {
          this.tokenOf.delete(entry.session.id);
        }
      },
    });
  }

  get size(): number {
    return this.byToken.size;
  }

  get(tokenHash: string): CacheEntry | undefined {
    return this.byToken.get(tokenHash);
  }

  /** The live session with this id, if cached. */
  session(id: bigint): SessionPrincipal | undefined {
    const tokenHash = this.tokenOf.get(id);
    const entry = tokenHash === undefined ? undefined : this.byToken.get(tokenHash);
    return entry && 'session' in entry ? entry.session : undefined;
  }

  /** Take before a SQL read whose result will be cached with putLive. */
  mark(): number {
    return this.generation;
  }

  /** Caches a live session read from SQL, unless a drop happened since `mark` (the read may be stale). */
  putLive(tokenHash: string, session: SessionPrincipal, mark: number): void {
    if (mark !== this.generation) return;
    // A session has one access token at a time: a cached other one predates a rotation.
    const previous = this.tokenOf.get(session.id);
    if (previous !== undefined && previous !== tokenHash) {
      this.byToken.set(previous, { refusal: 'AUTH_TOKEN_INVALID' });
    }
    this.byToken.set(tokenHash, { session });
    this.tokenOf.set(session.id, tokenHash);
  }

  putRefusal(tokenHash: string, refusal: SessionRefusal): void {
    this.byToken.set(tokenHash, { refusal });
  }

  /**
   * Drops sessions by id. Their cached token becomes `refusal` (revoked: AUTH_TOKEN_REVOKED; rotated: the old
   * token is simply unknown now, AUTH_TOKEN_INVALID), so the next request is refused without SQL.
   */
  evictSessions(ids: Iterable<bigint>, refusal: SessionRefusal): void {
    this.generation += 1;
    for (const id of ids) {
      const tokenHash = this.tokenOf.get(id);
      if (tokenHash === undefined) continue;
      this.tokenOf.delete(id);
      this.byToken.set(tokenHash, { refusal });
    }
  }

  clear(): void {
    this.generation += 1;
    this.byToken.clear();
    this.tokenOf.clear();
  }
}
