// The earn part of the money core (docs/earn.md): pledge mining, finance products, power loans and DeFi
// mining, with the platform's funded pools behind them. It routes each earn command to the product's
// rules (deposit-orders.ts with pledge-rules.ts, finance-rules.ts, defi-rules.ts; loan-rules.ts), owns
// the state slice (earn-state.ts), its snapshot section, the principal it holds frozen and its rules:
// every pool covers what it owes (balance >= reserved >= 0), reservations equal the interest owed to
// active orders, and each pool's balance is its system account's.
//
// A snapshot without an earn section (an older data dir) restores to the empty part, and the empty part
// has no section: a journal without earn commands keeps its state hash.
import { formatAtoms } from '../atoms';
import { compareText, type LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { parseCanonical, parseSigned, reject, requireAsset, requireString } from '../rejection';
import type { Command } from '../types';
import { defiRules } from './defi-rules';
import { accrue, type DepositRules, redeem, redemptionQuote, subscribe } from './deposit-orders';
import {
  type DepositKind,
  EARN_ACCOUNT,
  EARN_POOLS,
  type EarnPool,
  type EarnProductConfig,
  POOL_OF_KIND,
} from './earn-commands';
import { PoolBook } from './earn-pools';
import { checkProductConfig } from './earn-products';
import {
  type EarnSnapshot,
  type LoanState,
  loanEvent,
  loanSnapshot,
  type OrderState,
  orderEvent,
  orderSnapshot,
  type ProductState,
  poolKey,
  productSnapshot,
  restoreLoan,
  restoreOrder,
  restoreProduct,
} from './earn-state';
import type { EarnProductView, EarnReader, LoanQuote, PoolView, RedemptionQuote } from './earn-view';
import { type EarnStore, EarnWork } from './earn-work';
import { financeRules } from './finance-rules';
import { amountsDue, checkLoanConfig, disburse, markOverdue, repay } from './loan-rules';
import { pledgeRules } from './pledge-rules';

const DEPOSIT_RULES: Record<DepositKind, DepositRules> = {
  pledge: pledgeRules,
  finance: financeRules,
  defi: defiRules,
};

const PERIOD_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2})?$/;

function isDeposit(kind: string): kind is DepositKind {
  return kind === 'pledge' || kind === 'finance' || kind === 'defi';
}

export class EarnPart implements CorePart, EarnReader {
  readonly name = 'earn';
  readonly commandTypes = [
    'earn.pool.fund',
    'earn.product.set',
    'earn.subscribe',
    'earn.redeem',
    'earn.accrue',
    'earn.loan.disburse',
    'earn.loan.repay',
  ] as const;
  private readonly store: EarnStore = {
    products: new Map(),
    orders: new Map(),
    loans: new Map(),
    gasPaid: new Map(),
  };
  private readonly pools = new PoolBook();

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    const work = () => new EarnWork(this.store, tx, ctx.ledger, this.pools.begin(tx), ctx.seq, ctx.ts);
    switch (command.type) {
      case 'earn.pool.fund': {
        const { pool, asset, amount, source, ref } = command.payload;
        if (!(EARN_POOLS as readonly unknown[]).includes(pool)) reject('INVALID_COMMAND');
        requireAsset(asset);
        if (source !== 'adjustment' && source !== 'demo_funding') reject('INVALID_COMMAND');
        const r = requireString(ref, 500);
        const a = parseSigned(amount);
        ctx.ledger.checkAmount(asset, a);
        const w = work();
        if (a > 0n) {
          tx.system(source, asset, -a);
          w.pools.receive(pool, asset, a);
        } else {
          // Only what no order is owed may leave.
          w.pools.takeFree(pool, asset, -a);
          tx.system(source, asset, -a);
        }
        return { ref: r, reply: { pool, asset, balance: formatAtoms(w.pools.current(pool, asset).balance) } };
      }
      case 'earn.product.set': {
        const config = (command.payload as { product?: EarnProductConfig }).product;
        if (typeof config !== 'object' || config === null) reject('INVALID_COMMAND');
        const existing = this.store.products.get(config.id);
        checkProductConfig(config, ctx.ledger, existing, (c, ledger) =>
          c.kind === 'loan' ? checkLoanConfig(c, ledger) : DEPOSIT_RULES[c.kind].checkConfig(c, ledger),
        );
        tx.afterCommit(() => {
          if (existing) existing.config = config;
          else
            this.store.products.set(config.id, {
              config,
              createdSeq: ctx.seq,
              sold: 0n,
              paidOut: 0n,
              open: 0,
              users: new Map(),
              addresses: new Set(),
            });
        });
        return { ref: config.id, reply: { productId: config.id } };
      }
      case 'earn.subscribe': {
        const { userId, productId, amount, address } = command.payload;
        requireString(userId);
        const product = this.productOrReject(productId);
        const kind = product.config.kind;
        if (!isDeposit(kind)) reject('EARN_PRODUCT_MISMATCH');
        if (product.config.status !== 'open') reject('EARN_PRODUCT_CLOSED');
        if ((kind === 'defi') !== (address !== undefined)) reject('INVALID_COMMAND');
        const a = parseCanonical(amount, 'positive');
        ctx.ledger.checkAmount(product.config.asset, a);
        const w = work();
        const order = subscribe(w, DEPOSIT_RULES[kind], { product, userId, amount: a, address });
        return {
          ref: order.id,
          events: w.finish(),
          reply: {
            orderId: order.id,
            interestTotal: formatAtoms(order.interestTotal),
            endTs: order.endTs,
            gasFee: order.gasFee === null ? null : formatAtoms(order.gasFee),
          },
        };
      }
      case 'earn.redeem': {
        const { userId, orderId } = command.payload;
        requireString(userId);
        requireString(orderId, 40);
        const w = work();
        const current = w.order(orderId);
        // Someone else's order reads exactly like an unknown one.
        if (current === undefined || current.userId !== userId) reject('EARN_ORDER_UNKNOWN');
        const done = redeem(w, DEPOSIT_RULES[current.kind], current);
        return {
          ref: done.id,
          events: w.finish(),
          reply: {
            orderId: done.id,
            status: done.status,
            returned: formatAtoms(done.amount - done.penalty),
            penalty: formatAtoms(done.penalty),
            interestPaid: formatAtoms(done.paid),
          },
        };
      }
      case 'earn.accrue': {
        const { productId, period } = command.payload;
        if (typeof period !== 'string' || !PERIOD_PATTERN.test(period)) reject('INVALID_COMMAND');
        const product = this.productOrReject(productId);
        const w = work();
        let changed = 0;
        if (product.open === 0) {
          // Nothing to accrue or mark: the common case of a product without orders.
        } else if (product.config.kind === 'loan') {
          for (const l of this.store.loans.values()) {
            if (l.productId === productId && markOverdue(w, l)) changed++;
          }
        } else {
          for (const o of this.store.orders.values()) {
            if (o.productId === productId && accrue(w, o)) changed++;
          }
        }
        return { ref: `${productId}:${period}`, events: w.finish(), reply: { changed } };
      }
      case 'earn.loan.disburse': {
        const { loanId, userId, productId, amount, repayWay } = command.payload;
        requireString(userId);
        const product = this.productOrReject(productId);
        const a = parseCanonical(amount, 'positive');
        ctx.ledger.checkAmount(product.config.asset, a);
        const w = work();
        const loan = disburse(w, product, { loanId, userId, amount: a, repayWay });
        return {
          ref: loan.id,
          events: w.finish(),
          reply: {
            loanId: loan.id,
            interestTotal: formatAtoms(loan.installments.reduce((s, i) => s + i.interest, 0n)),
          },
        };
      }
      case 'earn.loan.repay': {
        const { userId, loanId, mode } = command.payload;
        requireString(userId);
        requireString(loanId, 40);
        const w = work();
        const current = w.loan(loanId);
        if (current === undefined || current.userId !== userId) reject('EARN_LOAN_UNKNOWN');
        const before = current.repaid;
        const l = repay(w, current, mode);
        return {
          ref: l.id,
          events: w.finish(),
          reply: { loanId: l.id, paid: formatAtoms(l.repaid - before), status: l.status },
        };
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  private productOrReject(productId: unknown): ProductState {
    if (typeof productId !== 'string') reject('INVALID_COMMAND');
    return this.store.products.get(productId) ?? reject('EARN_PRODUCT_UNKNOWN');
  }

  // ---- state rules ----

  *holds(): Generator<HeldAmount> {
    for (const o of this.store.orders.values()) {
      if (o.status === 'active')
        yield { userId: o.userId, asset: o.asset, accountType: EARN_ACCOUNT, amount: o.amount };
    }
  }

  violations(): string[] {
    const problems: string[] = [];
    const owed = new Map<string, bigint>();
    const active = new Map<string, bigint>();
    const open = new Map<string, number>();
    for (const o of this.store.orders.values()) {
      if (o.paid > o.interestTotal || o.accrued > o.interestTotal)
        problems.push(`earn order ${o.id} pays more than its interest`);
      if (o.status !== 'active') continue;
      open.set(o.productId, (open.get(o.productId) ?? 0) + 1);
      const key = poolKey(POOL_OF_KIND[o.kind], o.asset);
      owed.set(key, (owed.get(key) ?? 0n) + o.interestTotal - o.paid);
      const u = `${o.productId}\u0000${o.userId}`;
      active.set(u, (active.get(u) ?? 0n) + o.amount);
    }
    for (const l of this.store.loans.values()) {
      if (l.status !== 'settled') open.set(l.productId, (open.get(l.productId) ?? 0) + 1);
      const u = `${l.productId}\u0000${l.userId}`;
      const unpaid = l.installments.reduce((s, i) => s + (i.paidTs === null ? i.principal : 0n), 0n);
      active.set(u, (active.get(u) ?? 0n) + unpaid);
    }
    for (const [key, pool] of this.pools.pools) {
      const where = key.replace('\u0000', '/');
      if (pool.balance < pool.reserved) problems.push(`earn pool ${where} owes more than it holds`);
      if (pool.reserved < 0n) problems.push(`earn pool ${where} has a negative reservation`);
      if (pool.reserved !== (owed.get(key) ?? 0n))
        problems.push(`earn pool ${where} reservation != interest owed`);
    }
    for (const [key, amount] of owed) {
      if (amount !== 0n && !this.pools.pools.has(key))
        problems.push(`earn interest owed without a pool: ${key}`);
    }
    for (const p of this.store.products.values()) {
      if (p.open !== (open.get(p.config.id) ?? 0))
        problems.push(`earn product ${p.config.id} open count is wrong`);
      for (const [userId, c] of p.users) {
        // Counters of pruned closed orders are 0 by then; an active one must match its orders.
        const expected = active.get(`${p.config.id}\u0000${userId}`) ?? 0n;
        if (c.active !== expected) problems.push(`earn counter ${p.config.id}/${userId} != active principal`);
      }
    }
    return problems;
  }

  /** Closed orders and settled loans are history (the SQL projection keeps it) after the window. */
  prune(horizonTs: number): void {
    for (const [id, o] of this.store.orders) {
      if (o.status !== 'active' && o.closedTs !== null && o.closedTs < horizonTs)
        this.store.orders.delete(id);
    }
    for (const [id, l] of this.store.loans) {
      if (l.status === 'settled' && l.closedTs !== null && l.closedTs < horizonTs)
        this.store.loans.delete(id);
    }
  }

  snapshot(): EarnSnapshot | undefined {
    const s = this.store;
    if (s.products.size + s.orders.size + s.loans.size + s.gasPaid.size + this.pools.pools.size === 0)
      return undefined;
    const bySeq = <T extends { seq: number }>(xs: T[]) => xs.sort((x, y) => x.seq - y.seq);
    return {
      products: [...s.products.values()].sort((x, y) => x.createdSeq - y.createdSeq).map(productSnapshot),
      orders: bySeq([...s.orders.values()].map(orderSnapshot)),
      loans: bySeq([...s.loans.values()].map(loanSnapshot)),
      pools: [...this.pools.pools.entries()]
        .map(([key, p]): EarnSnapshot['pools'][number] => {
          const [pool = '', asset = ''] = key.split('\u0000');
          return [pool as EarnPool, asset, formatAtoms(p.balance), formatAtoms(p.reserved)];
        })
        .sort((x, y) => compareText(`${x[0]}\u0000${x[1]}`, `${y[0]}\u0000${y[1]}`)),
      gas: [...s.gasPaid.entries()].sort((x, y) => compareText(x[0], y[0])),
    };
  }

  restore(data: unknown): void {
    const d = data as EarnSnapshot;
    const s = this.store;
    s.products.clear();
    s.orders.clear();
    s.loans.clear();
    s.gasPaid.clear();
    this.pools.pools.clear();
    for (const p of d.products) s.products.set(p.config.id, restoreProduct(p));
    for (const o of d.orders) s.orders.set(o.orderId, restoreOrder(o));
    for (const l of d.loans) s.loans.set(l.loanId, restoreLoan(l));
    for (const [pool, asset, balance, reserved] of d.pools) {
      this.pools.pools.set(poolKey(pool, asset), {
        balance: parseCanonical(balance, 'nonNegative'),
        reserved: parseCanonical(reserved, 'nonNegative'),
      });
    }
    for (const [address, userId] of d.gas) s.gasPaid.set(address, userId);
  }

  // ---- reads (EarnReader) ----

  product(id: string): EarnProductView | undefined {
    const p = this.store.products.get(id);
    if (p === undefined) return undefined;
    let participants = 0;
    let activePrincipal = 0n;
    for (const c of p.users.values()) {
      activePrincipal += c.active;
      if (c.active > 0n) participants++;
    }
    const activeOrders = p.open;
    return {
      config: p.config,
      sold: formatAtoms(p.sold),
      paidOut: formatAtoms(p.paidOut),
      activePrincipal: formatAtoms(activePrincipal),
      activeOrders,
      participants,
      addresses: p.addresses.size,
    };
  }

  products(): EarnProductView[] {
    return [...this.store.products.keys()].flatMap((id) => this.product(id) ?? []);
  }

  userCounter(productId: string, userId: string): { count: number; active: string } {
    const c = this.store.products.get(productId)?.users.get(userId);
    return { count: c?.count ?? 0, active: formatAtoms(c?.active ?? 0n) };
  }

  order(orderId: string) {
    const o = this.store.orders.get(orderId);
    return o === undefined ? undefined : orderEvent(o, o.seq, o.startTs);
  }

  loan(loanId: string) {
    const l = this.store.loans.get(loanId);
    return l === undefined ? undefined : loanEvent(l, l.seq, l.startTs);
  }

  pool(pool: EarnPool, asset: string): PoolView {
    const p = this.pools.get(pool, asset);
    return {
      pool,
      asset,
      balance: formatAtoms(p.balance),
      reserved: formatAtoms(p.reserved),
      free: formatAtoms(p.balance - p.reserved),
    };
  }

  poolList(): PoolView[] {
    return [...this.pools.pools.keys()].sort(compareText).map((key) => {
      const [pool = '', asset = ''] = key.split('\u0000');
      return this.pool(pool as EarnPool, asset);
    });
  }

  gasPaid(address: string): boolean {
    return this.store.gasPaid.has(address);
  }

  redemptionQuote(orderId: string, ts: number): RedemptionQuote | undefined {
    const o: OrderState | undefined = this.store.orders.get(orderId);
    if (o === undefined || o.status !== 'active') return undefined;
    const q = redemptionQuote(DEPOSIT_RULES[o.kind], o, ts);
    return {
      allowed: q.allowed,
      matured: ts >= o.endTs,
      principal: formatAtoms(q.principal),
      penalty: formatAtoms(q.penalty),
      interest: formatAtoms(q.interest),
    };
  }

  loanQuote(loanId: string, ts: number): LoanQuote | undefined {
    const l: LoanState | undefined = this.store.loans.get(loanId);
    if (l === undefined || l.status === 'settled') return undefined;
    const due = amountsDue(l, ts);
    const first = due[0];
    return {
      next: first === undefined ? '0' : formatAtoms(first.total),
      nextPenalty: first === undefined ? '0' : formatAtoms(first.penalty),
      full: formatAtoms(due.reduce((s, d) => s + d.total, 0n)),
      penalty: formatAtoms(due.reduce((s, d) => s + d.penalty, 0n)),
    };
  }

  /** Products with something for the accrual job: active orders or loans not settled. */
  busyProductIds(): string[] {
    return [...this.store.products.values()]
      .filter((p) => p.open > 0)
      .map((p) => p.config.id)
      .sort(compareText);
  }
}
