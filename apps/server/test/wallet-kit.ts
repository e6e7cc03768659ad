// Shared setup for the wallet API tests: an app with the simulated chain mined by hand, the market
// simulator stepped by hand, a temp upload folder, and helpers for funding and encrypted withdrawals.
import {
  constants,
  createCipheriv,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { auth, b64, call, createTestApp, registerAndLogin } from './helpers';

export async function createWalletApp(overrides: Record<string, string> = {}) {
  const uploadDir = mkdtempSync(join(tmpdir(), 'wallet-uploads-'));
  const ctx = await createTestApp({
    CHAIN_SIM_BLOCK_MS: '0',
    MARKET_TICK_MS: '0',
    MARKET_BACKFILL_HOURS: '0',
    UPLOAD_DIR: uploadDir,
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
    ...overrides,
  });
  return { ...ctx, uploadDir };
}

export const API = '/api/mjkj-web/coin';
export const FUND_PASSWORD = 'Fund-123456';

/** A logged-in user with a fund password set. */
export async function walletUser(app: FastifyInstance) {
  const u = await registerAndLogin(app);
  const set = await call(app, {
    method: 'POST',
    url: '/api/user/tardPwdSet',
    headers: auth(u.token),
    payload: {
      loginPassword: b64(u.password),
      password: b64(FUND_PASSWORD),
      confirmPassword: b64(FUND_PASSWORD),
    },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { ...u, userId: u.user.id };
}

/** Credits a user's spot account directly through the core (test setup, not under test here). */
export async function credit(app: FastifyInstance, userId: string, asset: string, amount: string) {
  const r = await app.core.submit({
    id: `test-credit:${randomUUID()}`,
    actor: 'system',
    ts: app.clock.now().getTime(),
    type: 'deposit.credit',
    payload: { userId, asset, amount, ref: 'test' },
  });
  expect(r.ok).toBe(true);
}

export function spot(app: FastifyInstance, userId: string, asset: string) {
  const b = app.core.balance(userId, asset, 'spot');
  return { available: b.available, frozen: b.frozen };
}

/** The client side of the hybrid scheme: AES-256-GCM body, key wrapped with RSA-OAEP-256. */
export function encryptFor(publicKeyB64: string, payload: unknown) {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([c.update(JSON.stringify(payload), 'utf8'), c.final(), c.getAuthTag()]);
  const key = publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKeyB64, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    aesKey,
  );
  return { key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') };
}

export async function withdrawalKey(app: FastifyInstance, token: string): Promise<string> {
  const res = await call<{ publicKey: string; alg: string }>(app, {
    method: 'GET',
    url: `${API}/assets/withdrawalKey`,
    headers: auth(token),
  });
  expect(res.status).toBe(200);
  expect(res.body.data.alg).toBe('RSA-OAEP-256+A256GCM');
  return res.body.data.publicKey;
}

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const TRX_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

export function withdraw(
  app: FastifyInstance,
  token: string,
  publicKey: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return call(app, {
    method: 'POST',
    url: `${API}/assets/withdrawal`,
    headers: { ...auth(token), ...headers },
    payload: encryptFor(publicKey, payload),
  });
}

/** A minimal PNG-signed file (magic bytes are what the server checks). */
export function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(64)]);
}

export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----wallet${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(app: FastifyInstance, token: string, bytes: Buffer, contentType = 'image/png') {
  const body = multipart('file', 'shot.png', contentType, bytes);
  return call<{ link: string; name: string; size: number; contentType: string }>(app, {
    method: 'POST',
    url: '/api/common/upload/OSS',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}
