// The platform's funded pools (docs/earn.md "Pools"). Each pool is a system account per asset whose
// balance is money the platform has put in; what it owes active orders (their unpaid full-term interest)
// is reserved. A subscription is refused when the pool's free balance (balance - reserved) cannot cover
// its interest, and a loan when the free balance cannot cover its principal, so a pool never goes below
// zero and nobody is ever paid from another user's money.
//
// A command works on a PoolChange: its checks see the command's own earlier changes, its postings are
// staged on the ledger tx, and the balances change only when the tx commits.
import type { LedgerTx } from '../ledger/ledger';
import { reject } from '../rejection';
import { type EarnPool, POOL_ACCOUNT } from './earn-commands';
import { type PoolState, poolKey } from './earn-state';

export class PoolBook {
  readonly pools = new Map<string, PoolState>();

  get(pool: EarnPool, asset: string): PoolState {
    return this.pools.get(poolKey(pool, asset)) ?? { balance: 0n, reserved: 0n };
  }

  begin(tx: LedgerTx): PoolChange {
    return new PoolChange(this, tx);
  }
}

interface Delta {
  pool: EarnPool;
  asset: string;
  balance: bigint;
  reserved: bigint;
}

export class PoolChange {
  private readonly deltas = new Map<string, Delta>();

  constructor(
    private readonly book: PoolBook,
    private readonly tx: LedgerTx,
  ) {
    tx.afterCommit(() => this.apply());
  }

  private delta(pool: EarnPool, asset: string): Delta {
    const key = poolKey(pool, asset);
    let d = this.deltas.get(key);
    if (d === undefined) {
      d = { pool, asset, balance: 0n, reserved: 0n };
      this.deltas.set(key, d);
    }
    return d;
  }

  /** The balance and reservation as this command would leave them so far. */
  current(pool: EarnPool, asset: string): PoolState {
    const base = this.book.get(pool, asset);
    const d = this.deltas.get(poolKey(pool, asset));
    return d === undefined
      ? base
      : { balance: base.balance + d.balance, reserved: base.reserved + d.reserved };
  }

  free(pool: EarnPool, asset: string): bigint {
    const c = this.current(pool, asset);
    return c.balance - c.reserved;
  }

  /** Commits the pool to pay `amount` later; EARN_POOL_INSUFFICIENT when its free balance is short. */
  reserve(pool: EarnPool, asset: string, amount: bigint): void {
    if (amount === 0n) return;
    if (this.free(pool, asset) < amount) reject('EARN_POOL_INSUFFICIENT');
    this.delta(pool, asset).reserved += amount;
  }

  /** Frees a reservation that will not be paid (an order ended early). */
  release(pool: EarnPool, asset: string, amount: bigint): void {
    this.delta(pool, asset).reserved -= amount;
  }

  /** Pays reserved interest out of the pool; the caller credits the user. */
  payReserved(pool: EarnPool, asset: string, amount: bigint): void {
    if (amount === 0n) return;
    const d = this.delta(pool, asset);
    d.reserved -= amount;
    d.balance -= amount;
    this.tx.system(POOL_ACCOUNT[pool], asset, -amount);
  }

  /** Lends or draws down free balance; EARN_POOL_INSUFFICIENT when it is not there. */
  takeFree(pool: EarnPool, asset: string, amount: bigint): void {
    if (this.free(pool, asset) < amount) reject('EARN_POOL_INSUFFICIENT');
    this.delta(pool, asset).balance -= amount;
    this.tx.system(POOL_ACCOUNT[pool], asset, -amount);
  }

  /** Money into the pool (funding, repayments, penalties); the caller debits the other side. */
  receive(pool: EarnPool, asset: string, amount: bigint): void {
    if (amount === 0n) return;
    this.delta(pool, asset).balance += amount;
    this.tx.system(POOL_ACCOUNT[pool], asset, amount);
  }

  private apply(): void {
    for (const [key, d] of this.deltas) {
      if (d.balance === 0n && d.reserved === 0n) continue;
      const base = this.book.get(d.pool, d.asset);
      this.book.pools.set(key, { balance: base.balance + d.balance, reserved: base.reserved + d.reserved });
    }
  }
}
