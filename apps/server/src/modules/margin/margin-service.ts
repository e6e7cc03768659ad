// Spot margin for users (docs/margin.md "HTTP API"): quotes and account views computed from the core's
// readers at the market's index prices, and borrow, repay, leverage and transfers as core commands (the
// one way in). Core refusals become the MARGIN_* error codes with the field they are about.
import { formatAmount, parseAmount, tryParseAmount } from '@coin/shared/money';
import { and, count, desc, eq, like, ne, type SQL } from 'drizzle-orm';
import { formatAtoms, POW10 } from '@/core/atoms';
import { hourlyInterest, ONE, withinLeverage } from '@/core/margin/margin-math';
import type { MarginAccountType, MarginPrices } from '@/core/margin/margin-types';
import { borrowable, levelText, transferable, valueAccount } from '@/core/margin/margin-view';
import type { CoreError, MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { marginLoans, spotOrders } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { SpotMarkets } from '@/modules/spot/spot-markets';
import { orderFromRow } from '@/modules/spot/spot-views';
import { coreCommandId, withIdempotency } from '@/modules/wallet/idempotency';
import { VALUATION_ASSET } from './liquidator';

export type MarginMode = 'all' | 'fixed';

export interface MarginPriceSource {
  usdtPrice(asset: string): string | undefined;
}

const REFUSALS: Partial<Record<CoreError, [ConstructorParameters<typeof AppError>[0], string | null]>> = {
  MARGIN_LEVEL_TOO_LOW: ['MARGIN_LEVEL_TOO_LOW', 'amount'],
  BORROW_LIMIT_EXCEEDED: ['MARGIN_BORROW_LIMIT', 'amount'],
  REPAY_EXCEEDS_DEBT: ['MARGIN_REPAY_EXCEEDS_DEBT', 'amount'],
  LEVERAGE_NOT_ALLOWED: ['MARGIN_LEVERAGE_INVALID', 'leverage'],
  MARGIN_PRICE_MISSING: ['MARGIN_PRICE_UNAVAILABLE', null],
  ACCOUNT_LIQUIDATING: ['MARGIN_LIQUIDATING', null],
  MARGIN_ASSET_UNKNOWN: ['MARGIN_COIN_UNKNOWN', 'coin'],
  POOL_INSUFFICIENT: ['MARGIN_POOL_INSUFFICIENT', 'amount'],
  INSUFFICIENT_BALANCE: ['MARGIN_INSUFFICIENT_BALANCE', 'amount'],
  INVALID_AMOUNT: ['MARGIN_AMOUNT_INVALID', 'amount'],
  AMOUNT_TOO_LARGE: ['MARGIN_AMOUNT_TOO_LARGE', 'amount'],
  IDEMPOTENCY_MISMATCH: ['IDEMPOTENCY_KEY_REUSED', null],
};

export function marginRefusal(error: CoreError): AppError {
  const [code, field] = REFUSALS[error] ?? ['MARGIN_REJECTED', null];
  return new AppError(code, field === null ? [] : [{ field, key: `errors.${code}` }]);
}

/** The core refusals of a spot order that are its margin account's (lock, auto-borrow limits). */
const ORDER_REFUSALS: Partial<Record<CoreError, ConstructorParameters<typeof AppError>[0]>> = {
  ACCOUNT_LIQUIDATING: 'MARGIN_LIQUIDATING',
  BORROW_LIMIT_EXCEEDED: 'MARGIN_BORROW_LIMIT',
  POOL_INSUFFICIENT: 'MARGIN_POOL_INSUFFICIENT',
  MARGIN_PRICE_MISSING: 'MARGIN_PRICE_UNAVAILABLE',
  MARGIN_ASSET_UNKNOWN: 'MARGIN_COIN_UNKNOWN',
};

/** A margin order's refusal as its margin error (the auto-borrow's about the quantity), if it is one. */
export function orderRefusal(error: CoreError): AppError | undefined {
  const code = ORDER_REFUSALS[error];
  if (code === undefined) return undefined;
  const aboutQuantity = error === 'BORROW_LIMIT_EXCEEDED' || error === 'POOL_INSUFFICIENT';
  return new AppError(code, aboutQuantity ? [{ field: 'quantity', key: `errors.${code}` }] : []);
}

/** 'BTC_USDT', 'BTC/USDT', 'btcusdt' -> 'btcusdt'. */
export function normalizeSymbol(symbol: string): string {
  return symbol.replace(/[_/-]/g, '').toLowerCase();
}

/** Cut a price to at most 18 decimals (the index may carry more). */
function canonicalPrice(p: string): string | undefined {
  const [int = '', frac = ''] = p.split('.');
  const parsed = tryParseAmount(frac.length > 18 ? `${int}.${frac.slice(0, 18)}` : p);
  if (!parsed.ok || parsed.value <= 0n) return undefined;
  return formatAmount(parsed.value);
}

export class MarginService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly core: () => MoneyCore,
    private readonly market: () => MarginPriceSource | undefined,
    private readonly spotMarkets?: SpotMarkets,
  ) {}

  private reader() {
    return this.core().margin();
  }

  enabled(): boolean {
    return this.reader().config() !== undefined;
  }

  /** The margin account of a mode (and the pair, for isolated). */
  account(mode: MarginMode, symbol: string | undefined): MarginAccountType {
    if (!this.enabled()) throw new AppError('MARGIN_DISABLED');
    if (mode === 'all') return 'margin';
    const s = normalizeSymbol(symbol ?? '');
    if (
      !this.reader()
        .config()
        ?.pairs.some((p) => p.symbol === s)
    )
      throw new AppError('MARGIN_PAIR_UNKNOWN', [{ field: 'symbol', key: 'errors.MARGIN_PAIR_UNKNOWN' }]);
    return `isolated:${s}`;
  }

  /** The assets an account holds or may borrow. */
  assetsOf(account: MarginAccountType): string[] {
    if (account === 'margin')
      return this.reader()
        .pools()
        .map((p) => p.asset);
    const pair = this.reader()
      .config()
      ?.pairs.find((p) => `isolated:${p.symbol}` === account);
    return pair === undefined ? [] : [pair.base, pair.quote];
  }

  requireCoin(account: MarginAccountType, coin: string): string {
    const asset = coin.trim().toUpperCase();
    if (!this.assetsOf(account).includes(asset) || this.reader().pool(asset) === undefined)
      throw new AppError('MARGIN_COIN_UNKNOWN', [{ field: 'coin', key: 'errors.MARGIN_COIN_UNKNOWN' }]);
    return asset;
  }

  /** Index prices of every asset a margin account can hold (USDT is 1). */
  prices(): MarginPrices {
    const out: MarginPrices = { [VALUATION_ASSET]: '1' };
    const assets = new Set<string>(
      this.reader()
        .pools()
        .map((p) => p.asset),
    );
    for (const p of this.reader().config()?.pairs ?? []) {
      assets.add(p.base);
      assets.add(p.quote);
    }
    for (const a of assets) {
      if (a === VALUATION_ASSET) continue;
      const raw = this.market()?.usdtPrice(a);
      const price = raw === undefined ? undefined : canonicalPrice(raw);
      if (price !== undefined) out[a] = price;
    }
    return out;
  }

  private requirePrice(prices: MarginPrices, asset: string): bigint {
    const p = prices[asset];
    if (p === undefined) throw new AppError('MARGIN_PRICE_UNAVAILABLE');
    return parseAmount(p);
  }

  decimalsOf(asset: string): number {
    return this.core().assetLimits(asset)?.decimals ?? 8;
  }

  valuation(userId: string, account: MarginAccountType, prices = this.prices()) {
    const core = this.core();
    return valueAccount(core.balancesOf(userId), account, this.reader().loansOf(userId, account), prices);
  }

  /** getCanborrow: how much of a coin may be borrowed now (equity, leverage, the pool). */
  canBorrow(userId: bigint, mode: MarginMode, symbol: string | undefined, coin: string) {
    const account = this.account(mode, symbol);
    const asset = this.requireCoin(account, coin);
    const prices = this.prices();
    const price = this.requirePrice(prices, asset);
    const v = this.valuation(userId.toString(), account, prices);
    const pool = this.reader().pool(asset);
    const leverage = this.reader().leverageOf(userId.toString(), account);
    const max = borrowable(v, leverage, price, this.decimalsOf(asset), parseAmount(pool?.balance ?? '0'));
    return {
      coin: asset,
      canBorrow: formatAtoms(max),
      poolAvailable: pool?.balance ?? '0',
      hourlyRate: pool?.hourlyRate ?? '0',
      leverage,
    };
  }

  /** preborrow: the quote of a loan (hourly and daily interest at the pool's rate, the level after). */
  preborrow(userId: bigint, mode: MarginMode, symbol: string | undefined, coin: string, amount: string) {
    const account = this.account(mode, symbol);
    const asset = this.requireCoin(account, coin);
    const a = this.amount(asset, amount);
    const pool = this.reader().pool(asset);
    const rate = parseAmount(pool?.hourlyRate ?? '0');
    const decimals = this.decimalsOf(asset);
    const prices = this.prices();
    const price = this.requirePrice(prices, asset);
    const v = this.valuation(userId.toString(), account, prices);
    const added = (a * price) / ONE;
    const after = v.debt + added > 0n ? ((v.assets + added) * ONE) / (v.debt + added) : undefined;
    const can = this.canBorrow(userId, mode, symbol, coin);
    return {
      coin: asset,
      amount: formatAtoms(a),
      hourlyRate: formatAtoms(rate),
      hourlyInterest: formatAtoms(hourlyInterest(a, rate, decimals)),
      dailyInterest: formatAtoms(hourlyInterest(a, rate * 24n, decimals)),
      levelAfter: levelText(after),
      canBorrow: can.canBorrow,
      allowed: a <= parseAmount(can.canBorrow),
    };
  }

  private amount(asset: string, amount: string): bigint {
    const parsed = tryParseAmount(amount.trim(), this.decimalsOf(asset));
    if (!parsed.ok || parsed.value <= 0n)
      throw new AppError('MARGIN_AMOUNT_INVALID', [{ field: 'amount', key: 'errors.MARGIN_AMOUNT_INVALID' }]);
    const max = this.core().assetLimits(asset)?.maxAmount;
    if (max !== undefined && parsed.value > max)
      throw new AppError('MARGIN_AMOUNT_TOO_LARGE', [
        { field: 'amount', key: 'errors.MARGIN_AMOUNT_TOO_LARGE' },
      ]);
    return parsed.value;
  }

  /**
   * The checks the core would refuse with, made before submitting: a refusal the core records still
   * takes a seq, and bad input must change nothing (the core checks again, so a race is still refused).
   */
  private precheck(
    userId: bigint,
    account: MarginAccountType,
    fail: boolean,
    code:
      | 'MARGIN_BORROW_LIMIT'
      | 'MARGIN_REPAY_EXCEEDS_DEBT'
      | 'MARGIN_INSUFFICIENT_BALANCE'
      | 'MARGIN_LEVEL_TOO_LOW',
  ) {
    if (this.reader().isLiquidating(userId.toString(), account)) throw new AppError('MARGIN_LIQUIDATING');
    if (fail) throw new AppError(code, [{ field: 'amount', key: `errors.${code}` }]);
  }

  private available(userId: bigint, asset: string, account: 'spot' | MarginAccountType): bigint {
    return parseAmount(this.core().balance(userId.toString(), asset, account).available);
  }

  private owed(userId: bigint, account: MarginAccountType, asset: string): bigint {
    return this.reader()
      .loansOf(userId.toString(), account)
      .filter((l) => l.asset === asset)
      .reduce((sum, l) => sum + parseAmount(l.principal) + parseAmount(l.interest), 0n);
  }

  private async submit(
    userId: bigint,
    kind: string,
    key: string | undefined,
    body: Record<string, unknown>,
    type: 'margin.borrow' | 'margin.repay' | 'margin.leverage' | 'margin.transfer',
    payload: Record<string, unknown>,
  ) {
    return withIdempotency(
      this.db,
      { userId, route: `margin.${kind}`, key, body, now: this.clock.now(), rerun: true },
      async () => {
        const result = await this.core().submit({
          id: coreCommandId(`margin.${kind}`, userId, key),
          actor: userId.toString(),
          ts: this.clock.now().getTime(),
          type,
          payload: { userId: userId.toString(), ...payload },
        } as Parameters<MoneyCore['submit']>[0]);
        if (!result.ok) throw marginRefusal(result.error);
        return result.reply ?? {};
      },
    );
  }

  async borrow(
    userId: bigint,
    mode: MarginMode,
    symbol: string | undefined,
    coin: string,
    amount: string,
    key: string | undefined,
  ) {
    const account = this.account(mode, symbol);
    const asset = this.requireCoin(account, coin);
    const atoms = this.amount(asset, amount);
    const can = parseAmount(this.canBorrow(userId, mode, symbol, asset).canBorrow);
    this.precheck(userId, account, atoms > can, 'MARGIN_BORROW_LIMIT');
    const a = formatAtoms(atoms);
    const reply = await this.submit(userId, 'borrow', key, { account, asset, amount: a }, 'margin.borrow', {
      account,
      asset,
      amount: a,
      prices: this.prices(),
    });
    return { ...reply, coin: asset, account, property: this.property(userId, mode, symbol) };
  }

  /** still: repay, interest first. */
  async repay(
    userId: bigint,
    mode: MarginMode,
    symbol: string | undefined,
    coin: string,
    amount: string,
    key: string | undefined,
  ) {
    const account = this.account(mode, symbol);
    const asset = this.requireCoin(account, coin);
    const atoms = this.amount(asset, amount);
    this.precheck(userId, account, atoms > this.owed(userId, account, asset), 'MARGIN_REPAY_EXCEEDS_DEBT');
    this.precheck(
      userId,
      account,
      atoms > this.available(userId, asset, account),
      'MARGIN_INSUFFICIENT_BALANCE',
    );
    const a = formatAtoms(atoms);
    const reply = await this.submit(userId, 'repay', key, { account, asset, amount: a }, 'margin.repay', {
      account,
      asset,
      amount: a,
    });
    return { ...reply, coin: asset, account, property: this.property(userId, mode, symbol) };
  }

  async updateLeverage(userId: bigint, symbol: string, leverage: number) {
    const account = this.account('fixed', symbol);
    if (!this.reader().config()?.isolatedLeverages.includes(leverage))
      throw new AppError('MARGIN_LEVERAGE_INVALID', [
        { field: 'leverage', key: 'errors.MARGIN_LEVERAGE_INVALID' },
      ]);
    const v = this.valuation(userId.toString(), account);
    this.precheck(
      userId,
      account,
      v.debt > 0n && !withinLeverage(v.assets, v.debt, leverage),
      'MARGIN_LEVEL_TOO_LOW',
    );
    await this.submit(userId, 'leverage', undefined, { account, leverage }, 'margin.leverage', {
      account,
      leverage,
      prices: this.prices(),
    });
    return this.property(userId, 'fixed', symbol);
  }

  /** A transfer between the spot account and a margin account (the wallet's transfer call delegates here). */
  async transfer(
    userId: bigint,
    input: { coin: string; amount: string; account: MarginAccountType; direction: 'in' | 'out' },
    key: string | undefined,
  ) {
    const asset = this.requireCoin(input.account, input.coin);
    const atoms = this.amount(asset, input.amount);
    if (input.direction === 'in') {
      if (atoms > this.available(userId, asset, 'spot'))
        throw new AppError('MARGIN_INSUFFICIENT_BALANCE', [
          { field: 'amount', key: 'errors.MARGIN_INSUFFICIENT_BALANCE' },
        ]);
    } else {
      const prices = this.prices();
      const v = this.valuation(userId.toString(), input.account, prices);
      const price = prices[asset];
      const room = transferable(
        v,
        this.reader().leverageOf(userId.toString(), input.account),
        price === undefined ? 0n : parseAmount(price),
        this.available(userId, asset, input.account),
      );
      const held = this.available(userId, asset, input.account);
      this.precheck(userId, input.account, atoms > held, 'MARGIN_INSUFFICIENT_BALANCE');
      this.precheck(userId, input.account, atoms > room, 'MARGIN_LEVEL_TOO_LOW');
    }
    const a = formatAtoms(atoms);
    await this.submit(
      userId,
      'transfer',
      key,
      { account: input.account, asset, amount: a, direction: input.direction },
      'margin.transfer',
      { account: input.account, asset, amount: a, direction: input.direction, prices: this.prices() },
    );
    const core = this.core();
    const side = (t: 'spot' | MarginAccountType) => {
      const b = core.balance(userId.toString(), asset, t);
      return { available: b.available, frozen: b.frozen };
    };
    const margin = side(input.account);
    const spot = side('spot');
    return {
      coin: asset,
      amount: a,
      balances: input.direction === 'in' ? { from: spot, to: margin } : { from: margin, to: spot },
    };
  }

  /**
   * The wallet's transfer call with a margin code on one side ('4' or 'margin' cross; '5:<symbol>' or
   * 'isolated:<symbol>' isolated) and the spot account ('1') on the other; undefined when neither side is
   * a margin account (the wallet handles it).
   */
  wireTransfer(
    userId: bigint,
    input: { coin: string; amount: string; from: string; to: string },
    key: string | undefined,
  ): Promise<unknown> | undefined {
    const from = this.marginCode(input.from, 'from');
    const to = this.marginCode(input.to, 'to');
    if (from === undefined && to === undefined) return undefined;
    const spotSide = from === undefined ? input.from.trim() : input.to.trim();
    if (spotSide !== '1' && spotSide !== 'spot') {
      const field = from === undefined ? 'from' : 'to';
      return Promise.reject(
        new AppError('WALLET_ACCOUNT_TYPE_INVALID', [{ field, key: 'errors.WALLET_ACCOUNT_TYPE_INVALID' }]),
      );
    }
    const account = (from ?? to) as MarginAccountType;
    const direction = to !== undefined ? 'in' : 'out';
    const code = account === 'margin' ? '4' : `5:${account.slice('isolated:'.length)}`;
    return (async () => {
      const r = await this.transfer(
        userId,
        { coin: input.coin, amount: input.amount, account, direction },
        key,
      );
      return { ...r, from: direction === 'in' ? '1' : code, to: direction === 'in' ? code : '1' };
    })();
  }

  private marginCode(value: string, field: string): MarginAccountType | undefined {
    const v = value.trim();
    if (v === '4' || v === 'margin') {
      if (!this.enabled()) throw new AppError('MARGIN_DISABLED');
      return 'margin';
    }
    const m = /^(?:5:|isolated:)(.+)$/.exec(v);
    if (m === null) return undefined;
    const s = normalizeSymbol(m[1] ?? '');
    if (
      !this.enabled() ||
      !this.reader()
        .config()
        ?.pairs.some((p) => p.symbol === s)
    )
      throw new AppError('MARGIN_PAIR_UNKNOWN', [{ field, key: 'errors.MARGIN_PAIR_UNKNOWN' }]);
    return `isolated:${s}`;
  }

  /** The core account of a spot order's account code ('4'/'margin', '5'/'isolated' = this market's). */
  orderAccount(userId: bigint, code: string, symbol: string): MarginAccountType {
    const account: MarginAccountType =
      code === '4' || code === 'margin'
        ? this.account('all', undefined)
        : this.account(
            'fixed',
            code === '5' || code === 'isolated' ? symbol : code.slice('isolated:'.length),
          );
    if (account !== 'margin' && account !== `isolated:${symbol}`)
      throw new AppError('MARGIN_PAIR_UNKNOWN', [{ field: 'account', key: 'errors.MARGIN_PAIR_UNKNOWN' }]);
    if (this.reader().isLiquidating(userId.toString(), account)) throw new AppError('MARGIN_LIQUIDATING');
    return account;
  }

  /** marginProperty: the account's coins, debts, totals in USDT, level and thresholds. */
  property(userId: bigint, mode: MarginMode, symbol: string | undefined) {
    const account = this.account(mode, symbol);
    const uid = userId.toString();
    const prices = this.prices();
    const core = this.core();
    const reader = this.reader();
    const loans = reader.loansOf(uid, account);
    const v = this.valuation(uid, account, prices);
    const cfg = reader.config();
    const leverage = reader.leverageOf(uid, account);
    const coins = this.assetsOf(account).map((asset) => {
      const b = core.balance(uid, asset, account);
      const mine = loans.filter((l) => l.asset === asset);
      const borrowed = mine.reduce((s, l) => s + parseAmount(l.principal), 0n);
      const interest = mine.reduce((s, l) => s + parseAmount(l.interest), 0n);
      const held = parseAmount(b.available) + parseAmount(b.frozen);
      const price = prices[asset];
      const p = price === undefined ? 0n : parseAmount(price);
      return {
        coin: asset,
        available: b.available,
        frozen: b.frozen,
        borrowed: formatAtoms(borrowed),
        interest: formatAtoms(interest),
        net: formatAtoms(held - borrowed - interest),
        price: price ?? null,
        transferable: formatAtoms(
          transferable(v, leverage, p, parseAmount(b.available)) -
            (transferable(v, leverage, p, parseAmount(b.available)) %
              (POW10[18 - this.decimalsOf(asset)] as bigint)),
        ),
        hourlyRate: reader.pool(asset)?.hourlyRate ?? '0',
      };
    });
    const level = v.level;
    const call = cfg === undefined ? 0n : parseAmount(cfg.callLevel);
    const liq = cfg === undefined ? 0n : parseAmount(cfg.liquidationLevel);
    return {
      mode,
      account,
      symbol: account === 'margin' ? null : account.slice('isolated:'.length),
      leverage,
      leverages: account === 'margin' ? [leverage] : (cfg?.isolatedLeverages ?? []),
      coins,
      totalAssetUsdt: formatAtoms(v.assets),
      totalDebtUsdt: formatAtoms(v.debt),
      netAssetUsdt: formatAtoms(v.assets - v.debt),
      marginLevel: levelText(level),
      callLevel: cfg?.callLevel ?? null,
      liquidationLevel: cfg?.liquidationLevel ?? null,
      /** 0 safe, 1 margin call (below the call level), 2 liquidation (at or below the liquidation level). */
      risk: level === undefined ? 0 : level <= liq ? 2 : level < call ? 1 : 0,
      liquidating: reader.isLiquidating(uid, account),
    };
  }

  /** getCanborrowList: what the cross account may borrow of every coin. */
  canBorrowList(userId: bigint) {
    return this.reader()
      .pools()
      .filter((p) => p.enabled)
      .map((p) => {
        try {
          return this.canBorrow(userId, 'all', undefined, p.asset);
        } catch {
          return {
            coin: p.asset,
            canBorrow: '0',
            poolAvailable: p.balance,
            hourlyRate: p.hourlyRate,
            leverage: 0,
          };
        }
      });
  }

  /** getDepositRate: every lending pool's hourly and daily rate and what it can lend. */
  depositRates() {
    return this.reader()
      .pools()
      .filter((p) => p.enabled)
      .map((p) => ({
        coin: p.asset,
        hourlyRate: p.hourlyRate,
        dailyRate: formatAtoms(parseAmount(p.hourlyRate) * 24n),
        available: p.balance,
      }));
  }

  /** entrust/borrowOrder: the user's loans (latest state), newest first; status open / repaid / liquidated. */
  async loans(
    userId: bigint,
    mode: MarginMode,
    symbol: string | undefined,
    status: 'all' | 'open' | 'closed',
    current: number,
    size: number,
  ) {
    const conditions: SQL[] = [eq(marginLoans.userId, userId)];
    if (mode === 'all') conditions.push(eq(marginLoans.account, 'margin'));
    else if (symbol !== undefined) conditions.push(eq(marginLoans.account, this.account('fixed', symbol)));
    if (status === 'open') conditions.push(eq(marginLoans.status, 'open'));
    if (status === 'closed') conditions.push(ne(marginLoans.status, 'open'));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(marginLoans)
      .where(where)
      .orderBy(desc(marginLoans.id))
      .limit(size)
      .offset((current - 1) * size);
    const [total] = await this.db.select({ n: count() }).from(marginLoans).where(where);
    const live = new Map(
      this.reader()
        .loansOf(userId.toString())
        .map((l) => [l.loanId, l]),
    );
    const records = rows.map((r) => {
      const open = live.get(r.id.toString());
      return {
        loanId: r.id.toString(),
        account: r.account,
        symbol: r.account === 'margin' ? null : r.account.slice('isolated:'.length),
        coin: r.asset,
        amount: formatAmount(parseAmount(r.amount)),
        principal: open?.principal ?? formatAmount(parseAmount(r.principal)),
        interest: open?.interest ?? formatAmount(parseAmount(r.interest)),
        interestTotal: open?.interestTotal ?? formatAmount(parseAmount(r.interestTotal)),
        hourlyRate: formatAmount(parseAmount(r.hourlyRate)),
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
    return { records, total: Number(total?.n ?? 0), current, size };
  }

  /** Orders from margin accounts (the spot order rows with their account), newest first. */
  async orders(userId: bigint, mode: MarginMode, symbol: string | undefined, current: number, size: number) {
    const conditions: SQL[] = [eq(spotOrders.userId, userId)];
    if (mode === 'all') conditions.push(eq(spotOrders.account, 'margin'));
    else if (symbol !== undefined) conditions.push(eq(spotOrders.account, this.account('fixed', symbol)));
    else conditions.push(like(spotOrders.account, 'isolated:%'));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(spotOrders)
      .where(where)
      .orderBy(desc(spotOrders.id))
      .limit(size)
      .offset((current - 1) * size);
    const [total] = await this.db.select({ n: count() }).from(spotOrders).where(where);
    const markets = this.spotMarkets;
    return {
      records: markets === undefined ? [] : rows.map((r) => orderFromRow(markets, r)),
      total: Number(total?.n ?? 0),
      current,
      size,
    };
  }
}
