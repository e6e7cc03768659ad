// The seconds (speed) contract part of the money core (docs/seconds.md): the periods, the open contracts
// and the seconds pool's exposure, with the commands seconds.period, seconds.place, seconds.settle,
// seconds.void and seconds.pool.
//
// Money: placing freezes the stake on the user's spot account and reserves the payout (stake x rate) in
// the pool's exposure; an order the pool cannot cover (pool balance - exposure < payout) is refused.
// Settling moves, per contract: a win returns the stake and pays the payout from the `seconds_pool`
// system account; a loss moves the stake to the pool; a draw or a void returns the stake. The postings of
// one settle command are summed per user account and per pool asset (a command may settle thousands of
// contracts); what happened to each contract is in its `seconds.order` event (the SQL projection's rows).
//
// Outcomes come only from the ticks the commands carry: the entry tick at acceptance and the first tick
// at or after expiry. The core checks what it can (the entry tick is not from the future and not stale,
// the exit tick is at or after expiry and not after the command), never reads the clock, and the same
// commands replay to the same state.
import { type Amount, mul, roundTo } from '@coin/shared/money';
import { formatAtoms } from '../atoms';
import { compareText, type Ledger, type LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { parseCanonical, reject, requireAsset, requireString } from '../rejection';
import type { Command, CoreEvent } from '../types';
import {
  SECONDS_ENTRY_MAX_AGE_MS,
  SECONDS_MAX_OPEN_PER_USER,
  SECONDS_SETTLE_TOLERANCE_MS,
  type SecondsDirection,
  type SecondsOrderEvent,
  type SecondsPeriodConfig,
  type SecondsPlace,
  type SecondsReader,
  type SecondsStatus,
  type SecondsTick,
} from './seconds-types';

const ONE = 10n ** 18n;
const MAX_RATE = 10n * ONE;
const PERIOD_ID = /^[a-z0-9_-]{1,32}$/;
const SYMBOL = /^[A-Za-z0-9._-]{1,32}$/;
const MAX_SOURCES = 16;
/** How long a seconds command's id is remembered (command time): clients retry an order within
 * seconds; the settlement job re-derives its commands from the open contracts. */
export const SECONDS_IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

interface Period {
  config: SecondsPeriodConfig;
  rate: bigint;
  min: bigint;
  max: bigint;
}

interface Contract {
  seq: number;
  id: string;
  userId: string;
  symbol: string;
  direction: SecondsDirection;
  periodId: string;
  durationSec: number;
  rate: string;
  stake: bigint;
  payout: bigint;
  /** The canonical texts of stake and payout (events carry them; formatted once). */
  stakeText: string;
  payoutText: string;
  asset: string;
  entry: SecondsTick;
  entryPrice: bigint;
  createdTs: number;
  expiresAt: number;
}

/** [periodId, durationSec, rate, minStake, maxStake, enabled, sort] */
type PeriodRow = [string, number, string, string, string, boolean, number];
/** [seq, userId, symbol, direction, periodId, durationSec, rate, stake, payout, asset, entry, createdTs] */
type ContractRow = [
  number,
  string,
  string,
  SecondsDirection,
  string,
  number,
  string,
  string,
  string,
  string,
  SecondsTick,
  number,
];

export interface SecondsSnapshot {
  periods: PeriodRow[];
  open: ContractRow[];
}

function requireTime(v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) reject('INVALID_COMMAND');
  return v;
}

function requireSymbol(v: unknown): string {
  if (typeof v !== 'string' || !SYMBOL.test(v)) reject('INVALID_COMMAND');
  return v;
}

/** A tick as a command carries it, checked for shape; a fresh plain copy (the command object is not kept). */
function requireTick(v: unknown): { tick: SecondsTick; price: bigint } {
  if (typeof v !== 'object' || v === null) reject('INVALID_COMMAND');
  const t = v as Record<string, unknown>;
  const id = requireString(t.id);
  const time = requireTime(t.time);
  const price = parseCanonical(t.price, 'positive');
  const sources = t.sources;
  if (!Array.isArray(sources) || sources.length === 0 || sources.length > MAX_SOURCES)
    reject('INVALID_COMMAND');
  const list: string[] = [];
  for (const s of sources) list.push(requireString(s, 100));
  return { tick: { id, time, price: t.price as string, sources: list }, price };
}

function periodOf(config: unknown): Period {
  if (typeof config !== 'object' || config === null) reject('INVALID_COMMAND');
  const c = config as Record<string, unknown>;
  const periodId = c.periodId;
  if (typeof periodId !== 'string' || !PERIOD_ID.test(periodId)) reject('INVALID_COMMAND');
  const durationSec = c.durationSec;
  if (
    typeof durationSec !== 'number' ||
    !Number.isInteger(durationSec) ||
    durationSec < 5 ||
    durationSec > 86_400
  )
    reject('INVALID_COMMAND');
  const rate = parseCanonical(c.rate, 'positive');
  if (rate > MAX_RATE) reject('INVALID_AMOUNT');
  const min = parseCanonical(c.minStake, 'positive');
  const max = parseCanonical(c.maxStake, 'positive');
  if (min % ONE !== 0n || max % ONE !== 0n) reject('INVALID_QUANTITY');
  if (min > max) reject('STAKE_OUT_OF_RANGE');
  if (typeof c.enabled !== 'boolean') reject('INVALID_COMMAND');
  const sort = c.sort;
  if (typeof sort !== 'number' || !Number.isInteger(sort) || sort < 0 || sort > 10_000)
    reject('INVALID_COMMAND');
  return {
    config: {
      periodId,
      durationSec,
      rate: c.rate as string,
      minStake: c.minStake as string,
      maxStake: c.maxStake as string,
      enabled: c.enabled,
      sort,
    },
    rate,
    min,
    max,
  };
}

/** First index whose contract expires at or after `time` (list sorted by expiry, then seq). */
function lowerBound(list: readonly Contract[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Contract).expiresAt < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose contract expires after `time`. */
function upperBound(list: readonly Contract[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Contract).expiresAt <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function orderEvent(
  c: Contract,
  seq: number,
  status: SecondsStatus,
  exit: SecondsTick | null,
  profit: string,
  settledTs: number | null,
): SecondsOrderEvent {
  return {
    type: 'seconds.order',
    seq,
    orderId: c.id,
    userId: c.userId,
    symbol: c.symbol,
    direction: c.direction,
    periodId: c.periodId,
    durationSec: c.durationSec,
    rate: c.rate,
    stake: c.stakeText,
    payout: c.payoutText,
    asset: c.asset,
    entry: c.entry,
    expiresAt: c.expiresAt,
    status,
    exit,
    profit,
    createdTs: c.createdTs,
    settledTs,
  };
}

/** What a settle or void command does to the user accounts and the pool, summed. */
interface Moves {
  /** `${userId}\u0000${asset}` -> [userId, asset, stakes released from frozen, returned to available] */
  users: Map<string, [string, string, bigint, bigint]>;
  /** asset -> pool delta */
  pool: Map<string, bigint>;
}

export class SecondsPart implements CorePart, SecondsReader {
  readonly name = 'seconds';
  readonly commandTypes = [
    'seconds.period',
    'seconds.place',
    'seconds.settle',
    'seconds.void',
    'seconds.pool',
  ] as const;
  readonly idempotencyWindowMs = SECONDS_IDEMPOTENCY_WINDOW_MS;
  private readonly periodsById = new Map<string, Period>();
  private readonly open = new Map<string, Contract>();
  /** Per symbol, the open contracts sorted by (expiresAt, seq). */
  private readonly bySymbol = new Map<string, Contract[]>();
  /** userId -> open contract count. */
  private readonly openPerUser = new Map<string, number>();
  /** asset -> sum of the open contracts' payouts. */
  private readonly exposureByAsset = new Map<string, bigint>();
  /** The ledger the part last worked with (for the pool >= exposure rule in `violations`). */
  private ledger: Ledger | undefined;

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    this.ledger = ctx.ledger;
    switch (command.type) {
      case 'seconds.period': {
        const p = periodOf(command.payload);
        tx.afterCommit(() => this.periodsById.set(p.config.periodId, p));
        return { ref: p.config.periodId, reply: { periodId: p.config.periodId } };
      }
      case 'seconds.place':
        return this.place(command.payload, tx, ctx);
      case 'seconds.settle': {
        const { symbol: rawSymbol, from: rawFrom, tick: rawTick } = command.payload;
        const symbol = requireSymbol(rawSymbol);
        const from = requireTime(rawFrom);
        const { tick, price } = requireTick(rawTick);
        if (tick.time < from || tick.time > ctx.ts) reject('INVALID_COMMAND');
        return this.close(symbol, from, tick.time, tx, ctx, (c) =>
          tick.time - c.expiresAt <= SECONDS_SETTLE_TOLERANCE_MS ? { tick, price } : undefined,
        );
      }
      case 'seconds.void': {
        const { symbol: rawSymbol, from: rawFrom, through: rawThrough } = command.payload;
        const symbol = requireSymbol(rawSymbol);
        const from = requireTime(rawFrom);
        const through = requireTime(rawThrough);
        if (through < from || through > ctx.ts) reject('INVALID_COMMAND');
        // Only contracts whose whole tolerance window lies in the tick-less span [from, through].
        return this.close(symbol, from, through - SECONDS_SETTLE_TOLERANCE_MS, tx, ctx, () => undefined);
      }
      case 'seconds.pool': {
        const { userId, asset, amount, direction } = command.payload;
        requireString(userId);
        requireAsset(asset);
        const a = parseCanonical(amount, 'positive');
        ctx.ledger.checkAmount(asset, a);
        if (direction === 'in') {
          tx.requireAvailable(userId, asset, 'spot', a);
          tx.user(userId, asset, 'spot', 'available', -a);
          tx.system('seconds_pool', asset, a);
        } else if (direction === 'out') {
          const free = ctx.ledger.systemAmount('seconds_pool', asset) - this.exposureAtoms(asset);
          if (free < a) reject('POOL_INSUFFICIENT');
          tx.system('seconds_pool', asset, -a);
          tx.user(userId, asset, 'spot', 'available', a);
        } else {
          reject('INVALID_COMMAND');
        }
        return { ref: `seconds-pool:${direction}` };
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  private place(p: SecondsPlace, tx: LedgerTx, ctx: ExecContext): Execution {
    const userId = requireString(p.userId);
    const symbol = requireSymbol(p.symbol);
    const asset = requireAsset(p.asset);
    if (p.direction !== 'rise' && p.direction !== 'fall') reject('INVALID_COMMAND');
    const period = this.periodsById.get(requireString(p.periodId, 32)) ?? reject('PERIOD_UNKNOWN');
    const { tick, price } = requireTick(p.tick);
    const stake = parseCanonical(p.stake, 'positive');
    if (stake % ONE !== 0n) reject('INVALID_QUANTITY');
    if (!period.config.enabled) reject('PERIOD_DISABLED');
    if (stake < period.min || stake > period.max) reject('STAKE_OUT_OF_RANGE');
    ctx.ledger.checkAmount(asset, stake);
    if (tick.time > ctx.ts || ctx.ts - tick.time > SECONDS_ENTRY_MAX_AGE_MS) reject('PRICE_STALE');
    if ((this.openPerUser.get(userId) ?? 0) >= SECONDS_MAX_OPEN_PER_USER) reject('TOO_MANY_OPEN_ORDERS');
    const decimals = ctx.ledger.limits(asset)?.decimals ?? 18;
    const payout = roundTo(mul(stake, period.rate as Amount, 'down'), decimals, 'down');
    if (payout <= 0n) reject('INVALID_AMOUNT');
    const free = ctx.ledger.systemAmount('seconds_pool', asset) - this.exposureAtoms(asset);
    if (free < payout) reject('POOL_INSUFFICIENT');
    tx.freeze(userId, asset, 'spot', stake);
    const c: Contract = {
      seq: ctx.seq,
      id: String(ctx.seq),
      userId,
      symbol,
      direction: p.direction,
      periodId: period.config.periodId,
      durationSec: period.config.durationSec,
      rate: period.config.rate,
      stake,
      payout,
      stakeText: formatAtoms(stake),
      payoutText: formatAtoms(payout),
      asset,
      entry: tick,
      entryPrice: price,
      createdTs: ctx.ts,
      expiresAt: ctx.ts + period.config.durationSec * 1000,
    };
    tx.afterCommit(() => this.add(c));
    return {
      ref: c.id,
      events: [orderEvent(c, ctx.seq, 'open', null, '0', null)],
      reply: {
        orderId: c.id,
        expiresAt: c.expiresAt,
        payout: c.payoutText,
        entryPrice: tick.price,
        entryTime: tick.time,
        entryTickId: tick.id,
      },
    };
  }

  /**
   * Closes the open contracts of `symbol` expiring in [from, through]: each settles on what `exitOf`
   * gives it, or is void when it gives nothing. The user postings are summed per account, the pool's per
   * asset; the contracts leave the state after the commit.
   */
  private close(
    symbol: string,
    from: number,
    through: number,
    tx: LedgerTx,
    ctx: ExecContext,
    exitOf: (c: Contract) => { tick: SecondsTick; price: bigint } | undefined,
  ): Execution {
    const list = this.bySymbol.get(symbol);
    const lo = list === undefined ? 0 : lowerBound(list, from);
    const hi = list === undefined || through < from ? lo : upperBound(list, through);
    if (list === undefined || hi <= lo) reject('NOTHING_TO_SETTLE');
    const moves: Moves = { users: new Map(), pool: new Map() };
    const events: CoreEvent[] = [];
    let won = 0;
    let lost = 0;
    let draw = 0;
    let voided = 0;
    for (let i = lo; i < hi; i++) {
      const c = list[i] as Contract;
      const exit = exitOf(c);
      let status: SecondsStatus;
      let back: bigint;
      let pool = 0n;
      let profit: string;
      if (exit === undefined) {
        status = 'void';
        back = c.stake;
        profit = '0';
        voided++;
      } else {
        const cmp = exit.price === c.entryPrice ? 0 : exit.price > c.entryPrice ? 1 : -1;
        const win = c.direction === 'rise' ? cmp > 0 : cmp < 0;
        if (cmp === 0) {
          status = 'draw';
          back = c.stake;
          profit = '0';
          draw++;
        } else if (win) {
          status = 'won';
          back = c.stake + c.payout;
          pool = -c.payout;
          profit = c.payoutText;
          won++;
        } else {
          status = 'lost';
          back = 0n;
          pool = c.stake;
          profit = `-${c.stakeText}`;
          lost++;
        }
      }
      const key = `${c.userId}\u0000${c.asset}`;
      const m = moves.users.get(key);
      if (m === undefined) moves.users.set(key, [c.userId, c.asset, c.stake, back]);
      else {
        m[2] += c.stake;
        m[3] += back;
      }
      if (pool !== 0n) moves.pool.set(c.asset, (moves.pool.get(c.asset) ?? 0n) + pool);
      events.push(orderEvent(c, ctx.seq, status, exit?.tick ?? null, profit, ctx.ts));
    }
    for (const [userId, asset, stakes, back] of moves.users.values()) {
      tx.user(userId, asset, 'spot', 'frozen', -stakes);
      tx.user(userId, asset, 'spot', 'available', back);
    }
    for (const [asset, delta] of moves.pool) tx.system('seconds_pool', asset, delta);
    tx.afterCommit(() => {
      const closed = list.splice(lo, hi - lo);
      if (list.length === 0) this.bySymbol.delete(symbol);
      for (const c of closed) this.forget(c);
    });
    return {
      ref: `${symbol}:${from}-${through}`,
      events,
      reply: { settled: hi - lo, won, lost, draw, voided },
    };
  }

  private add(c: Contract): void {
    this.open.set(c.id, c);
    let list = this.bySymbol.get(c.symbol);
    if (list === undefined) {
      list = [];
      this.bySymbol.set(c.symbol, list);
    }
    // After every contract expiring at the same time (they have lower seqs).
    const at = upperBound(list, c.expiresAt);
    if (at === list.length) list.push(c);
    else list.splice(at, 0, c);
    this.openPerUser.set(c.userId, (this.openPerUser.get(c.userId) ?? 0) + 1);
    this.exposureByAsset.set(c.asset, this.exposureAtoms(c.asset) + c.payout);
  }

  /** Removes a closed contract from every index but the symbol list (the caller spliced it). */
  private forget(c: Contract): void {
    this.open.delete(c.id);
    const n = (this.openPerUser.get(c.userId) ?? 1) - 1;
    if (n === 0) this.openPerUser.delete(c.userId);
    else this.openPerUser.set(c.userId, n);
    const e = this.exposureAtoms(c.asset) - c.payout;
    if (e === 0n) this.exposureByAsset.delete(c.asset);
    else this.exposureByAsset.set(c.asset, e);
  }

  private exposureAtoms(asset: string): bigint {
    return this.exposureByAsset.get(asset) ?? 0n;
  }

  // ---- SecondsReader ----

  periods(): SecondsPeriodConfig[] {
    return [...this.periodsById.values()]
      .map((p) => ({ ...p.config }))
      .sort(
        (a, b) => a.sort - b.sort || a.durationSec - b.durationSec || compareText(a.periodId, b.periodId),
      );
  }

  period(periodId: string): SecondsPeriodConfig | undefined {
    const p = this.periodsById.get(periodId);
    return p === undefined ? undefined : { ...p.config };
  }

  openOrdersOf(userId: string): SecondsOrderEvent[] {
    const out: SecondsOrderEvent[] = [];
    if (!this.openPerUser.has(userId)) return out;
    for (const c of this.open.values()) {
      if (c.userId === userId) out.push(orderEvent(c, c.seq, 'open', null, '0', null));
    }
    return out.sort((a, b) => Number(b.orderId) - Number(a.orderId));
  }

  openOrder(orderId: string): SecondsOrderEvent | undefined {
    const c = this.open.get(orderId);
    return c === undefined ? undefined : orderEvent(c, c.seq, 'open', null, '0', null);
  }

  openCount(): number {
    return this.open.size;
  }

  nextExpiries(): { symbol: string; expiresAt: number }[] {
    const out: { symbol: string; expiresAt: number }[] = [];
    for (const [symbol, list] of this.bySymbol) {
      const first = list[0];
      if (first !== undefined) out.push({ symbol, expiresAt: first.expiresAt });
    }
    return out;
  }

  exposure(asset: string): string {
    return formatAtoms(this.exposureAtoms(asset));
  }

  assets(): string[] {
    const set = new Set(this.exposureByAsset.keys());
    for (const s of this.ledger?.systemAccounts() ?? []) if (s.name === 'seconds_pool') set.add(s.asset);
    return [...set].sort(compareText);
  }

  // ---- CorePart ----

  *holds(): Generator<HeldAmount> {
    for (const c of this.open.values()) {
      yield { userId: c.userId, asset: c.asset, accountType: 'spot', amount: c.stake };
    }
  }

  violations(): string[] {
    const problems: string[] = [];
    const exposure = new Map<string, bigint>();
    const perUser = new Map<string, number>();
    let listed = 0;
    for (const [symbol, list] of this.bySymbol) {
      for (let i = 0; i < list.length; i++) {
        const c = list[i] as Contract;
        const prev = list[i - 1];
        if (this.open.get(c.id) !== c || c.symbol !== symbol)
          problems.push(`seconds: ${c.id} listed but not open`);
        if (
          prev !== undefined &&
          (prev.expiresAt > c.expiresAt || (prev.expiresAt === c.expiresAt && prev.seq > c.seq))
        )
          problems.push(`seconds: ${symbol} list out of order at ${c.id}`);
        listed++;
      }
    }
    if (listed !== this.open.size) problems.push(`seconds: ${this.open.size} open but ${listed} listed`);
    for (const c of this.open.values()) {
      exposure.set(c.asset, (exposure.get(c.asset) ?? 0n) + c.payout);
      perUser.set(c.userId, (perUser.get(c.userId) ?? 0) + 1);
    }
    for (const asset of new Set([...exposure.keys(), ...this.exposureByAsset.keys()])) {
      const want = exposure.get(asset) ?? 0n;
      if (want !== this.exposureAtoms(asset)) problems.push(`seconds: exposure of ${asset} is off`);
      const pool = this.ledger?.systemAmount('seconds_pool', asset);
      if (pool !== undefined && pool < want) problems.push(`seconds: pool of ${asset} below its exposure`);
    }
    for (const [userId, n] of perUser) {
      if (this.openPerUser.get(userId) !== n) problems.push(`seconds: open count of ${userId} is off`);
    }
    if (perUser.size !== this.openPerUser.size)
      problems.push('seconds: open counts list users without contracts');
    return problems;
  }

  /** Undefined while the part has nothing (the snapshot, and so the state hash, of a journal without
   * seconds commands stays what it was before the part existed). */
  snapshot(): SecondsSnapshot | undefined {
    if (this.periodsById.size === 0 && this.open.size === 0) return undefined;
    const periods = [...this.periodsById.values()]
      .map(
        ({ config: c }): PeriodRow => [
          c.periodId,
          c.durationSec,
          c.rate,
          c.minStake,
          c.maxStake,
          c.enabled,
          c.sort,
        ],
      )
      .sort((a, b) => compareText(a[0], b[0]));
    const open = [...this.open.values()]
      .sort((a, b) => a.seq - b.seq)
      .map(
        (c): ContractRow => [
          c.seq,
          c.userId,
          c.symbol,
          c.direction,
          c.periodId,
          c.durationSec,
          c.rate,
          c.stakeText,
          c.payoutText,
          c.asset,
          c.entry,
          c.createdTs,
        ],
      );
    return { periods, open };
  }

  restore(data: unknown, ledger: Ledger): void {
    const { periods, open } = data as SecondsSnapshot;
    this.ledger = ledger;
    this.periodsById.clear();
    this.open.clear();
    this.bySymbol.clear();
    this.openPerUser.clear();
    this.exposureByAsset.clear();
    for (const [periodId, durationSec, rate, minStake, maxStake, enabled, sort] of periods) {
      const p = periodOf({ periodId, durationSec, rate, minStake, maxStake, enabled, sort });
      this.periodsById.set(periodId, p);
    }
    for (const row of open) {
      const [
        seq,
        userId,
        symbol,
        direction,
        periodId,
        durationSec,
        rate,
        stake,
        payout,
        asset,
        entry,
        createdTs,
      ] = row;
      this.add({
        seq,
        id: String(seq),
        userId,
        symbol,
        direction,
        periodId,
        durationSec,
        rate,
        stake: parseCanonical(stake, 'positive'),
        payout: parseCanonical(payout, 'positive'),
        stakeText: stake,
        payoutText: payout,
        asset,
        entry,
        entryPrice: parseCanonical(entry.price, 'positive'),
        createdTs,
        expiresAt: createdTs + durationSec * 1000,
      });
    }
  }
}
