// Signed API-key requests (docs/api-keys.md). The check is split so a second signing scheme can reuse it:
// a scheme turns a request into `SignedRequest` (which key, which timestamp, which text was signed, which
// signature), and `ApiKeyVerifier` checks key, receive window, HMAC-SHA256, IP allowlist, permission and
// replay. Our scheme (`fromHeaders`): headers X-API-KEY, X-API-TIMESTAMP (ms), X-API-SIGNATURE (hex) and
// optionally X-API-RECV-WINDOW (ms, default 5000, at most 60000); the signed text is
// timestamp + METHOD + path with query string + raw body. A Binance-compatible scheme (issue 20) would
// read X-MBX-APIKEY and sign the query string and body, with timestamp and recvWindow as parameters.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiKeyPermission } from '@coin/shared/security-schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { SessionPrincipal } from '@/modules/auth/session-cache';
import { type ApiKeyStore, ipAllowed } from './api-key-store';

export const DEFAULT_RECV_WINDOW_MS = 5_000;
export const MAX_RECV_WINDOW_MS = 60_000;
/** A client clock this far ahead of ours is still accepted. */
const FUTURE_SKEW_MS = 1_000;

export const API_KEY_HEADER = 'x-api-key';
export const API_TIMESTAMP_HEADER = 'x-api-timestamp';
export const API_SIGNATURE_HEADER = 'x-api-signature';
export const API_RECV_WINDOW_HEADER = 'x-api-recv-window';
/** The header of the later Binance-compatible scheme; requests carrying it are API-key requests too. */
export const MBX_API_KEY_HEADER = 'x-mbx-apikey';

export interface SignedRequest {
  apiKey: string;
  /** Milliseconds since the epoch as sent (a decimal string). */
  timestamp: string | undefined;
  recvWindow: string | undefined;
  /** Hex HMAC-SHA256 of `payload` under the key's secret. */
  signature: string | undefined;
  payload: string;
  ip: string;
  permission: ApiKeyPermission;
}

export interface ApiKeyPrincipal {
  userId: bigint;
  keyId: bigint;
  /** The key's permissions (the Binance-compatible account read reports them). */
  canRead?: boolean;
  canTrade?: boolean;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Whether a request presents an API key (of any scheme) rather than a session token. */
export function isApiKeyRequest(request: FastifyRequest): boolean {
  return header(request, API_KEY_HEADER) !== undefined || header(request, MBX_API_KEY_HEADER) !== undefined;
}

/** Our scheme: the signed text is timestamp + METHOD + path (with query) + raw body. */
export function fromHeaders(
  request: FastifyRequest,
  rawBody: string,
  permission: ApiKeyPermission,
): SignedRequest {
  const timestamp = header(request, API_TIMESTAMP_HEADER);
  return {
    apiKey: header(request, API_KEY_HEADER) ?? '',
    timestamp,
    recvWindow: header(request, API_RECV_WINDOW_HEADER),
    signature: header(request, API_SIGNATURE_HEADER),
    payload: `${timestamp ?? ''}${request.method.toUpperCase()}${request.url}${rawBody}`,
    ip: request.ip,
    permission,
  };
}

/** The text a client signs in our scheme (also used by the documented example client and the tests). */
export function signaturePayload(
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  return `${timestamp}${method.toUpperCase()}${pathWithQuery}${body}`;
}

export function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export class ApiKeyVerifier {
  /** Signatures accepted within their receive window, so the same signed request works only once. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly store: ApiKeyStore,
    private readonly clock: Clock,
  ) {}

  async verify(req: SignedRequest): Promise<ApiKeyPrincipal> {
    const key = await this.store.get(req.apiKey);
    if (!key) throw new AppError('API_KEY_INVALID');
    const now = this.clock.now().getTime();
    const timestamp =
      req.timestamp !== undefined && /^\d{1,16}$/.test(req.timestamp) ? Number(req.timestamp) : undefined;
    let window = DEFAULT_RECV_WINDOW_MS;
    if (req.recvWindow !== undefined) {
      if (
        !/^\d{1,6}$/.test(req.recvWindow) ||
        Number(req.recvWindow) > MAX_RECV_WINDOW_MS ||
        Number(req.recvWindow) < 1
      ) {
        throw new AppError('API_TIMESTAMP_INVALID');
      }
      window = Number(req.recvWindow);
    }
    if (timestamp === undefined || timestamp > now + FUTURE_SKEW_MS || now - timestamp > window) {
      throw new AppError('API_TIMESTAMP_INVALID');
    }
    const signature = (req.signature ?? '').toLowerCase();
    const expected = Buffer.from(sign(key.secret, req.payload), 'hex');
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('API_SIGNATURE_INVALID');
    }
    if (!ipAllowed(key.allow, req.ip)) throw new AppError('API_KEY_IP_DENIED');
    if (req.permission === 'trade' ? !key.canTrade : !key.canRead)
      throw new AppError('API_KEY_PERMISSION_DENIED');
    // Replay inside the window: the signature covers the timestamp, so a fresh request has a fresh one.
    this.prune(now);
    const replayKey = `${key.id}:${signature}`;
    if (this.seen.has(replayKey)) throw new AppError('API_REQUEST_REPLAYED');
    this.seen.set(replayKey, timestamp + window + FUTURE_SKEW_MS);
    return { userId: key.userId, keyId: key.id, canRead: key.canRead, canTrade: key.canTrade };
  }

  /**
   * A key presented without a signature (Binance's USER_STREAM calls: the listen key of a user data
   * stream): key, IP allowlist and permission are checked as for a signed request.
   */
  async verifyKeyOnly(apiKey: string, ip: string, permission: ApiKeyPermission): Promise<ApiKeyPrincipal> {
    const key = await this.store.get(apiKey);
    if (!key) throw new AppError('API_KEY_INVALID');
    if (!ipAllowed(key.allow, ip)) throw new AppError('API_KEY_IP_DENIED');
    if (permission === 'trade' ? !key.canTrade : !key.canRead)
      throw new AppError('API_KEY_PERMISSION_DENIED');
    return { userId: key.userId, keyId: key.id, canRead: key.canRead, canTrade: key.canTrade };
  }

  private prune(now: number): void {
    if (this.seen.size < 10_000) return;
    for (const [k, until] of this.seen) if (until < now) this.seen.delete(k);
  }
}

/** The principal routes see for an API-key request (they only read `principalId`). */
export function apiKeySession(principal: ApiKeyPrincipal, now: Date): SessionPrincipal {
  return {
    id: 0n,
    principalType: 'user',
    principalId: principal.userId,
    expiresAt: new Date(8_640_000_000_000_000),
    lastSeenAt: now,
  };
}
