// The digests of proof of liabilities on the server: SHA-256 as lowercase hex (the tree, through
// @coin/shared/liabilities-tree) and each user's per-snapshot salt, HMAC-SHA256(snapshot salt key, userId).
import * as crypto from 'node:crypto';

/** One-shot hashing (node >= 20.12) skips the Hash object; the same digest either way. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function sha256Hex(input: string): string {
  return oneShot !== undefined
    ? oneShot('sha256', input, 'hex')
    : crypto.createHash('sha256').update(input).digest('hex');
}

/** A user's salt in one snapshot: secret to everyone else, unlinkable between snapshots. */
export function saltFor(saltKey: string, userId: string): string {
  return crypto.createHmac('sha256', saltKey).update(userId).digest('hex');
}

/** saltFor with the key prepared once (a snapshot derives one salt per user: a third cheaper each). */
export function salter(saltKey: string): (userId: string) => string {
  const key = crypto.createSecretKey(Buffer.from(saltKey, 'utf8'));
  return (userId) => crypto.createHmac('sha256', key).update(userId).digest('hex');
}

/** A fresh salt key for a new snapshot (32 random bytes, hex). */
export function newSaltKey(): string {
  return crypto.randomBytes(32).toString('hex');
}
