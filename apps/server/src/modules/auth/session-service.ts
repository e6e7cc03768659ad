// Issues, resolves, refreshes and revokes sessions. Tokens are opaque and random; the database holds
// only their hashes. One live session per (principal, device): signing in again on a device replaces it.
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { hashToken, newToken } from '@/lib/tokens';
import type { PrincipalType, SessionRow } from './session-repository';
import * as repo from './session-repository';

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

export class SessionService {
  constructor(
    private readonly db: Executor,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async issue(
    principalType: PrincipalType,
    principalId: bigint,
    client: ClientInfo,
    db: Executor = this.db,
  ): Promise<IssuedTokens> {
    const now = this.clock.now();
    const deviceKey = deviceKeyFrom(client);
    await repo.revokeLive(db, principalType, principalId, now, 'replaced', { deviceKey });
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

  /** The live session behind a token, or the precise 401 reason. */
  async resolve(token: string | undefined, principalType: PrincipalType): Promise<SessionRow> {
    if (!token) throw new AppError('AUTH_REQUIRED');
    const row = await repo.findByTokenHash(this.db, hashToken(token));
    if (!row || row.principalType !== principalType) throw new AppError('AUTH_TOKEN_INVALID');
    if (row.revokedAt) throw new AppError('AUTH_TOKEN_REVOKED');
    const now = this.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('AUTH_TOKEN_EXPIRED');
    // Last-seen is kept to the minute to avoid a write per request.
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await repo.touchSession(this.db, row.id, now);
    return row;
  }

  /**
   * Rotates both tokens of a session of `principalType`; a refresh token works once (its hash is
   * replaced, conditionally, so two concurrent uses cannot both succeed).
   */
  async refresh(
    refreshToken: string,
    principalType: PrincipalType,
  ): Promise<IssuedTokens & { principalId: bigint }> {
    const refreshHash = hashToken(refreshToken);
    const row = await repo.findByRefreshHash(this.db, refreshHash);
    const now = this.clock.now();
    if (
      !row ||
      row.principalType !== principalType ||
      row.revokedAt ||
      row.refreshExpiresAt.getTime() <= now.getTime()
    ) {
      throw new AppError('AUTH_REFRESH_INVALID');
    }
    const satoken = newToken();
    const nextRefresh = newToken();
    const rotated = await repo.rotateTokens(this.db, row.id, refreshHash, {
      tokenHash: hashToken(satoken),
      refreshHash: hashToken(nextRefresh),
      expiresAt: new Date(now.getTime() + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshExpiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
      lastSeenAt: now,
    });
    if (!rotated) throw new AppError('AUTH_REFRESH_INVALID');
    return {
      satoken,
      refreshToken: nextRefresh,
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
      refreshExpiresIn: this.config.REFRESH_TOKEN_TTL_SECONDS,
      sessionId: row.id,
      principalId: row.principalId,
    };
  }

  revoke(id: bigint, reason: string, db: Executor = this.db): Promise<void> {
    return repo.revokeSession(db, id, this.clock.now(), reason);
  }

  revokeOthers(
    principalType: PrincipalType,
    principalId: bigint,
    keepId: bigint | undefined,
    reason: string,
    db: Executor = this.db,
  ): Promise<void> {
    return repo.revokeLive(db, principalType, principalId, this.clock.now(), reason, { keepId });
  }
}
