// API keys as the signature check needs them, from memory: a key is read from SQL once (its sealed secret
// opened then) and kept until a change to it is announced on the invalidation bus (creation, deletion),
// like UserInfoReader. Unknown keys are remembered as unknown too, so a flood of made-up keys cannot turn
// into one SQL query each; creating a key announces it, which drops that remembered miss.
//
// Shared by every signing scheme (ours: X-API-KEY + HMAC over timestamp, method, path and body; a later
// Binance-compatible one: X-MBX-APIKEY + HMAC over the query string and body): the scheme builds the
// signed text, `ApiKeyVerifier` does the rest.
import { BlockList, isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { ReadCache } from '@/lib/read-cache';
import type { Sealer } from './seal';

export interface ApiKeyEntry {
  id: bigint;
  userId: bigint;
  canRead: boolean;
  canTrade: boolean;
  /** The HMAC key: the secret string the user was shown, as UTF-8 bytes. */
  secret: string;
  /** null = any address. */
  allow: BlockList | null;
}

/** Public API keys are 64 lowercase hex characters; anything else is refused without a lookup. */
export const API_KEY_PATTERN = /^[0-9a-f]{64}$/;

export class ApiKeyStore {
  private readonly cache = new ReadCache<string, ApiKeyEntry | null>(50_000);

  constructor(
    private readonly db: Executor,
    private readonly sealer: Sealer,
    bus: InvalidationBus,
  ) {
    bus.subscribe(INVALIDATION_TOPICS.apiKey, (key) => {
      if (key === undefined) this.cache.clear();
      else this.cache.invalidate(key);
    });
  }

  /** The key's entry, or null when there is no such key. */
  get(apiKey: string): Promise<ApiKeyEntry | null> {
    if (!API_KEY_PATTERN.test(apiKey)) return Promise.resolve(null);
    return this.cache.get(apiKey, async () => {
      const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.apiKey, apiKey)).limit(1);
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        canRead: row.canRead,
        canTrade: row.canTrade,
        secret: this.sealer.open('api-key', row.secret),
        allow: allowList(row.ipAllowlist),
      };
    });
  }

  get size(): number {
    return this.cache.size;
  }
}

/** A BlockList (used here as an allow list) of the entries, or null for an empty list. */
export function allowList(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseIpEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/** An address or CIDR range in canonical parts, or undefined when it is neither. */
export function parseIpEntry(
  entry: string,
): { address: string; prefix: number | undefined; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return undefined;
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: undefined, family };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return undefined;
  return { address, prefix, family };
}

/** Whether a client address is on the list (IPv4-mapped IPv6 addresses count as their IPv4). */
export function ipAllowed(list: BlockList | null, ip: string): boolean {
  if (!list) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const version = isIP(address);
  if (version === 0) return false;
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
