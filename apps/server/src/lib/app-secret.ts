// The server secret (HMAC of verification codes): APP_SECRET when given, otherwise generated once
// and kept in the settings table so every instance on the same database agrees.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { settings } from '@/db/schema';

const KEY = 'server.secret';

export async function loadAppSecret(
  db: Executor,
  configured: string | undefined,
  now: Date,
): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(32).toString('hex'), updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  if (typeof row?.value !== 'string') throw new Error('server secret missing from settings');
  return row.value;
}
