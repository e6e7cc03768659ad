// One earn command's work in progress: the ledger tx, the pools' change set, and the orders, loans and
// product counters it changes. The rules files read current state through it and record changes on it;
// nothing reaches the part's state until the ledger has accepted the postings (tx.afterCommit), so a
// refused command leaves no trace.
import type { Ledger, LedgerTx } from '../ledger/ledger';
import type { EarnEvent } from './earn-commands';
import type { PoolChange } from './earn-pools';
import {
  type LoanState,
  loanEvent,
  type OrderState,
  orderEvent,
  type ProductState,
  type UserCounter,
} from './earn-state';

export interface EarnStore {
  products: Map<string, ProductState>;
  orders: Map<string, OrderState>;
  loans: Map<string, LoanState>;
  /** Wallet address -> the user whose join paid its gas fee. */
  gasPaid: Map<string, string>;
}

interface ProductDelta {
  open: number;
  sold: bigint;
  paidOut: bigint;
  /** userId -> change of count and active principal. */
  users: Map<string, { count: number; active: bigint }>;
  addresses: string[];
}

export class EarnWork {
  readonly events: EarnEvent[] = [];
  private readonly orders = new Map<string, OrderState>();
  private readonly loans = new Map<string, LoanState>();
  private readonly products = new Map<string, ProductDelta>();
  private readonly gas = new Map<string, string>();

  constructor(
    private readonly store: EarnStore,
    readonly tx: LedgerTx,
    readonly ledger: Ledger,
    readonly pools: PoolChange,
    readonly seq: number,
    readonly ts: number,
  ) {
    tx.afterCommit(() => this.apply());
  }

  /** The asset's decimals as the ledger has them (18 for an asset never configured). */
  decimals(asset: string): number {
    return this.ledger.limits(asset)?.decimals ?? 18;
  }

  private delta(productId: string): ProductDelta {
    let d = this.products.get(productId);
    if (d === undefined) {
      d = { open: 0, sold: 0n, paidOut: 0n, users: new Map(), addresses: [] };
      this.products.set(productId, d);
    }
    return d;
  }

  /** The user's counter in a product as this command would leave it. */
  counter(product: ProductState, userId: string): UserCounter {
    const base = product.users.get(userId) ?? { count: 0, active: 0n };
    const d = this.products.get(product.config.id)?.users.get(userId);
    return d === undefined ? base : { count: base.count + d.count, active: base.active + d.active };
  }

  /** Principal ever subscribed (or lent) as this command would leave it. */
  sold(product: ProductState): bigint {
    return product.sold + (this.products.get(product.config.id)?.sold ?? 0n);
  }

  countUser(productId: string, userId: string, count: number, active: bigint): void {
    const users = this.delta(productId).users;
    const u = users.get(userId) ?? { count: 0, active: 0n };
    users.set(userId, { count: u.count + count, active: u.active + active });
  }

  /** An order (or loan) of the product opened (+1) or closed (-1). */
  addOpen(productId: string, delta: number): void {
    this.delta(productId).open += delta;
  }

  addSold(productId: string, amount: bigint): void {
    this.delta(productId).sold += amount;
  }

  addPaidOut(productId: string, amount: bigint): void {
    this.delta(productId).paidOut += amount;
  }

  addAddress(productId: string, address: string): void {
    this.delta(productId).addresses.push(address);
  }

  /** Whether the address has paid the gas fee (before or earlier in this command). */
  gasPaid(address: string): boolean {
    return this.store.gasPaid.has(address) || this.gas.has(address);
  }

  markGasPaid(address: string, userId: string): void {
    this.gas.set(address, userId);
  }

  /** The order as this command would leave it. */
  order(id: string): OrderState | undefined {
    return this.orders.get(id) ?? this.store.orders.get(id);
  }

  setOrder(o: OrderState): void {
    this.orders.set(o.id, o);
  }

  loan(id: string): LoanState | undefined {
    return this.loans.get(id) ?? this.store.loans.get(id);
  }

  setLoan(l: LoanState): void {
    this.loans.set(l.id, l);
  }

  /** One event per order and loan the command changed, in the order they were first changed. */
  finish(): EarnEvent[] {
    for (const o of this.orders.values()) this.events.push(orderEvent(o, this.seq, this.ts));
    for (const l of this.loans.values()) this.events.push(loanEvent(l, this.seq, this.ts));
    return this.events;
  }

  private apply(): void {
    for (const o of this.orders.values()) this.store.orders.set(o.id, o);
    for (const l of this.loans.values()) this.store.loans.set(l.id, l);
    for (const [address, userId] of this.gas) this.store.gasPaid.set(address, userId);
    for (const [id, d] of this.products) {
      const p = this.store.products.get(id);
      if (p === undefined) continue;
      p.open += d.open;
      p.sold += d.sold;
      p.paidOut += d.paidOut;
      for (const [userId, c] of d.users) {
        const u = p.users.get(userId) ?? { count: 0, active: 0n };
        p.users.set(userId, { count: u.count + c.count, active: u.active + c.active });
      }
      for (const a of d.addresses) p.addresses.add(a);
    }
  }
}
