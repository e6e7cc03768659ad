// The spot-margin part of the money core (docs/margin.md): the margin configuration, the lending pool
// of each asset, the open loans, the isolated accounts' leverage and the accounts being liquidated.
//
// Money: margin balances are ordinary ledger accounts of the user (type 'margin' for cross,
// 'isolated:<symbol>' per pair); spot orders draw on them through the spot part's `account` field.
// Borrowing moves the pool (system account 'margin_lending_pool') to the margin account and records a
// loan; repaying moves it back, interest first. Interest is a claim recorded on the loan by the hourly
// `margin.accrue` and paid to the pool. A liquidation's shortfall is paid to the pool by margin's own
// insurance fund ('margin_insurance_fund', not the perpetuals'), which takes what is left in the account:
// never by another user.
//
// This part reads balances through the tx (staged) and its own state only; prices come with commands.
import { formatAtoms } from '../atoms';
import type { Ledger, LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount, OrderAccountHooks } from '../part';
import { parseCanonical, parseSigned, reject, requireAsset, requireString } from '../rejection';
import type { AccountType, Command, CoreEvent } from '../types';
import { hourlyInterest, levelAtOrBelow, min, ONE, valueDown, valueUp, withinLeverage } from './margin-math';
import {
  MARGIN_LIQUIDATOR_ACTOR,
  type MarginAccountType,
  type MarginCommand,
  type MarginConfig,
  type MarginLoanEvent,
  type MarginLoanStatus,
  type MarginLoanView,
  type MarginPoolView,
  type MarginPrices,
  type MarginReader,
} from './margin-types';

const HOUR_MS = 3_600_000;
const SYMBOL_PATTERN = /^[a-z0-9]{2,32}$/;
export const MARGIN_POOL = 'margin_lending_pool' as const;
export const MARGIN_INSURANCE = 'margin_insurance_fund' as const;

interface Pool {
  rate: bigint;
  enabled: boolean;
  balance: bigint;
  lent: bigint;
  interestEarned: bigint;
  covered: bigint;
}

interface Loan {
  id: number;
  userId: string;
  account: MarginAccountType;
  asset: string;
  amount: bigint;
  principal: bigint;
  interest: bigint;
  interestTotal: bigint;
  rate: bigint;
  createdTs: number;
}

interface ParsedConfig {
  raw: MarginConfig;
  callLevel: bigint;
  liquidationLevel: bigint;
  pairs: Map<string, { base: string; quote: string }>;
}

export interface MarginSnapshot {
  config: MarginConfig | null;
  /** [asset, rate, enabled, balance, lent, interestEarned, covered], sorted by asset. */
  pools: [string, string, boolean, string, string, string, string][];
  /** [id, userId, account, asset, amount, principal, interest, interestTotal, rate, createdTs], by id. */
  loans: [number, string, string, string, string, string, string, string, string, number][];
  /** [userId, account, leverage], sorted. */
  leverage: [string, string, number][];
  /** [userId, account], sorted. */
  liquidating: [string, string][];
  lastHour: number;
}

const keyOf = (userId: string, account: string) => `${userId}\u0000${account}`;

function parseLevel(v: unknown): bigint {
  const a = parseCanonical(v, 'positive');
  if (a <= ONE) reject('INVALID_COMMAND');
  return a;
}

function parseLeverage(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 2 || v > 125) reject('INVALID_COMMAND');
  return v;
}

export function parseMarginConfig(c: MarginConfig): ParsedConfig {
  if (typeof c !== 'object' || c === null) reject('INVALID_COMMAND');
  const callLevel = parseLevel(c.callLevel);
  const liquidationLevel = parseLevel(c.liquidationLevel);
  if (liquidationLevel >= callLevel) reject('INVALID_COMMAND');
  parseLeverage(c.crossLeverage);
  if (
    !Array.isArray(c.isolatedLeverages) ||
    c.isolatedLeverages.length === 0 ||
    c.isolatedLeverages.length > 10
  )
    reject('INVALID_COMMAND');
  for (const l of c.isolatedLeverages) parseLeverage(l);
  if (!Array.isArray(c.pairs) || c.pairs.length > 500) reject('INVALID_COMMAND');
  const pairs = new Map<string, { base: string; quote: string }>();
  for (const p of c.pairs) {
    if (typeof p !== 'object' || p === null || typeof p.symbol !== 'string' || !SYMBOL_PATTERN.test(p.symbol))
      reject('INVALID_COMMAND');
    const base = requireAsset(p.base);
    const quote = requireAsset(p.quote);
    if (base === quote || pairs.has(p.symbol)) reject('INVALID_COMMAND');
    pairs.set(p.symbol, { base, quote });
  }
  return { raw: c, callLevel, liquidationLevel, pairs };
}

export class MarginPart implements CorePart, MarginReader, OrderAccountHooks {
  readonly name = 'margin';
  readonly commandTypes = [
    'margin.configure',
    'margin.pool.set',
    'margin.pool.fund',
    'margin.transfer',
    'margin.leverage',
    'margin.borrow',
    'margin.repay',
    'margin.accrue',
    'margin.liquidate.begin',
    'margin.liquidate.settle',
  ] as const;
  private cfg: ParsedConfig | undefined;
  private readonly poolMap = new Map<string, Pool>();
  private readonly loans = new Map<number, Loan>();
  private readonly leverage = new Map<string, number>();
  private readonly liquidating = new Set<string>();
  private lastHour = 0;

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    const c = command as Command & MarginCommand;
    switch (c.type) {
      case 'margin.configure': {
        const parsed = parseMarginConfig(c.payload);
        tx.afterCommit(() => {
          this.cfg = parsed;
        });
        return { ref: 'margin.configure' };
      }
      case 'margin.pool.set': {
        const { asset, hourlyRate, enabled } = c.payload;
        requireAsset(asset);
        const rate = parseCanonical(hourlyRate, 'nonNegative');
        if (rate >= ONE / 100n) reject('INVALID_AMOUNT');
        if (typeof enabled !== 'boolean') reject('INVALID_COMMAND');
        tx.afterCommit(() => {
          const p = this.poolOf(asset);
          p.rate = rate;
          p.enabled = enabled;
        });
        return { ref: asset };
      }
      case 'margin.pool.fund':
        return this.fund(c.payload, tx, ctx);
      case 'margin.transfer':
        return this.transfer(c.payload, tx, ctx);
      case 'margin.leverage':
        return this.setLeverage(c.payload, tx, ctx);
      case 'margin.borrow':
        return this.borrow(c.payload, tx, ctx);
      case 'margin.repay':
        return this.repay(c.payload, tx, ctx);
      case 'margin.accrue':
        return this.accrue(c.payload.hourTs, tx, ctx);
      case 'margin.liquidate.begin':
        return this.liquidateBegin(c.payload, tx, ctx);
      case 'margin.liquidate.settle':
        return this.liquidateSettle(c.payload, tx, ctx);
      default:
        return reject('INVALID_COMMAND');
    }
  }

  // ---- reader ----

  config(): MarginConfig | undefined {
    return this.cfg?.raw;
  }

  pool(asset: string): MarginPoolView | undefined {
    const p = this.poolMap.get(asset);
    return p === undefined ? undefined : poolView(asset, p);
  }

  pools(): MarginPoolView[] {
    return [...this.poolMap.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([a, p]) => poolView(a, p));
  }

  loansOf(userId: string, account?: MarginAccountType): MarginLoanView[] {
    const out: MarginLoanView[] = [];
    for (const l of this.loans.values()) {
      if (l.userId === userId && (account === undefined || l.account === account)) out.push(loanView(l));
    }
    return out.sort((a, b) => Number(a.loanId) - Number(b.loanId));
  }

  openAccounts(): { userId: string; account: MarginAccountType }[] {
    const seen = new Map<string, { userId: string; account: MarginAccountType }>();
    for (const l of this.loans.values())
      seen.set(keyOf(l.userId, l.account), { userId: l.userId, account: l.account });
    for (const k of this.liquidating) {
      const [userId = '', account = ''] = k.split('\u0000');
      seen.set(k, { userId, account: account as MarginAccountType });
    }
    return [...seen.values()];
  }

  leverageOf(userId: string, account: MarginAccountType): number {
    if (account === 'margin') return this.cfg?.raw.crossLeverage ?? 3;
    return this.leverage.get(keyOf(userId, account)) ?? this.cfg?.raw.isolatedLeverages[0] ?? 3;
  }

  isLiquidating(userId: string, account: MarginAccountType): boolean {
    return this.liquidating.has(keyOf(userId, account));
  }

  lastAccruedHour(): number {
    return this.lastHour;
  }

  /** The assets a margin account may hold: the pair's for isolated, every asset with a pool for cross. */
  accountAssets(account: MarginAccountType): string[] {
    if (account === 'margin') return [...this.poolMap.keys()].sort();
    const pair = this.cfg?.pairs.get(account.slice('isolated:'.length));
    return pair === undefined ? [] : [pair.base, pair.quote];
  }

  // ---- commands ----

  private fund(
    p: { asset: string; amount: string; source: string; ref: string },
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const asset = requireAsset(p.asset);
    if (p.source !== 'adjustment' && p.source !== 'demo_funding') reject('INVALID_COMMAND');
    const ref = requireString(p.ref, 500);
    const a = parseSigned(p.amount);
    ctx.ledger.checkAmount(asset, a);
    const pool = this.poolMap.get(asset) ?? reject('MARGIN_ASSET_UNKNOWN');
    if (pool.balance + a < 0n) reject('POOL_INSUFFICIENT');
    tx.system(p.source, asset, -a);
    tx.system(MARGIN_POOL, asset, a);
    tx.afterCommit(() => {
      pool.balance += a;
    });
    return { ref, reply: { asset, balance: formatAtoms(pool.balance + a) } };
  }

  private transfer(
    p: {
      userId: string;
      account: MarginAccountType;
      asset: string;
      amount: string;
      direction: 'in' | 'out';
      prices: MarginPrices;
    },
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const userId = requireString(p.userId);
    const account = this.requireAccount(p.account);
    const asset = this.requireAccountAsset(account, p.asset);
    const amount = parseCanonical(p.amount, 'positive');
    ctx.ledger.checkAmount(asset, amount);
    if (p.direction === 'in') {
      tx.requireAvailable(userId, asset, 'spot', amount);
      tx.user(userId, asset, 'spot', 'available', -amount);
      tx.user(userId, asset, account, 'available', amount);
    } else if (p.direction === 'out') {
      if (this.isLiquidating(userId, account)) reject('ACCOUNT_LIQUIDATING');
      tx.requireAvailable(userId, asset, account, amount);
      tx.user(userId, asset, account, 'available', -amount);
      tx.user(userId, asset, 'spot', 'available', amount);
      if (this.hasDebt(userId, account)) {
        const v = this.valuation(userId, account, tx, p.prices);
        if (!withinLeverage(v.assets, v.debt, this.leverageOf(userId, account)))
          reject('MARGIN_LEVEL_TOO_LOW');
      }
    } else {
      reject('INVALID_COMMAND');
    }
    return { ref: `${p.direction}:${account}` };
  }

  private setLeverage(
    p: { userId: string; account: MarginAccountType; leverage: number; prices: MarginPrices },
    tx: LedgerTx,
    _ctx: ExecContext,
  ): Execution {
    const userId = requireString(p.userId);
    const account = this.requireAccount(p.account);
    if (account === 'margin') reject('LEVERAGE_NOT_ALLOWED');
    const cfg = this.cfg ?? reject('MARGIN_ASSET_UNKNOWN');
    if (!cfg.raw.isolatedLeverages.includes(p.leverage)) reject('LEVERAGE_NOT_ALLOWED');
    if (this.isLiquidating(userId, account)) reject('ACCOUNT_LIQUIDATING');
    if (this.hasDebt(userId, account)) {
      const v = this.valuation(userId, account, tx, p.prices);
      if (!withinLeverage(v.assets, v.debt, p.leverage)) reject('MARGIN_LEVEL_TOO_LOW');
    }
    tx.afterCommit(() => {
      this.leverage.set(keyOf(userId, account), p.leverage);
    });
    return { ref: account, reply: { leverage: p.leverage } };
  }

  private borrow(
    p: { userId: string; account: MarginAccountType; asset: string; amount: string; prices: MarginPrices },
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const userId = requireString(p.userId);
    const account = this.requireAccount(p.account);
    const asset = this.requireAccountAsset(account, p.asset);
    const amount = parseCanonical(p.amount, 'positive');
    const loan = this.stageBorrow(userId, account, asset, amount, p.prices, tx, ctx);
    return {
      ref: String(loan.id),
      events: [this.loanEvent(loan, 'open', 0n, ctx)],
      reply: { loanId: String(loan.id), amount: formatAtoms(amount) },
    };
  }

  /**
   * A loan of `amount` from the pool into the account, staged in `tx` (the loan's id is the command's
   * seq: one loan per command). Refuses beyond the pool, the leverage, or on a locked account.
   */
  private stageBorrow(
    userId: string,
    account: MarginAccountType,
    asset: string,
    amount: bigint,
    prices: MarginPrices,
    tx: LedgerTx,
    ctx: ExecContext,
  ): Loan {
    ctx.ledger.checkAmount(asset, amount);
    const pool = this.poolMap.get(asset) ?? reject('MARGIN_ASSET_UNKNOWN');
    if (!pool.enabled) reject('MARGIN_ASSET_UNKNOWN');
    if (this.isLiquidating(userId, account)) reject('ACCOUNT_LIQUIDATING');
    if (pool.balance < amount) reject('POOL_INSUFFICIENT');
    tx.system(MARGIN_POOL, asset, -amount);
    tx.user(userId, asset, account, 'available', amount);
    const loan: Loan = {
      id: ctx.seq,
      userId,
      account,
      asset,
      amount,
      principal: amount,
      interest: 0n,
      interestTotal: 0n,
      rate: pool.rate,
      createdTs: ctx.ts,
    };
    const v = this.valuation(userId, account, tx, prices, [loan]);
    if (!withinLeverage(v.assets, v.debt, this.leverageOf(userId, account))) reject('BORROW_LIMIT_EXCEEDED');
    tx.afterCommit(() => {
      this.loans.set(loan.id, loan);
      pool.balance -= amount;
      pool.lent += amount;
    });
    return loan;
  }

  // ---- orders from margin accounts (OrderAccountHooks, called by the spot part) ----

  /**
   * A spot order from a margin account: refused while the account is liquidating (but the liquidator's
   * own orders); with `borrow`, borrows exactly what the available balance lacks of `amount`, in the same
   * command as the order (so there is never a loan without its order, nor the reverse).
   */
  beforeOrder(
    req: {
      userId: string;
      account: AccountType;
      asset: string;
      amount: bigint;
      borrow: boolean;
      prices: unknown;
    },
    tx: LedgerTx,
    ctx: ExecContext,
  ): CoreEvent[] | undefined {
    const account = this.requireAccount(req.account);
    if (this.isLiquidating(req.userId, account) && (req.borrow || ctx.actor !== MARGIN_LIQUIDATOR_ACTOR))
      reject('ACCOUNT_LIQUIDATING');
    if (!req.borrow) return undefined;
    const asset = this.requireAccountAsset(account, req.asset);
    const short = req.amount - tx.balanceOf(req.userId, asset, account).available;
    if (short <= 0n) return undefined;
    const loan = this.stageBorrow(req.userId, account, asset, short, req.prices as MarginPrices, tx, ctx);
    return [this.loanEvent(loan, 'open', 0n, ctx)];
  }

  /**
   * Orders flagged to repay received `credits` (net of fees) in this command: per user, account and
   * asset, the debt in that asset is repaid from them (interest first, oldest loan first), up to what is
   * owed and what is available. Never refuses.
   */
  afterProceeds(
    credits: { userId: string; account: AccountType; asset: string; amount: bigint }[],
    tx: LedgerTx,
    ctx: ExecContext,
  ): CoreEvent[] {
    const sums = new Map<
      string,
      { userId: string; account: MarginAccountType; asset: string; amount: bigint }
    >();
    for (const c of credits) {
      const account = asMarginAccount(c.account);
      if (account === undefined) continue;
      const key = `${keyOf(c.userId, account)}\u0000${c.asset}`;
      const s = sums.get(key);
      if (s === undefined) sums.set(key, { userId: c.userId, account, asset: c.asset, amount: c.amount });
      else s.amount += c.amount;
    }
    const events: CoreEvent[] = [];
    for (const s of sums.values()) {
      const mine = this.openLoans(s.userId, s.account, s.asset);
      if (mine.length === 0) continue;
      const owed = mine.reduce((sum, l) => sum + l.principal + l.interest, 0n);
      const pay = min(min(s.amount, owed), tx.balanceOf(s.userId, s.asset, s.account).available);
      if (pay <= 0n) continue;
      tx.user(s.userId, s.asset, s.account, 'available', -pay);
      tx.system(MARGIN_POOL, s.asset, pay);
      events.push(...this.payLoans(mine, pay, 'repaid', tx, ctx).events);
    }
    return events;
  }

  private repay(
    p: { userId: string; account: MarginAccountType; asset: string; amount: string },
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const userId = requireString(p.userId);
    const account = this.requireAccount(p.account);
    const asset = this.requireAccountAsset(account, p.asset);
    const amount = parseCanonical(p.amount, 'positive');
    ctx.ledger.checkAmount(asset, amount);
    const mine = this.openLoans(userId, account, asset);
    const owed = mine.reduce((s, l) => s + l.principal + l.interest, 0n);
    if (amount > owed) reject('REPAY_EXCEEDS_DEBT');
    tx.requireAvailable(userId, asset, account, amount);
    tx.user(userId, asset, account, 'available', -amount);
    tx.system(MARGIN_POOL, asset, amount);
    const { events, interestPaid, principalPaid } = this.payLoans(mine, amount, 'repaid', tx, ctx);
    return {
      ref: `${account}:${asset}`,
      events,
      reply: { interestPaid: formatAtoms(interestPaid), principalPaid: formatAtoms(principalPaid) },
    };
  }

  /** Pays `amount` (already posted to the pool) into `loans`: interest first, then principal, oldest first. */
  private payLoans(
    loans: Loan[],
    amount: bigint,
    closeAs: MarginLoanStatus,
    tx: LedgerTx,
    ctx: ExecContext,
  ): { events: CoreEvent[]; interestPaid: bigint; principalPaid: bigint } {
    let left = amount;
    const paidInterest = new Map<number, bigint>();
    const paidPrincipal = new Map<number, bigint>();
    for (const l of loans) {
      const x = min(left, l.interest);
      paidInterest.set(l.id, x);
      left -= x;
    }
    for (const l of loans) {
      const x = min(left, l.principal);
      paidPrincipal.set(l.id, x);
      left -= x;
    }
    let interestPaid = 0n;
    let principalPaid = 0n;
    const events: CoreEvent[] = [];
    for (const l of loans) {
      const i = paidInterest.get(l.id) ?? 0n;
      const pr = paidPrincipal.get(l.id) ?? 0n;
      if (i === 0n && pr === 0n) continue;
      interestPaid += i;
      principalPaid += pr;
      const after = { ...l, interest: l.interest - i, principal: l.principal - pr };
      const done = after.interest === 0n && after.principal === 0n;
      events.push(this.loanEvent(after, done ? closeAs : 'open', 0n, ctx));
      tx.afterCommit(() => {
        l.interest = after.interest;
        l.principal = after.principal;
        if (done) this.loans.delete(l.id);
      });
    }
    const asset = loans[0]?.asset;
    if (asset !== undefined) {
      const pool = this.poolOf(asset);
      tx.afterCommit(() => {
        pool.balance += interestPaid + principalPaid;
        pool.lent -= principalPaid;
        pool.interestEarned += interestPaid;
      });
    }
    return { events, interestPaid, principalPaid };
  }

  private accrue(hourTs: unknown, tx: LedgerTx, ctx: ExecContext): Execution {
    if (typeof hourTs !== 'number' || !Number.isSafeInteger(hourTs) || hourTs <= 0 || hourTs % HOUR_MS !== 0)
      reject('INVALID_COMMAND');
    if (hourTs <= this.lastHour) reject('ALREADY_ACCRUED');
    const events: CoreEvent[] = [];
    const updates: [Loan, bigint][] = [];
    for (const l of [...this.loans.values()].sort((a, b) => a.id - b.id)) {
      if (l.createdTs >= hourTs || l.principal === 0n) continue;
      const decimals = ctx.ledger.limits(l.asset)?.decimals ?? 18;
      const due = hourlyInterest(l.principal, l.rate, decimals);
      if (due === 0n) continue;
      updates.push([l, due]);
      events.push(
        this.loanEvent(
          { ...l, interest: l.interest + due, interestTotal: l.interestTotal + due },
          'open',
          0n,
          ctx,
        ),
      );
    }
    tx.afterCommit(() => {
      this.lastHour = hourTs;
      for (const [l, due] of updates) {
        l.interest += due;
        l.interestTotal += due;
      }
    });
    return { ref: String(hourTs), events, reply: { loans: updates.length } };
  }

  private liquidateBegin(
    p: { userId: string; account: MarginAccountType; prices: MarginPrices },
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const userId = requireString(p.userId);
    const account = this.requireAccount(p.account);
    const cfg = this.cfg ?? reject('MARGIN_ASSET_UNKNOWN');
    if (this.isLiquidating(userId, account)) reject('ACCOUNT_LIQUIDATING');
    const v = this.valuation(userId, account, tx, p.prices);
    if (!levelAtOrBelow(v.assets, v.debt, cfg.liquidationLevel)) reject('NOT_LIQUIDATABLE');
    tx.afterCommit(() => {
      this.liquidating.add(keyOf(userId, account));
    });
    return {
      ref: account,
      events: [
        {
          type: 'margin.liquidation',
          seq: ctx.seq,
          userId,
          account,
          phase: 'begin',
          shortfall: {},
          recovered: {},
          ts: ctx.ts,
        },
      ],
    };
  }

  private liquidateSettle(
    p: { userId: string; account: MarginAccountType },
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const userId = requireString(p.userId);
    const account = this.requireAccount(p.account);
    if (!this.isLiquidating(userId, account)) reject('NOT_LIQUIDATABLE');
    const assets = this.heldAssets(userId, account, tx);
    for (const a of assets) if (tx.balanceOf(userId, a, account).frozen > 0n) reject('OPEN_ORDERS_EXIST');
    const events: CoreEvent[] = [];
    const shortfall: Record<string, string> = {};
    const recovered: Record<string, string> = {};
    const byAsset = new Map<string, Loan[]>();
    for (const l of this.openLoans(userId, account)) {
      const list = byAsset.get(l.asset) ?? [];
      list.push(l);
      byAsset.set(l.asset, list);
    }
    let anyShortfall = false;
    for (const [asset, loans] of [...byAsset.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const owed = loans.reduce((s, l) => s + l.principal + l.interest, 0n);
      const available = tx.balanceOf(userId, asset, account).available;
      const paid = min(available, owed);
      const gap = owed - paid;
      tx.user(userId, asset, account, 'available', -paid);
      if (gap > 0n) {
        anyShortfall = true;
        tx.system(MARGIN_INSURANCE, asset, -gap);
        shortfall[asset] = formatAtoms(gap);
        const pool = this.poolOf(asset);
        tx.afterCommit(() => {
          pool.covered += gap;
        });
      }
      tx.system(MARGIN_POOL, asset, owed);
      events.push(...this.payLoans(loans, owed, 'liquidated', tx, ctx).events);
    }
    if (anyShortfall) {
      // The insurance fund covered a loss: it takes whatever the account still holds.
      for (const a of assets) {
        const left = tx.balanceOf(userId, a, account).available;
        if (left <= 0n) continue;
        tx.user(userId, a, account, 'available', -left);
        tx.system(MARGIN_INSURANCE, a, left);
        recovered[a] = formatAtoms(left);
      }
    }
    tx.afterCommit(() => {
      this.liquidating.delete(keyOf(userId, account));
    });
    events.push({
      type: 'margin.liquidation',
      seq: ctx.seq,
      userId,
      account,
      phase: 'settled',
      shortfall,
      recovered,
      ts: ctx.ts,
    });
    return { ref: account, events, reply: { shortfall: anyShortfall } };
  }

  // ---- helpers ----

  private requireAccount(v: unknown): MarginAccountType {
    if (v === 'margin') return 'margin';
    if (typeof v === 'string' && v.startsWith('isolated:')) {
      if (this.cfg?.pairs.has(v.slice('isolated:'.length))) return v as MarginAccountType;
      reject('MARGIN_ASSET_UNKNOWN');
    }
    return reject('INVALID_COMMAND');
  }

  private requireAccountAsset(account: MarginAccountType, v: unknown): string {
    const asset = requireAsset(v);
    if (!this.accountAssets(account).includes(asset)) reject('MARGIN_ASSET_UNKNOWN');
    return asset;
  }

  private poolOf(asset: string): Pool {
    let p = this.poolMap.get(asset);
    if (p === undefined) {
      p = { rate: 0n, enabled: false, balance: 0n, lent: 0n, interestEarned: 0n, covered: 0n };
      this.poolMap.set(asset, p);
    }
    return p;
  }

  private openLoans(userId: string, account: MarginAccountType, asset?: string): Loan[] {
    const out: Loan[] = [];
    for (const l of this.loans.values()) {
      if (l.userId === userId && l.account === account && (asset === undefined || l.asset === asset))
        out.push(l);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  private hasDebt(userId: string, account: MarginAccountType): boolean {
    for (const l of this.loans.values()) if (l.userId === userId && l.account === account) return true;
    return false;
  }

  /** Assets with a balance in the account (staged) or a loan, sorted. */
  private heldAssets(userId: string, account: MarginAccountType, tx: LedgerTx): string[] {
    const set = new Set<string>(this.accountAssets(account));
    for (const l of this.openLoans(userId, account)) set.add(l.asset);
    return [...set]
      .filter((a) => {
        const b = tx.balanceOf(userId, a, account);
        return b.available + b.frozen > 0n || this.openLoans(userId, account, a).length > 0;
      })
      .sort();
  }

  /**
   * The account valued at `prices` as this tx leaves it: assets (available + frozen, rounded down) and
   * debt (principal + interest of its loans and `extra` ones, rounded up). MARGIN_PRICE_MISSING when an
   * asset that counts has no price.
   */
  private valuation(
    userId: string,
    account: MarginAccountType,
    tx: LedgerTx,
    prices: MarginPrices,
    extra: Loan[] = [],
  ): { assets: bigint; debt: bigint } {
    if (typeof prices !== 'object' || prices === null) reject('MARGIN_PRICE_MISSING');
    const priceOf = (asset: string): bigint => {
      const v = Object.hasOwn(prices, asset) ? prices[asset] : undefined;
      if (v === undefined) return reject('MARGIN_PRICE_MISSING');
      return parseCanonical(v, 'positive');
    };
    let assets = 0n;
    let debt = 0n;
    for (const a of this.heldAssets(userId, account, tx)) {
      const b = tx.balanceOf(userId, a, account);
      if (b.available + b.frozen > 0n) assets += valueDown(b.available + b.frozen, priceOf(a));
    }
    for (const l of [...this.openLoans(userId, account), ...extra]) {
      debt += valueUp(l.principal + l.interest, priceOf(l.asset));
    }
    return { assets, debt };
  }

  private loanEvent(l: Loan, status: MarginLoanStatus, covered: bigint, ctx: ExecContext): MarginLoanEvent {
    return {
      type: 'margin.loan',
      seq: ctx.seq,
      loanId: String(l.id),
      userId: l.userId,
      account: l.account,
      asset: l.asset,
      amount: formatAtoms(l.amount),
      principal: formatAtoms(l.principal),
      interest: formatAtoms(l.interest),
      interestTotal: formatAtoms(l.interestTotal),
      hourlyRate: formatAtoms(l.rate),
      status,
      covered: formatAtoms(covered),
      createdTs: l.createdTs,
      ts: ctx.ts,
    };
  }

  // ---- invariants, holds, snapshot ----

  holds(): Iterable<HeldAmount> {
    return [];
  }

  violations(): string[] {
    const problems: string[] = [];
    const lent = new Map<string, bigint>();
    for (const l of this.loans.values()) {
      if (l.principal < 0n || l.interest < 0n) problems.push(`loan ${l.id} negative`);
      if (l.principal === 0n && l.interest === 0n) problems.push(`loan ${l.id} repaid but open`);
      if (l.principal > l.amount) problems.push(`loan ${l.id} owes more principal than lent`);
      lent.set(l.asset, (lent.get(l.asset) ?? 0n) + l.principal);
    }
    for (const [asset, p] of this.poolMap) {
      if (p.balance < 0n) problems.push(`margin pool ${asset} below zero`);
      if (p.lent !== (lent.get(asset) ?? 0n)) problems.push(`margin pool ${asset} lent ${p.lent} != loans`);
    }
    return problems;
  }

  /** The pool's own account of its balance (tests compare it with the ledger's system account). */
  poolBalance(asset: string): bigint {
    return this.poolMap.get(asset)?.balance ?? 0n;
  }

  snapshot(): MarginSnapshot | undefined {
    if (
      this.cfg === undefined &&
      this.poolMap.size + this.loans.size + this.leverage.size + this.liquidating.size === 0 &&
      this.lastHour === 0
    )
      return undefined;
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return {
      config: this.cfg?.raw ?? null,
      pools: [...this.poolMap.entries()]
        .sort(([a], [b]) => text(a, b))
        .map(([a, p]) => [
          a,
          formatAtoms(p.rate),
          p.enabled,
          formatAtoms(p.balance),
          formatAtoms(p.lent),
          formatAtoms(p.interestEarned),
          formatAtoms(p.covered),
        ]),
      loans: [...this.loans.values()]
        .sort((a, b) => a.id - b.id)
        .map((l) => [
          l.id,
          l.userId,
          l.account,
          l.asset,
          formatAtoms(l.amount),
          formatAtoms(l.principal),
          formatAtoms(l.interest),
          formatAtoms(l.interestTotal),
          formatAtoms(l.rate),
          l.createdTs,
        ]),
      leverage: [...this.leverage.entries()]
        .map(([k, v]): [string, string, number] => {
          const [u = '', a = ''] = k.split('\u0000');
          return [u, a, v];
        })
        .sort((x, y) => text(`${x[0]}\u0000${x[1]}`, `${y[0]}\u0000${y[1]}`)),
      liquidating: [...this.liquidating].sort(text).map((k): [string, string] => {
        const [u = '', a = ''] = k.split('\u0000');
        return [u, a];
      }),
      lastHour: this.lastHour,
    };
  }

  restore(data: unknown, _ledger: Ledger): void {
    const s = data as MarginSnapshot;
    this.cfg = s.config === null ? undefined : parseMarginConfig(s.config);
    const n = (v: string) => parseSigned(v === '0' ? '0' : v);
    const amt = (v: string) => (v === '0' ? 0n : n(v));
    for (const [asset, rate, enabled, balance, lent, earned, covered] of s.pools) {
      this.poolMap.set(asset, {
        rate: amt(rate),
        enabled,
        balance: amt(balance),
        lent: amt(lent),
        interestEarned: amt(earned),
        covered: amt(covered),
      });
    }
    for (const [id, userId, account, asset, amount, principal, interest, total, rate, createdTs] of s.loans) {
      this.loans.set(id, {
        id,
        userId,
        account: account as MarginAccountType,
        asset,
        amount: amt(amount),
        principal: amt(principal),
        interest: amt(interest),
        interestTotal: amt(total),
        rate: amt(rate),
        createdTs,
      });
    }
    for (const [u, a, v] of s.leverage) this.leverage.set(keyOf(u, a), v);
    for (const [u, a] of s.liquidating) this.liquidating.add(keyOf(u, a));
    this.lastHour = s.lastHour;
  }
}

function poolView(asset: string, p: Pool): MarginPoolView {
  return {
    asset,
    hourlyRate: formatAtoms(p.rate),
    enabled: p.enabled,
    balance: formatAtoms(p.balance),
    lent: formatAtoms(p.lent),
    interestEarned: formatAtoms(p.interestEarned),
    covered: formatAtoms(p.covered),
  };
}

function loanView(l: Loan): MarginLoanView {
  return {
    loanId: String(l.id),
    userId: l.userId,
    account: l.account,
    asset: l.asset,
    amount: formatAtoms(l.amount),
    principal: formatAtoms(l.principal),
    interest: formatAtoms(l.interest),
    interestTotal: formatAtoms(l.interestTotal),
    hourlyRate: formatAtoms(l.rate),
    createdTs: l.createdTs,
  };
}

/** A ledger account type as a margin account type, when it is one. */
export function asMarginAccount(t: AccountType): MarginAccountType | undefined {
  return t === 'margin' || t.startsWith('isolated:') ? (t as MarginAccountType) : undefined;
}
