// The wallet asset list as the console needs it (code -> decimals and per-operation maximum), read through
// the wallet's public route in process, so the console depends on the documented contract
// (docs/wallet-api.md), not on the wallet's tables.
import type { FastifyInstance } from 'fastify';

const ASSET_LIST_URL = '/api/mjkj-web/coin/assets/getRechargeCurrency';

export interface ConsoleAssetLimits {
  decimals: number;
  /** Largest amount of one operation (canonical decimal). */
  maxAmount: string;
}

/** Limits per upper-case asset code, or undefined when the wallet list is not served (then 18 applies). */
export async function walletAssetLimits(
  app: FastifyInstance,
): Promise<Map<string, ConsoleAssetLimits> | undefined> {
  const res = await app.inject({ method: 'GET', url: ASSET_LIST_URL });
  if (res.statusCode !== 200) return undefined;
  const body = res.json() as { code?: number; data?: unknown };
  if (body.code !== 200 || !Array.isArray(body.data)) return undefined;
  const out = new Map<string, ConsoleAssetLimits>();
  for (const item of body.data as Array<{ coin?: unknown; decimals?: unknown; maxAmount?: unknown }>) {
    if (
      typeof item.coin === 'string' &&
      typeof item.decimals === 'number' &&
      typeof item.maxAmount === 'string'
    ) {
      out.set(item.coin, { decimals: item.decimals, maxAmount: item.maxAmount });
    }
  }
  return out;
}
