// The labelled demo of the earn products (EARN_DEMO, on by default like the demo market maker): at the
// first start with no products, a few products of each kind are created and each pool is funded from
// the `demo_funding` system account, where all of the demo's play money visibly comes from. A real
// deployment turns it off and funds pools through the console (two administrators).
import { count } from 'drizzle-orm';
import { EARN_POOLS } from '@/core/earn/earn-commands';
import { earnProducts } from '@/db/schema';
import { coreOf, type EarnContext } from './earn-context';
import type { ProductInput, ProductService } from './product-service';

const POOL_FUNDING_USDT = '1000000';
export const DEMO_POOL_ADDRESS = '0x1111111111111111111111111111111111111111';

const DEMO_PRODUCTS: ProductInput[] = [
  {
    kind: 'pledge',
    name: 'USDT pledge 7 days',
    description: 'Interest paid at maturity.',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0012',
    cycleDays: 7,
    minAmount: '100',
    maxAmount: '50000',
    userLimit: '100000',
    buyableCount: 5,
    payout: 'maturity',
    earlyPenaltyRate: '0.02',
    sort: 1,
  },
  {
    kind: 'pledge',
    name: 'USDT pledge 30 days, daily payout',
    description: 'Interest paid every day.',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0015',
    cycleDays: 30,
    minAmount: '500',
    maxAmount: '100000',
    userLimit: '200000',
    buyableCount: 3,
    payout: 'daily',
    earlyPenaltyRate: '0.05',
    sort: 2,
  },
  {
    kind: 'finance',
    category: 'value_added',
    name: 'Stable Plus 15',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0008',
    cycleDays: 15,
    lockDays: 3,
    minAmount: '100',
    maxAmount: '100000',
    cap: '2000000',
    participationLimit: 5,
    sort: 1,
  },
  {
    kind: 'finance',
    category: 'member',
    name: 'Member Select 30',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0012',
    cycleDays: 30,
    lockDays: 7,
    minAmount: '1000',
    maxAmount: '200000',
    cap: '1000000',
    participationLimit: 3,
    sort: 2,
  },
  {
    kind: 'finance',
    category: 'ordinary',
    name: 'Flexible 7',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0004',
    cycleDays: 7,
    lockDays: 0,
    minAmount: '10',
    maxAmount: '50000',
    cap: '5000000',
    participationLimit: 10,
    sort: 3,
  },
  {
    kind: 'loan',
    name: 'Power loan 30 days',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0005',
    cycleDays: 30,
    periodDays: 10,
    repayWays: ['1', '2'],
    overdueRate: '0.002',
    minAmount: '100',
    maxAmount: '50000',
    sort: 1,
  },
  {
    kind: 'defi',
    name: 'USDT liquidity mining',
    description: 'Stakes come from your finance account; no token allowance is ever requested.',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0018',
    cycleDays: 30,
    minAmount: '100',
    maxAmount: '100000',
    gasAsset: 'ETH',
    gasFee: '0.002',
    poolAddress: DEMO_POOL_ADDRESS,
    sort: 1,
  },
];

export async function seedEarnDemo(ctx: EarnContext, products: ProductService): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(earnProducts);
  if ((existing?.n ?? 0) > 0 || !ctx.asset('USDT') || !ctx.asset('ETH')) return false;
  const core = coreOf(ctx.core());
  for (const pool of EARN_POOLS) {
    const result = await core.submit({
      id: `earn.demo.fund:${pool}:USDT`,
      actor: 'system:earn-demo',
      ts: ctx.clock.now().getTime(),
      type: 'earn.pool.fund',
      payload: { pool, asset: 'USDT', amount: POOL_FUNDING_USDT, source: 'demo_funding', ref: 'earn demo' },
    });
    if (!result.ok) throw new Error(`earn demo pool funding refused: ${result.error}`);
  }
  for (const p of DEMO_PRODUCTS) await products.create(undefined, p);
  return true;
}
