// Coins and markets in SQL: the idempotent seed, loading, and the operator's changes (audited).
import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { marketCoins, marketMarkets } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { SEED_COINS } from './seed';

export type CoinRow = typeof marketCoins.$inferSelect;
export type MarketRowSql = typeof marketMarkets.$inferSelect;

export const QUOTE = 'usdt';
export const COIN_TYPE_MT5 = 3;

export interface Catalog {
  coins: CoinRow[];
  markets: MarketRowSql[];
}

export async function seedCatalog(db: Executor, now: Date): Promise<void> {
  const coins = SEED_COINS.map((c, i) => ({
    coin: c.coin,
    name: c.name,
    coinType: c.coinType,
    logo: null,
    plate: c.plate,
    initialPrice: c.initialPrice,
    volatility: c.volatility,
    simDailyTurnover: c.simDailyTurnover,
    enabled: true,
    sort: i + 1,
    createdAt: now,
    updatedAt: now,
  }));
  await db.insert(marketCoins).values(coins).onConflictDoNothing();
  const markets = SEED_COINS.flatMap((c, i) =>
    c.market
      ? [
          {
            symbol: `${c.coin}${QUOTE}`,
            coin: c.coin,
            quote: QUOTE,
            market: c.market.market ?? `${c.coin}${QUOTE}`,
            showSymbol: c.market.showSymbol ?? `${c.coin.toUpperCase()}/${QUOTE.toUpperCase()}`,
            customizeFlag: c.market.customizeFlag ?? 1,
            priceDecimals: c.market.priceDecimals,
            qtyDecimals: c.market.qtyDecimals,
            listSeconds: c.market.seconds,
            listSpot: c.market.spot,
            listContract: c.market.contract,
            enabled: true,
            sort: i + 1,
            createdAt: now,
            updatedAt: now,
          },
        ]
      : [],
  );
  await db.insert(marketMarkets).values(markets).onConflictDoNothing();
}

export async function loadCatalog(db: Executor): Promise<Catalog> {
  const coins = await db.select().from(marketCoins).orderBy(asc(marketCoins.sort), asc(marketCoins.coin));
  const markets = await db
    .select()
    .from(marketMarkets)
    .orderBy(asc(marketMarkets.sort), asc(marketMarkets.symbol));
  return { coins, markets };
}

export interface NewCoinInput {
  coin: string;
  name: string;
  coinType: 1 | 3;
  market?: string | undefined;
  logo: string | null;
  plate: string;
  showSymbol?: string | undefined;
  customizeFlag: 1 | 2;
  priceDecimals: number;
  qtyDecimals: number;
  initialPrice: string;
  volatility: string;
  seconds: boolean;
  spot: boolean;
  contract: boolean;
  sort?: number | undefined;
}

export interface MarketPatch {
  showSymbol?: string | undefined;
  customizeFlag?: 1 | 2 | undefined;
  priceDecimals?: number | undefined;
  qtyDecimals?: number | undefined;
  sort?: number | undefined;
  seconds?: boolean | undefined;
  spot?: boolean | undefined;
  contract?: boolean | undefined;
  plate?: string | undefined;
}

const actor = (operatorId: bigint) => ({ actorType: 'operator' as const, actorId: operatorId.toString() });

export async function addCoin(db: Db, operatorId: bigint, input: NewCoinInput, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(marketCoins).where(eq(marketCoins.coin, input.coin));
    if (existing) throw new AppError('MARKET_COIN_EXISTS');
    const symbol = `${input.coin}${QUOTE}`;
    const [last] = await tx
      .select({ sort: marketCoins.sort })
      .from(marketCoins)
      .orderBy(desc(marketCoins.sort))
      .limit(1);
    const sort = input.sort ?? (last?.sort ?? 0) + 1;
    await tx.insert(marketCoins).values({
      coin: input.coin,
      name: input.name,
      coinType: input.coinType,
      logo: input.logo,
      plate: input.plate,
      initialPrice: input.initialPrice,
      volatility: input.volatility,
      simDailyTurnover: '10000000',
      enabled: true,
      sort,
      createdAt: now,
      updatedAt: now,
    });
    const marketId = input.market ?? symbol;
    await tx.insert(marketMarkets).values({
      symbol,
      coin: input.coin,
      quote: QUOTE,
      market: input.coinType === COIN_TYPE_MT5 ? marketId : marketId.toLowerCase(),
      showSymbol: input.showSymbol ?? `${input.coin.toUpperCase()}/${QUOTE.toUpperCase()}`,
      customizeFlag: input.customizeFlag,
      priceDecimals: input.priceDecimals,
      qtyDecimals: input.qtyDecimals,
      listSeconds: input.seconds,
      listSpot: input.spot,
      listContract: input.contract,
      enabled: true,
      sort,
      createdAt: now,
      updatedAt: now,
    });
    await appendAudit(tx, { ...actor(operatorId), action: 'market.coin.add', payload: { ...input } }, now);
  });
}

export async function setCoinEnabled(
  db: Db,
  operatorId: bigint,
  coin: string,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(marketCoins).where(eq(marketCoins.coin, coin));
    if (!row || coin === QUOTE) throw new AppError('MARKET_SYMBOL_UNKNOWN');
    await tx.update(marketCoins).set({ enabled, updatedAt: now }).where(eq(marketCoins.coin, coin));
    await appendAudit(
      tx,
      {
        ...actor(operatorId),
        action: enabled ? 'market.coin.enable' : 'market.coin.disable',
        payload: { coin },
      },
      now,
    );
  });
}

export async function setMarketEnabled(
  db: Db,
  operatorId: bigint,
  symbol: string,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(marketMarkets).where(eq(marketMarkets.symbol, symbol));
    if (!row) throw new AppError('MARKET_SYMBOL_UNKNOWN');
    await tx.update(marketMarkets).set({ enabled, updatedAt: now }).where(eq(marketMarkets.symbol, symbol));
    await appendAudit(
      tx,
      {
        ...actor(operatorId),
        action: enabled ? 'market.market.enable' : 'market.market.disable',
        payload: { symbol },
      },
      now,
    );
  });
}

export async function updateMarket(
  db: Db,
  operatorId: bigint,
  symbol: string,
  patch: MarketPatch,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(marketMarkets).where(eq(marketMarkets.symbol, symbol));
    if (!row) throw new AppError('MARKET_SYMBOL_UNKNOWN');
    await tx
      .update(marketMarkets)
      .set({
        showSymbol: patch.showSymbol,
        customizeFlag: patch.customizeFlag,
        priceDecimals: patch.priceDecimals,
        qtyDecimals: patch.qtyDecimals,
        sort: patch.sort,
        listSeconds: patch.seconds,
        listSpot: patch.spot,
        listContract: patch.contract,
        updatedAt: now,
      })
      .where(eq(marketMarkets.symbol, symbol));
    if (patch.plate !== undefined) {
      await tx
        .update(marketCoins)
        .set({ plate: patch.plate, updatedAt: now })
        .where(eq(marketCoins.coin, row.coin));
    }
    await appendAudit(
      tx,
      { ...actor(operatorId), action: 'market.market.update', payload: { symbol, ...patch } },
      now,
    );
  });
}
