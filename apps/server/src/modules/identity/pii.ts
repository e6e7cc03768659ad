// Encryption of identity data at rest (ID numbers, bank card and payment account numbers): AES-256-GCM
// with a random 96-bit IV per value, and a keyed HMAC for the duplicate checks an index needs (the same
// ID number on two accounts). Keys come from PII_ENCRYPTION_KEY (32 bytes, hex or base64) when set; else
// they are derived from the server secret with HKDF, which is weaker (that secret may sit in the same
// database), so production sets the variable. Ciphertext format: `v1:<iv b64>:<ciphertext+tag b64>`.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export class PiiCipher {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(keyMaterial: Buffer) {
    if (keyMaterial.length < 32) throw new Error('PII key material must be at least 32 bytes');
    this.encKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'coin-pii', 'aes-256-gcm v1', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'coin-pii', 'hmac-sha256 v1', 32));
  }

  /** PII_ENCRYPTION_KEY (hex or base64 of 32 bytes) when given, else the server secret. */
  static from(configuredKey: string | undefined, serverSecret: string): PiiCipher {
    if (configuredKey) {
      const key = /^[0-9a-f]{64}$/i.test(configuredKey)
        ? Buffer.from(configuredKey, 'hex')
        : Buffer.from(configuredKey, 'base64');
      if (key.length !== 32) throw new Error('PII_ENCRYPTION_KEY must be 32 bytes (64 hex or base64)');
      return new PiiCipher(key);
    }
    return new PiiCipher(Buffer.from(`server-secret:${serverSecret}`, 'utf8'));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()]);
    return `v1:${iv.toString('base64')}:${body.toString('base64')}`;
  }

  decrypt(stored: string): string {
    const [version, ivB64, bodyB64] = stored.split(':');
    if (version !== 'v1' || !ivB64 || !bodyB64) throw new Error('unknown PII ciphertext format');
    const body = Buffer.from(bodyB64, 'base64');
    const d = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(ivB64, 'base64'));
    d.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([d.update(body.subarray(0, body.length - 16)), d.final()]).toString('utf8');
  }

  /** A keyed digest for equality lookups (never reversible without the key). */
  digest(kind: string, plain: string): string {
    return createHmac('sha256', this.macKey).update(`${kind}:${plain}`).digest('hex');
  }
}

/** The last four characters, for masked displays. */
export function last4(value: string): string {
  return value.slice(-4);
}

/** '**** **** 1234'-style mask of a number the owner sees. */
export function maskNumber(lastFour: string): string {
  return `****${lastFour}`;
}

/** A name as others see it: the first character, the rest starred ('张**', 'J***'). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 6))}`;
}
