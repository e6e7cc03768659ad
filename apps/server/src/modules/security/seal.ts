// Secrets the server must be able to read back (TOTP secrets, API-key HMAC secrets) are stored sealed:
// AES-256-GCM under a key derived (HKDF-SHA256) from the app secret and a purpose, so a database dump
// alone does not reveal them and a sealed value of one purpose does not open as another. Set APP_SECRET
// in the environment for this to mean anything: without it the secret is generated into the settings
// table, next to what it protects.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SealPurpose = 'totp' | 'api-key';
const VERSION = 'v1';

export class Sealer {
  private readonly keys = new Map<SealPurpose, Buffer>();

  constructor(private readonly appSecret: string) {}

  private key(purpose: SealPurpose): Buffer {
    let key = this.keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.appSecret, 'coin-security-seal', purpose, 32));
      this.keys.set(purpose, key);
    }
    return key;
  }

  seal(purpose: SealPurpose, plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(purpose), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plain text; throws when the value was not sealed by this key for this purpose. */
  open(purpose: SealPurpose, sealed: string): string {
    const [version, data] = sealed.split('.');
    if (version !== VERSION || !data) throw new Error('unknown sealed value format');
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key(purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
