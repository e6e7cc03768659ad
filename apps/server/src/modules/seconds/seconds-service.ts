// Seconds contracts for users (docs/seconds.md): the switches (deployment, platform setting, user
// country), the risk notice, placing through the money core (the one way in) with the index tick current
// at acceptance, and the order list (open contracts from the core, settled ones from the SQL projection,
// plus those settled in the core and not projected yet). Core refusals become the seconds error codes.
import { randomUUID } from 'node:crypto';
import { formatAmount, parseAmount } from '@coin/shared/money';
import { and, count, desc, eq, ne, notInArray, type SQL } from 'drizzle-orm';
import {
  SECONDS_ENTRY_MAX_AGE_MS,
  type SecondsDirection,
  type SecondsOrderEvent,
  type SecondsPeriodConfig,
} from '@/core/seconds/seconds-types';
import type { CoreError, MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { secondsOrders, secondsRiskNotices } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { MarketApi, MarketListing } from '@/market/price-index';
import { orderFromEvent, orderFromRow, type SecondsOrderView } from './seconds-views';
import { tickOf } from './tick-store';

/** The version of the risk notice text (docs/seconds.md); a new text needs a new acknowledgement. */
export const SECONDS_NOTICE_VERSION = 1;
/** The stake asset and the account it is held on. */
export const SECONDS_ASSET = 'USDT';

export interface SecondsSwitches {
  /** SECONDS_ENABLED (deployment). */
  deployment: boolean;
  /** ISO codes where the product is off. */
  blockedCountries: readonly string[];
  /** The `platform.features.seconds` setting (read from the settings cache). */
  feature(): Promise<boolean>;
}

export interface Notice {
  version: number;
  country: string;
  acknowledgedAt: Date;
}

export interface PlaceInput {
  symbol: string;
  direction: SecondsDirection;
  periodId: string;
  quantity: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface Availability {
  /** The product can be used by this caller now (false: see `reason`). */
  available: boolean;
  reason: 'disabled' | 'country' | 'notice' | null;
  notice: {
    version: number;
    acknowledged: boolean;
    acknowledgedAt: number | null;
    country: string | null;
  } | null;
  blockedCountries: readonly string[];
}

function refusal(error: CoreError, period: SecondsPeriodConfig | undefined): AppError {
  switch (error) {
    case 'INSUFFICIENT_BALANCE':
      return new AppError('SECONDS_INSUFFICIENT_BALANCE');
    case 'POOL_INSUFFICIENT':
      return new AppError('SECONDS_POOL_INSUFFICIENT');
    case 'PRICE_STALE':
      return new AppError('SECONDS_PRICE_UNAVAILABLE');
    case 'TOO_MANY_OPEN_ORDERS':
      return new AppError('SECONDS_TOO_MANY_OPEN');
    case 'AMOUNT_TOO_LARGE':
      return new AppError('SECONDS_AMOUNT_TOO_LARGE');
    case 'INVALID_QUANTITY':
      return new AppError('SECONDS_QUANTITY_NOT_INTEGER');
    case 'PERIOD_UNKNOWN':
      return new AppError('SECONDS_PERIOD_UNKNOWN');
    case 'PERIOD_DISABLED':
      return new AppError('SECONDS_PERIOD_DISABLED');
    case 'STAKE_OUT_OF_RANGE':
      return new AppError('SECONDS_STAKE_OUT_OF_RANGE', [], {
        min: period?.minStake ?? '',
        max: period?.maxStake ?? '',
      });
    case 'IDEMPOTENCY_MISMATCH':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    default:
      return new AppError('SECONDS_ORDER_REJECTED');
  }
}

/** The coins of the seconds list (getCoinList's coinList): listed markets with seconds switched on. */
export function secondsMarkets(market: MarketApi | undefined): MarketListing[] {
  return (market?.listings() ?? []).filter((m) => m.listed && m.listSeconds);
}

/** 'btc', 'BTC', 'btcusdt', 'BTC/USDT', 'btc_usdt' -> the seconds market, or undefined. */
export function findSecondsMarket(markets: MarketListing[], input: string): MarketListing | undefined {
  const key = input.replace(/[/_-]/g, '').toLowerCase();
  return (
    markets.find((m) => m.symbol === key) ??
    markets.find((m) => m.coin.toLowerCase() === key && m.quote.toUpperCase() === SECONDS_ASSET)
  );
}

/** Settled contracts seen in the core's events and not yet in SQL (the projection is behind). */
export class RecentSettlements {
  private readonly byId = new Map<string, { seq: number; userId: string; view: SecondsOrderView }>();

  constructor(
    /** The projection's cursor: rows of commands at or below it are in SQL. */
    private readonly projectedSeq: () => number,
    private readonly max = 50_000,
  ) {}

  add(e: SecondsOrderEvent): void {
    this.byId.set(e.orderId, { seq: e.seq, userId: e.userId, view: orderFromEvent(e) });
    if (this.byId.size > this.max) this.prune(true);
  }

  /** The user's entries not projected yet, newest first. */
  of(userId: string): SecondsOrderView[] {
    this.prune(false);
    const out: SecondsOrderView[] = [];
    for (const e of this.byId.values()) if (e.userId === userId) out.push(e.view);
    return out.sort((a, b) => Number(b.id) - Number(a.id));
  }

  private prune(force: boolean): void {
    const cursor = this.projectedSeq();
    for (const [id, e] of this.byId) {
      if (e.seq <= cursor) this.byId.delete(id);
    }
    if (force) {
      // Beyond the bound (no projection running?): the oldest go first.
      for (const id of this.byId.keys()) {
        if (this.byId.size <= this.max) break;
        this.byId.delete(id);
      }
    }
  }
}

export class SecondsService {
  /** userId -> the stored acknowledgement (null: none); read once per user, kept after a write. */
  private readonly notices = new Map<string, Notice | null>();
  /** userId -> the country of the passed identity certification (null: none); dropped on a KYC decision. */
  private readonly certified = new Map<string, string | null>();
  /** Where the certified country comes from (the identity area, wired in app.ts); none: declared only. */
  private certifiedCountrySource: ((userId: bigint) => Promise<string | undefined>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly core: () => MoneyCore,
    private readonly market: () => MarketApi | undefined,
    private readonly switches: SecondsSwitches,
    readonly recent: RecentSettlements,
  ) {}

  /** Prices come from the embedded simulator (the pages label them). */
  simulated(): boolean {
    return this.market()?.simulated() ?? false;
  }

  markets(): MarketListing[] {
    return secondsMarkets(this.market());
  }

  /** Periods open for orders, in display order. */
  periods(all = false): SecondsPeriodConfig[] {
    const list = this.core().seconds().periods();
    return all ? list : list.filter((p) => p.enabled);
  }

  async enabled(): Promise<boolean> {
    return this.switches.deployment && (await this.switches.feature());
  }

  async notice(userId: bigint): Promise<Notice | null> {
    const key = userId.toString();
    const cached = this.notices.get(key);
    if (cached !== undefined) return cached;
    const [row] = await this.db
      .select()
      .from(secondsRiskNotices)
      .where(eq(secondsRiskNotices.userId, userId));
    const notice = row
      ? { version: row.version, country: row.country, acknowledgedAt: row.acknowledgedAt }
      : null;
    this.notices.set(key, notice);
    return notice;
  }

  /**
   * Uses the identity area's certified country (ISO 3166) for the country switch, ahead of the country a
   * user declared with the risk notice; `forget(userId)` drops the cached value after a KYC decision.
   */
  useCertifiedCountry(source: (userId: bigint) => Promise<string | undefined>): void {
    this.certifiedCountrySource = source;
    this.certified.clear();
  }

  forgetCertifiedCountry(userId: string | undefined): void {
    if (userId === undefined) this.certified.clear();
    else this.certified.delete(userId);
  }

  private async certifiedCountry(userId: bigint): Promise<string | null> {
    if (this.certifiedCountrySource === undefined) return null;
    const key = userId.toString();
    const cached = this.certified.get(key);
    if (cached !== undefined) return cached;
    const country = (await this.certifiedCountrySource(userId))?.toUpperCase() ?? null;
    this.certified.set(key, country);
    return country;
  }

  async availability(userId: bigint | undefined): Promise<Availability> {
    const blockedCountries = this.switches.blockedCountries;
    if (!(await this.enabled()))
      return { available: false, reason: 'disabled', notice: null, blockedCountries };
    if (userId === undefined) return { available: true, reason: null, notice: null, blockedCountries };
    const n = await this.notice(userId);
    const acknowledged = n !== null && n.version >= SECONDS_NOTICE_VERSION;
    const notice = {
      version: SECONDS_NOTICE_VERSION,
      acknowledged,
      acknowledgedAt: n?.acknowledgedAt.getTime() ?? null,
      country: n?.country ?? null,
    };
    // The certified country (identity certification) decides when there is one; else the declared one.
    const country = (await this.certifiedCountry(userId)) ?? n?.country ?? null;
    if (country !== null && blockedCountries.includes(country))
      return { available: false, reason: 'country', notice, blockedCountries };
    if (!acknowledged) return { available: false, reason: 'notice', notice, blockedCountries };
    return { available: true, reason: null, notice, blockedCountries };
  }

  /**
   * Records the acknowledgement of the current notice with its time. The country declared the first time
   * stays (a user cannot step around the country switch by declaring another one later).
   */
  async acknowledge(userId: bigint, country: string): Promise<Availability> {
    if (!(await this.enabled())) throw new AppError('SECONDS_DISABLED');
    const now = this.clock.now();
    const existing = await this.notice(userId);
    const kept = existing?.country ?? country;
    await this.db
      .insert(secondsRiskNotices)
      .values({ userId, version: SECONDS_NOTICE_VERSION, country: kept, acknowledgedAt: now })
      .onConflictDoUpdate({
        target: secondsRiskNotices.userId,
        set: { version: SECONDS_NOTICE_VERSION, acknowledgedAt: now },
      });
    this.notices.set(userId.toString(), {
      version: SECONDS_NOTICE_VERSION,
      country: kept,
      acknowledgedAt: now,
    });
    return this.availability(userId);
  }

  /**
   * Places a contract. Checks that need no core run first (switches, notice, integer quantity, coin,
   * period and limits, a fresh index tick), then the core decides (balance, pool cover, everything again).
   * With an Idempotency-Key the command id is derived from it and a retry gets the first answer.
   */
  async place(userId: bigint, input: PlaceInput, key: string | undefined): Promise<SecondsOrderView> {
    if (!(await this.enabled())) throw new AppError('SECONDS_DISABLED');
    const user = userId.toString();
    const core = this.core();
    const id = key === undefined ? `seconds.place:${user}:${randomUUID()}` : `seconds.place:${user}:${key}`;
    if (key !== undefined) {
      const first = core.resultOf(id);
      if (first !== undefined) return this.answerOf(user, first, undefined);
    }
    const availability = await this.availability(userId);
    if (availability.reason === 'country') throw new AppError('SECONDS_COUNTRY_BLOCKED');
    if (availability.reason === 'notice') throw new AppError('SECONDS_NOTICE_REQUIRED');
    if (!/^\d{1,12}$/.test(input.quantity)) throw new AppError('SECONDS_QUANTITY_NOT_INTEGER');
    const quantity = formatAmount(parseAmount(input.quantity));
    const market = findSecondsMarket(this.markets(), input.symbol);
    if (market === undefined) throw new AppError('SECONDS_SYMBOL_UNKNOWN');
    const period = core.seconds().period(input.periodId);
    if (period === undefined) throw new AppError('SECONDS_PERIOD_UNKNOWN');
    if (!period.enabled) throw new AppError('SECONDS_PERIOD_DISABLED');
    const stake = parseAmount(quantity);
    if (stake < parseAmount(period.minStake) || stake > parseAmount(period.maxStake))
      throw refusal('STAKE_OUT_OF_RANGE', period);
    const now = this.clock.now().getTime();
    const latest = this.market()?.latest(market.symbol.toUpperCase());
    if (latest === undefined || latest.time > now || now - latest.time > SECONDS_ENTRY_MAX_AGE_MS)
      throw new AppError('SECONDS_PRICE_UNAVAILABLE');
    const result = await core.submit({
      id,
      actor: user,
      ts: now,
      type: 'seconds.place',
      payload: {
        userId: user,
        symbol: market.symbol,
        direction: input.direction,
        periodId: period.periodId,
        stake: quantity,
        asset: SECONDS_ASSET,
        tick: tickOf(market.symbol, latest.time, latest.price, latest.source),
      },
    });
    return this.answerOf(user, result, period);
  }

  private async answerOf(
    userId: string,
    result: Awaited<ReturnType<MoneyCore['submit']>>,
    period: SecondsPeriodConfig | undefined,
  ): Promise<SecondsOrderView> {
    if (!result.ok) throw refusal(result.error, period);
    const placed = result.events.find((e): e is SecondsOrderEvent => e.type === 'seconds.order');
    if (placed !== undefined) return orderFromEvent(placed);
    // A repeat: the contract is open in the core, settled and not yet projected, or in SQL.
    const orderId = String(result.reply?.orderId ?? result.seq);
    const open = this.core().seconds().openOrder(orderId);
    if (open !== undefined) return orderFromEvent(open);
    const recent = this.recent.of(userId).find((o) => o.id === orderId);
    if (recent !== undefined) return recent;
    const [row] = await this.db
      .select()
      .from(secondsOrders)
      .where(eq(secondsOrders.id, BigInt(orderId)));
    if (row !== undefined && row.userId.toString() === userId) return orderFromRow(row);
    throw new AppError('SECONDS_ORDER_REJECTED');
  }

  /**
   * The user's contracts, newest first: open ones (from the core) before settled ones (status 'open' or
   * 'settled' narrows it), optionally of one coin.
   */
  async orders(
    userId: bigint,
    q: {
      status?: 'open' | 'settled' | undefined;
      symbol?: string | undefined;
      current: number;
      size: number;
    },
  ): Promise<Page<SecondsOrderView>> {
    const user = userId.toString();
    let symbol: string | undefined;
    if (q.symbol !== undefined) {
      const m = findSecondsMarket(this.markets(), q.symbol);
      // An unknown coin has no contracts (a coin switched off later still shows its history).
      symbol = m?.symbol ?? q.symbol.replace(/[/_-]/g, '').toLowerCase();
    }
    const keep = (o: SecondsOrderView) => symbol === undefined || o.symbol === symbol;
    const open =
      q.status === 'settled' ? [] : this.core().seconds().openOrdersOf(user).map(orderFromEvent).filter(keep);
    const recent = q.status === 'open' ? [] : this.recent.of(user).filter(keep);
    const memory = [...open, ...recent];
    const offset = (q.current - 1) * q.size;
    const records = memory.slice(offset, offset + q.size);
    let sqlTotal = 0;
    if (q.status !== 'open') {
      const conditions: SQL[] = [eq(secondsOrders.userId, userId), ne(secondsOrders.status, 'open')];
      if (symbol !== undefined) conditions.push(eq(secondsOrders.symbol, symbol));
      if (recent.length > 0)
        conditions.push(
          notInArray(
            secondsOrders.id,
            recent.map((r) => BigInt(r.id)),
          ),
        );
      const where = and(...conditions);
      const [totalRow] = await this.db.select({ n: count() }).from(secondsOrders).where(where);
      sqlTotal = totalRow?.n ?? 0;
      const want = q.size - records.length;
      if (want > 0) {
        const rows = await this.db
          .select()
          .from(secondsOrders)
          .where(where)
          .orderBy(desc(secondsOrders.id))
          .limit(want)
          .offset(Math.max(0, offset - memory.length));
        records.push(...rows.map(orderFromRow));
      }
    }
    return { records, total: memory.length + sqlTotal, current: q.current, size: q.size };
  }
}
