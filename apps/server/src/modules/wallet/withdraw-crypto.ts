// Encrypted withdrawal bodies (spec: "withdrawal (sent encrypted)"): hybrid RSA-OAEP-256 + AES-256-GCM.
// The RSA key pair is generated at first start and kept in SQL, its private half encrypted with a key
// derived from the app secret, so every instance on the same database decrypts the same bodies.
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { walletKeys } from '@/db/schema';
import { AppError } from '@/lib/app-error';

export const WITHDRAW_KEY_ID = 'withdraw-rsa-1';
export const WITHDRAW_ALG = 'RSA-OAEP-256+A256GCM';

const b64 = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** The encrypted envelope the client sends (all base64). */
export const encryptedBodySchema = z.strictObject({
  keyId: z.string().max(64).optional(),
  key: b64,
  iv: b64,
  data: b64,
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;

function sealKey(secret: string): Buffer {
  return createHash('sha256').update(`withdraw-key-seal:${secret}`).digest();
}

function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
}

function unseal(secret: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const d = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

export class WithdrawCrypto {
  private constructor(
    readonly publicKey: string,
    private readonly privateKey: KeyObject,
  ) {}

  static async load(db: Executor, secret: string, now: Date): Promise<WithdrawCrypto> {
    const [existing] = await db.select().from(walletKeys).where(eq(walletKeys.id, WITHDRAW_KEY_ID)).limit(1);
    if (existing) {
      return new WithdrawCrypto(existing.publicKey, createPrivateKey(unseal(secret, existing.privateKey)));
    }
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicKey = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await db
      .insert(walletKeys)
      .values({ id: WITHDRAW_KEY_ID, publicKey, privateKey: seal(secret, privatePem), createdAt: now })
      .onConflictDoNothing();
    // Another instance may have won the insert: use what is stored.
    const [row] = await db.select().from(walletKeys).where(eq(walletKeys.id, WITHDRAW_KEY_ID)).limit(1);
    if (!row) throw new Error('withdrawal key missing');
    return new WithdrawCrypto(row.publicKey, createPrivateKey(unseal(secret, row.privateKey)));
  }

  /** The decrypted JSON value, or WITHDRAW_DECRYPT_FAILED for anything that does not open. */
  decrypt(body: EncryptedBody): unknown {
    try {
      if (body.keyId !== undefined && body.keyId !== WITHDRAW_KEY_ID) throw new Error('unknown key id');
      const aesKey = privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(body.key, 'base64'),
      );
      const iv = Buffer.from(body.iv, 'base64');
      const data = Buffer.from(body.data, 'base64');
      if (aesKey.length !== 32 || iv.length !== 12 || data.length < 17) throw new Error('bad sizes');
      const d = createDecipheriv('aes-256-gcm', aesKey, iv);
      d.setAuthTag(data.subarray(data.length - 16));
      const plain = Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
      return JSON.parse(plain);
    } catch {
      throw new AppError('WITHDRAW_DECRYPT_FAILED');
    }
  }
}
