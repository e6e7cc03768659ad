// Binance's signing scheme on our API keys (docs/api-keys.md "Design for more schemes"): the key in
// X-MBX-APIKEY, `timestamp`, `recvWindow` and `signature` among the parameters, the signature a hex
// HMAC-SHA256 of the query string concatenated with the body (without the signature itself). The same
// verifier as our own scheme checks key, window, signature, IP allowlist, permission and replay.
import type { ApiKeyPermission } from '@coin/shared/security-schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@/lib/app-error';
import { type ApiKeyVerifier, MAX_RECV_WINDOW_MS, MBX_API_KEY_HEADER } from '@/modules/security/api-key-auth';
import { API_KEY_PATTERN } from '@/modules/security/api-key-store';
import { binanceErrors as E, fromAppError } from './binance-errors';
import type { Params } from './binance-params';

export interface BinanceCaller {
  userId: bigint;
  keyId: bigint;
  canRead: boolean;
  canTrade: boolean;
}

export function mbxKey(request: FastifyRequest): string {
  const v = request.headers[MBX_API_KEY_HEADER];
  const key = Array.isArray(v) ? v[0] : v;
  if (key === undefined || !API_KEY_PATTERN.test(key)) throw E.keyFormat();
  return key;
}

/** A SIGNED (TRADE or USER_DATA) request's caller; Binance errors otherwise. */
export async function signedCaller(
  verifier: ApiKeyVerifier,
  request: FastifyRequest,
  params: Params,
  permission: ApiKeyPermission,
): Promise<BinanceCaller> {
  const apiKey = mbxKey(request);
  const timestamp = params.get('timestamp');
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) throw E.mandatory('timestamp');
  const signature = params.get('signature');
  if (signature === undefined) throw E.mandatory('signature');
  const recvWindow = params.get('recvWindow');
  if (recvWindow !== undefined) {
    if (!/^\d{1,16}$/.test(recvWindow)) throw E.illegalChars('recvWindow');
    if (Number(recvWindow) > MAX_RECV_WINDOW_MS || Number(recvWindow) < 1) throw E.recvWindow();
  }
  try {
    const p = await verifier.verify({
      apiKey,
      timestamp,
      recvWindow,
      signature,
      payload: params.signedText(),
      ip: request.ip,
      permission,
    });
    return caller(p);
  } catch (err) {
    if (err instanceof AppError) throw fromAppError(err);
    throw err;
  }
}

/** A USER_STREAM request's caller: the key alone (no signature), as Binance's listenKey calls. */
export async function keyCaller(verifier: ApiKeyVerifier, request: FastifyRequest): Promise<BinanceCaller> {
  const apiKey = mbxKey(request);
  try {
    return caller(await verifier.verifyKeyOnly(apiKey, request.ip, 'read'));
  } catch (err) {
    if (err instanceof AppError) throw fromAppError(err);
    throw err;
  }
}

function caller(p: { userId: bigint; keyId: bigint; canRead?: boolean; canTrade?: boolean }): BinanceCaller {
  return { userId: p.userId, keyId: p.keyId, canRead: p.canRead ?? true, canTrade: p.canTrade ?? false };
}
