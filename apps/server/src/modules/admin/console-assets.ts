// The wallet asset list as the console needs it (code -> decimals), read through the wallet's public
// route in process, so the console depends on the documented contract (docs/wallet-api.md), not on the
// wallet's tables.
import type { FastifyInstance } from 'fastify';

const ASSET_LIST_URL = '/api/mjkj-web/coin/assets/getRechargeCurrency';

/** Decimals per upper-case asset code, or undefined when the wallet list is not served (then 18 applies). */
export async function walletAssetDecimals(app: FastifyInstance): Promise<Map<string, number> | undefined> {
  const res = await app.inject({ method: 'GET', url: ASSET_LIST_URL });
  if (res.statusCode !== 200) return undefined;
  const body = res.json() as { code?: number; data?: unknown };
  if (body.code !== 200 || !Array.isArray(body.data)) return undefined;
  const out = new Map<string, number>();
  for (const item of body.data as Array<{ coin?: unknown; decimals?: unknown }>) {
    if (typeof item.coin === 'string' && typeof item.decimals === 'number') out.set(item.coin, item.decimals);
  }
  return out;
}
