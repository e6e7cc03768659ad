// The OTC part of the money core (docs/otc.md "Core"): merchant deposits and sell-ad reserves frozen on
// the merchant account (type 8), and each open order's coins in the `otc_escrow` system account. Pure:
// deadlines come with the commands, the clock is the command's ts. Who may act is decided from the actor:
//
//   paid            the buyer, while waiting for payment
//   cancel buyer    the buyer, while waiting for payment      -> coins back to the seller (or the ad)
//   cancel timeout  the system (`system:...`), at or after the deadline, while waiting
//   release         the seller, only once paid                -> coins to the buyer
//   resolve         an operator (`op:...`), only once paid    -> to the buyer or back to the seller
//
// A closed order leaves the state, so a second release or cancel finds nothing (OTC_ORDER_NOT_FOUND).
import type { Amount } from '@coin/shared/money';
import { formatAtoms } from '../atoms';
import { compareText, type Ledger, type LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { parseCanonical, reject, requireAsset, requireString } from '../rejection';
import type { Command, CommandType } from '../types';
import type { OtcAccount, OtcOrderState, OtcOrderView, OtcReader } from './otc-types';

interface Ad {
  adId: string;
  userId: string;
  asset: string;
  remaining: bigint;
}

interface Order {
  seq: number;
  orderId: string;
  sellerId: string;
  buyerId: string;
  asset: string;
  amount: bigint;
  adId: string | null;
  sellerAccount: OtcAccount;
  buyerAccount: OtcAccount;
  deadline: number;
  state: OtcOrderState;
}

type AdRow = [string, string, string, string];
type DepositRow = [string, string, string];
type OrderRow = [
  number,
  string,
  string,
  string,
  string,
  string,
  string | null,
  OtcAccount,
  OtcAccount,
  number,
  OtcOrderState,
];

interface OtcSnapshot {
  ads: AdRow[];
  deposits: DepositRow[];
  orders: OrderRow[];
}

const OTC_COMMANDS = [
  'otc.deposit',
  'otc.deposit.return',
  'otc.ad.open',
  'otc.ad.resize',
  'otc.ad.close',
  'otc.order.open',
  'otc.order.paid',
  'otc.order.release',
  'otc.order.cancel',
  'otc.order.resolve',
] as const satisfies readonly CommandType[];

function account(v: unknown): OtcAccount {
  if (v !== 'spot' && v !== 'merchant') reject('INVALID_COMMAND');
  return v;
}

const isOperator = (actor: string) => actor.startsWith('op:');
const isSystem = (actor: string) => actor.startsWith('system:');

export class OtcPart implements CorePart, OtcReader {
  readonly name = 'otc';
  readonly commandTypes = OTC_COMMANDS;
  private readonly ads = new Map<string, Ad>();
  /** `${userId}\u0000${asset}` -> deposit atoms. */
  private readonly deposits = new Map<string, bigint>();
  private readonly orders = new Map<string, Order>();
  private ledger: Ledger | undefined;

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    this.ledger = ctx.ledger;
    switch (command.type) {
      case 'otc.deposit': {
        const userId = requireString(command.payload.userId);
        const asset = requireAsset(command.payload.asset);
        const amount = parseCanonical(command.payload.amount, 'positive');
        ctx.ledger.checkAmount(asset, amount);
        const key = `${userId}\u0000${asset}`;
        if (this.deposits.has(key)) reject('OTC_EXISTS');
        tx.requireAvailable(userId, asset, 'spot', amount);
        tx.user(userId, asset, 'spot', 'available', -amount);
        tx.user(userId, asset, 'merchant', 'frozen', amount);
        tx.afterCommit(() => this.deposits.set(key, amount));
        return { ref: `otc-deposit:${userId}`, reply: { amount: formatAtoms(amount) } };
      }
      case 'otc.deposit.return': {
        const userId = requireString(command.payload.userId);
        const asset = requireAsset(command.payload.asset);
        const key = `${userId}\u0000${asset}`;
        const amount = this.deposits.get(key) ?? reject('OTC_ORDER_NOT_FOUND');
        tx.user(userId, asset, 'merchant', 'frozen', -amount);
        tx.user(userId, asset, 'spot', 'available', amount);
        tx.afterCommit(() => this.deposits.delete(key));
        return { ref: `otc-deposit:${userId}`, reply: { amount: formatAtoms(amount) } };
      }
      case 'otc.ad.open': {
        const adId = requireString(command.payload.adId);
        const userId = requireString(command.payload.userId);
        const asset = requireAsset(command.payload.asset);
        const amount = parseCanonical(command.payload.amount, 'positive');
        ctx.ledger.checkAmount(asset, amount);
        if (this.ads.has(adId)) reject('OTC_EXISTS');
        tx.freeze(userId, asset, 'merchant', amount);
        tx.afterCommit(() => this.ads.set(adId, { adId, userId, asset, remaining: amount }));
        return { ref: `otc-ad:${adId}`, reply: { remaining: formatAtoms(amount) } };
      }
      case 'otc.ad.resize': {
        const ad = this.ads.get(requireString(command.payload.adId)) ?? reject('OTC_AD_NOT_FOUND');
        const amount = parseCanonical(command.payload.amount, 'nonNegative');
        ctx.ledger.checkAmount(ad.asset, amount);
        const diff = amount - ad.remaining;
        if (diff > 0n) tx.freeze(ad.userId, ad.asset, 'merchant', diff);
        else if (diff < 0n) {
          tx.user(ad.userId, ad.asset, 'merchant', 'frozen', diff);
          tx.user(ad.userId, ad.asset, 'merchant', 'available', -diff);
        }
        tx.afterCommit(() => {
          ad.remaining = amount;
        });
        return { ref: `otc-ad:${ad.adId}`, reply: { remaining: formatAtoms(amount) } };
      }
      case 'otc.ad.close': {
        const ad = this.ads.get(requireString(command.payload.adId)) ?? reject('OTC_AD_NOT_FOUND');
        tx.user(ad.userId, ad.asset, 'merchant', 'frozen', -ad.remaining);
        tx.user(ad.userId, ad.asset, 'merchant', 'available', ad.remaining);
        tx.afterCommit(() => this.ads.delete(ad.adId));
        return { ref: `otc-ad:${ad.adId}`, reply: { returned: formatAtoms(ad.remaining) } };
      }
      case 'otc.order.open':
        return this.open(command.payload, tx, ctx);
      case 'otc.order.paid': {
        const o = this.orderOf(command.payload.orderId);
        if (ctx.actor !== o.buyerId) reject('OTC_NOT_ALLOWED');
        if (o.state !== 'waiting') reject('OTC_WRONG_STATE');
        tx.afterCommit(() => {
          o.state = 'paid';
        });
        return { ref: `otc-order:${o.orderId}`, reply: { state: 'paid' } };
      }
      case 'otc.order.release': {
        const o = this.orderOf(command.payload.orderId);
        if (ctx.actor !== o.sellerId) reject('OTC_NOT_ALLOWED');
        if (o.state !== 'paid') reject('OTC_WRONG_STATE');
        return this.toBuyer(o, tx, 'released');
      }
      case 'otc.order.cancel': {
        const o = this.orderOf(command.payload.orderId);
        const reason = command.payload.reason;
        if (reason === 'buyer') {
          if (ctx.actor !== o.buyerId) reject('OTC_NOT_ALLOWED');
        } else if (reason === 'timeout') {
          if (!isSystem(ctx.actor)) reject('OTC_NOT_ALLOWED');
        } else reject('INVALID_COMMAND');
        if (o.state !== 'waiting') reject('OTC_WRONG_STATE');
        if (reason === 'timeout' && ctx.ts < o.deadline) reject('OTC_NOT_DUE');
        return this.toSeller(o, tx, 'cancelled');
      }
      case 'otc.order.resolve': {
        const o = this.orderOf(command.payload.orderId);
        if (!isOperator(ctx.actor)) reject('OTC_NOT_ALLOWED');
        if (o.state !== 'paid') reject('OTC_WRONG_STATE');
        const to = command.payload.to;
        if (to === 'buyer') return this.toBuyer(o, tx, 'released');
        if (to === 'seller') return this.toSeller(o, tx, 'returned');
        return reject('INVALID_COMMAND');
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  private orderOf(orderId: unknown): Order {
    return this.orders.get(requireString(orderId)) ?? reject('OTC_ORDER_NOT_FOUND');
  }

  private open(
    p: Command & { type: 'otc.order.open' } extends { payload: infer P } ? P : never,
    tx: LedgerTx,
    ctx: ExecContext,
  ): Execution {
    const orderId = requireString(p.orderId);
    const sellerId = requireString(p.sellerId);
    const buyerId = requireString(p.buyerId);
    const asset = requireAsset(p.asset);
    const amount = parseCanonical(p.amount, 'positive');
    const sellerAccount = account(p.sellerAccount);
    const buyerAccount = account(p.buyerAccount);
    const deadline = p.deadline;
    if (typeof deadline !== 'number' || !Number.isSafeInteger(deadline) || deadline <= ctx.ts)
      reject('INVALID_COMMAND');
    if (sellerId === buyerId) reject('INVALID_COMMAND');
    if (ctx.actor !== sellerId && ctx.actor !== buyerId) reject('OTC_NOT_ALLOWED');
    ctx.ledger.checkAmount(asset, amount);
    if (this.orders.has(orderId)) reject('OTC_EXISTS');
    let ad: Ad | undefined;
    if (p.adId !== undefined) {
      ad = this.ads.get(requireString(p.adId)) ?? reject('OTC_AD_NOT_FOUND');
      if (ad.userId !== sellerId || ad.asset !== asset) reject('INVALID_COMMAND');
      if (ad.remaining < amount) reject('INSUFFICIENT_BALANCE');
      tx.user(sellerId, asset, 'merchant', 'frozen', -amount);
    } else {
      tx.requireAvailable(sellerId, asset, sellerAccount, amount);
      tx.user(sellerId, asset, sellerAccount, 'available', -amount);
    }
    tx.system('otc_escrow', asset, amount);
    const order: Order = {
      seq: ctx.seq,
      orderId,
      sellerId,
      buyerId,
      asset,
      amount,
      adId: ad?.adId ?? null,
      sellerAccount,
      buyerAccount,
      deadline,
      state: 'waiting',
    };
    tx.afterCommit(() => {
      if (ad !== undefined) ad.remaining -= amount;
      this.orders.set(orderId, order);
    });
    return {
      ref: `otc-order:${orderId}`,
      reply: { state: 'waiting', adRemaining: ad === undefined ? null : formatAtoms(ad.remaining - amount) },
    };
  }

  private toBuyer(o: Order, tx: LedgerTx, outcome: string): Execution {
    tx.system('otc_escrow', o.asset, -o.amount);
    tx.user(o.buyerId, o.asset, o.buyerAccount, 'available', o.amount);
    tx.afterCommit(() => this.orders.delete(o.orderId));
    return { ref: `otc-order:${o.orderId}`, reply: { outcome, amount: formatAtoms(o.amount) } };
  }

  /** Back to the ad's reserve while the ad is open, else to the seller's account. */
  private toSeller(o: Order, tx: LedgerTx, outcome: string): Execution {
    tx.system('otc_escrow', o.asset, -o.amount);
    const ad = o.adId === null ? undefined : this.ads.get(o.adId);
    if (ad !== undefined) tx.user(o.sellerId, o.asset, 'merchant', 'frozen', o.amount);
    else tx.user(o.sellerId, o.asset, o.sellerAccount, 'available', o.amount);
    tx.afterCommit(() => {
      if (ad !== undefined) ad.remaining += o.amount;
      this.orders.delete(o.orderId);
    });
    return {
      ref: `otc-order:${o.orderId}`,
      reply: { outcome, amount: formatAtoms(o.amount), toAd: ad !== undefined },
    };
  }

  // ---- OtcReader ----

  order(orderId: string): OtcOrderView | undefined {
    const o = this.orders.get(orderId);
    return o === undefined ? undefined : this.view(o);
  }

  overdue(now: number, limit: number): OtcOrderView[] {
    const due: OtcOrderView[] = [];
    for (const o of this.orders.values()) {
      if (due.length >= limit) break;
      if (o.state === 'waiting' && o.deadline <= now) due.push(this.view(o));
    }
    return due;
  }

  private view(o: Order): OtcOrderView {
    return {
      orderId: o.orderId,
      sellerId: o.sellerId,
      buyerId: o.buyerId,
      asset: o.asset,
      amount: formatAtoms(o.amount),
      adId: o.adId,
      sellerAccount: o.sellerAccount,
      buyerAccount: o.buyerAccount,
      deadline: o.deadline,
      state: o.state,
    };
  }

  adReserve(adId: string): string | undefined {
    const ad = this.ads.get(adId);
    return ad === undefined ? undefined : formatAtoms(ad.remaining);
  }

  deposit(userId: string, asset: string): string | undefined {
    const d = this.deposits.get(`${userId}\u0000${asset}`);
    return d === undefined ? undefined : formatAtoms(d);
  }

  escrowed(asset: string): string {
    let sum = 0n;
    for (const o of this.orders.values()) if (o.asset === asset) sum += o.amount;
    return formatAtoms(sum);
  }

  openOrderCount(): number {
    return this.orders.size;
  }

  // ---- CorePart ----

  *holds(): Generator<HeldAmount> {
    for (const ad of this.ads.values()) {
      if (ad.remaining > 0n)
        yield { userId: ad.userId, asset: ad.asset, accountType: 'merchant', amount: ad.remaining };
    }
    for (const [key, amount] of this.deposits) {
      const [userId, asset] = key.split('\u0000') as [string, string];
      yield { userId, asset, accountType: 'merchant', amount };
    }
  }

  violations(): string[] {
    const problems: string[] = [];
    const escrow = new Map<string, bigint>();
    for (const o of this.orders.values()) {
      if (o.amount <= 0n) problems.push(`otc: order ${o.orderId} has no amount`);
      escrow.set(o.asset, (escrow.get(o.asset) ?? 0n) + o.amount);
    }
    for (const ad of this.ads.values()) {
      if (ad.remaining < 0n) problems.push(`otc: ad ${ad.adId} reserve below zero`);
    }
    const assets = new Set(escrow.keys());
    for (const s of this.ledger?.systemAccounts() ?? []) if (s.name === 'otc_escrow') assets.add(s.asset);
    for (const asset of assets) {
      const want = escrow.get(asset) ?? 0n;
      const have = this.ledger?.systemAmount('otc_escrow', asset) ?? want;
      if (have !== want) problems.push(`otc: escrow of ${asset} is ${have}, open orders ${want}`);
    }
    return problems;
  }

  /** Undefined while empty: journals without OTC commands keep their state hash. */
  snapshot(): OtcSnapshot | undefined {
    if (this.ads.size === 0 && this.deposits.size === 0 && this.orders.size === 0) return undefined;
    const ads = [...this.ads.values()]
      .map((a): AdRow => [a.adId, a.userId, a.asset, formatAtoms(a.remaining)])
      .sort((a, b) => compareText(a[0], b[0]));
    const deposits = [...this.deposits]
      .map(([key, amount]): DepositRow => {
        const [userId, asset] = key.split('\u0000') as [string, string];
        return [userId, asset, formatAtoms(amount)];
      })
      .sort((a, b) => compareText(a[0], b[0]) || compareText(a[1], b[1]));
    const orders = [...this.orders.values()]
      .sort((a, b) => a.seq - b.seq)
      .map(
        (o): OrderRow => [
          o.seq,
          o.orderId,
          o.sellerId,
          o.buyerId,
          o.asset,
          formatAtoms(o.amount),
          o.adId,
          o.sellerAccount,
          o.buyerAccount,
          o.deadline,
          o.state,
        ],
      );
    return { ads, deposits, orders };
  }

  restore(data: unknown, ledger: Ledger): void {
    const { ads, deposits, orders } = data as OtcSnapshot;
    this.ledger = ledger;
    this.ads.clear();
    this.deposits.clear();
    this.orders.clear();
    for (const [adId, userId, asset, remaining] of ads)
      this.ads.set(adId, { adId, userId, asset, remaining: parseCanonical(remaining, 'nonNegative') });
    for (const [userId, asset, amount] of deposits)
      this.deposits.set(`${userId}\u0000${asset}`, parseCanonical(amount, 'positive'));
    for (const row of orders) {
      const [
        seq,
        orderId,
        sellerId,
        buyerId,
        asset,
        amount,
        adId,
        sellerAccount,
        buyerAccount,
        deadline,
        state,
      ] = row;
      this.orders.set(orderId, {
        seq,
        orderId,
        sellerId,
        buyerId,
        asset,
        amount: parseCanonical(amount, 'positive') as Amount,
        adId,
        sellerAccount,
        buyerAccount,
        deadline,
        state,
      });
    }
  }
}
