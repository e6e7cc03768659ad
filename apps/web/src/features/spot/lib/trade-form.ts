// The headless buy/sell form (like dYdX's trade-form): what the user typed plus the market's rules and the
// available balances in, everything the form shows and sends out. Pure and exact (the shared money
// module's 18-place integers, never a JS number): rounding to the tick and the lot, percent of the
// balance -> quantity, total, estimated fee, the checks before submitting (errors as data with
// translation keys of the `spot` namespace), the request body with the limit order's time in force, and
// what the server's answer means for the user (an IOC or FOK order can end cancelled without an error).
import {
  type Amount,
  cmp,
  div,
  formatAmount,
  isPositive,
  mul,
  parseAmount,
  roundTo,
  sub,
  tryParseAmount,
  ZERO,
} from '@coin/shared/money';
import type { SpotOrder } from './spot-order';
import type { SpotRules } from './spot-rules';

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

/**
 * Time in force of a limit order (docs/spot.md): GTC rests until filled or cancelled; IOC fills what it
 * can at once and cancels the rest; FOK fills entirely at once or not at all; POST_ONLY only rests (the
 * server refuses it with SPOT_POST_ONLY_WOULD_TAKE when it would trade at once). Market orders are IOC.
 */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
export const DEFAULT_TIME_IN_FORCE: TimeInForce = 'GTC';

export interface TradeFormInput {
  side: OrderSide;
  type: OrderType;
  /** Limit price as typed (already sanitised to priceDecimals). */
  price: string;
  /** Base quantity as typed (qtyDecimals); market buys use `amount` instead. */
  quantity: string;
  /** Market buy: quote amount to spend. */
  amount: string;
  /** Limit orders only (GTC when absent); market orders are always IOC. */
  timeInForce?: TimeInForce;
  /** A margin account's code ('4' cross, '5' isolated; docs/margin.md); absent: the spot account. */
  account?: string;
}

export interface Available {
  /** Available base (e.g. BTC) in the spot account, decimal string. */
  base: string;
  /** Available quote (e.g. USDT). */
  quote: string;
}

export type TradeFormField = 'price' | 'quantity' | 'amount';

export interface TradeFormError {
  field: TradeFormField;
  /** Key in the `spot` namespace. */
  key: string;
  vars?: Record<string, string>;
}

export interface TradeFormSummary {
  /** Quote value of the order (limit: price x quantity; market buy: the amount; market sell: estimate). */
  total: string | undefined;
  /** Whether `total` is an estimate at the reference price (market sell) rather than exact. */
  totalEstimated: boolean;
  /** Estimated fee, in the asset the order receives: at the maker rate for post-only, else the taker rate. */
  fee: string | undefined;
  feeAsset: string;
  /** The rate `fee` is estimated at (decimal string, 0.001 = 0.1 %). */
  feeRate: string;
  errors: TradeFormError[];
}

export const PERCENTS = [25, 50, 75, 100] as const;

/** Decimals a quote amount may have: price x quantity is exact at priceDecimals + qtyDecimals. */
export function quoteDecimals(rules: Pick<SpotRules, 'priceDecimals' | 'qtyDecimals'>): number {
  return rules.priceDecimals + rules.qtyDecimals;
}

function parse(value: string | undefined): Amount | undefined {
  if (!value) return undefined;
  const r = tryParseAmount(value);
  return r.ok ? r.value : undefined;
}

function positive(value: string | undefined): Amount | undefined {
  const a = parse(value);
  return a !== undefined && isPositive(a) ? a : undefined;
}

/** The largest multiple of 10^-decimals at or below `value`, as a plain decimal string. */
export function floorToDecimals(value: string, decimals: number): string {
  const a = parse(value);
  if (a === undefined) return '';
  return formatAmount(roundTo(a, decimals, 'down'));
}

/** The quantity (or, for a market buy, the quote amount) for `percent` of the available balance. */
export function percentValue(
  rules: Pick<SpotRules, 'priceDecimals' | 'qtyDecimals'>,
  input: Pick<TradeFormInput, 'side' | 'type' | 'price'>,
  available: Available,
  percent: number,
): string {
  const pct = parseAmount(String(Math.max(0, Math.min(100, Math.trunc(percent)))));
  const hundred = parseAmount('100');
  if (input.side === 'sell') {
    const base = parse(available.base) ?? ZERO;
    return formatAmount(roundTo(div(mul(base, pct, 'down'), hundred, 'down'), rules.qtyDecimals, 'down'));
  }
  const quote = parse(available.quote) ?? ZERO;
  const spend = div(mul(quote, pct, 'down'), hundred, 'down');
  if (input.type === 'market') return formatAmount(roundTo(spend, quoteDecimals(rules), 'down'));
  const price = positive(input.price);
  if (price === undefined) return '';
  return formatAmount(roundTo(div(spend, price, 'down'), rules.qtyDecimals, 'down'));
}

/**
 * Total, fee and errors of the form. `refPrice` (best opposite price or last price) estimates a market
 * sell's proceeds and a market buy's quantity; without it those stay undefined.
 */
export function summarize(
  rules: SpotRules,
  input: TradeFormInput,
  available: Available | undefined,
  refPrice?: string,
): TradeFormSummary {
  const errors: TradeFormError[] = [];
  const qd = quoteDecimals(rules);
  // A post-only order can only ever be the maker; every other order may take.
  const postOnly = input.type === 'limit' && input.timeInForce === 'POST_ONLY';
  const feeRate = postOnly ? rules.makerFeeRate : rules.takerFeeRate;
  const rate = parse(feeRate) ?? ZERO;
  const minQty = parse(rules.minQty) ?? ZERO;
  const minNotional = parse(rules.minNotional) ?? ZERO;
  const feeAsset = input.side === 'buy' ? rules.coin : rules.quote;
  const ref = positive(refPrice);
  let total: Amount | undefined;
  let received: Amount | undefined;
  let totalEstimated = false;

  if (rules.status === 'halted') errors.push({ field: 'quantity', key: 'errors.halted' });

  if (input.type === 'market' && input.side === 'buy') {
    const amount = positive(input.amount);
    if (amount === undefined) errors.push({ field: 'amount', key: 'errors.amountRequired' });
    else {
      total = amount;
      if (cmp(amount, minNotional) < 0)
        errors.push({
          field: 'amount',
          key: 'errors.minNotional',
          vars: { min: rules.minNotional, coin: rules.quote },
        });
      if (ref) received = roundTo(div(amount, ref, 'down'), rules.qtyDecimals, 'down');
    }
  } else {
    const qty = positive(input.quantity);
    const price = input.type === 'limit' ? positive(input.price) : undefined;
    if (input.type === 'limit' && price === undefined)
      errors.push({ field: 'price', key: 'errors.priceRequired' });
    if (qty === undefined) errors.push({ field: 'quantity', key: 'errors.quantityRequired' });
    else {
      if (cmp(qty, minQty) < 0)
        errors.push({
          field: 'quantity',
          key: 'errors.minQty',
          vars: { min: rules.minQty, coin: rules.coin },
        });
      const at = price ?? ref;
      if (at) {
        total = roundTo(mul(at, qty, 'down'), qd, 'down');
        totalEstimated = price === undefined;
        if (price !== undefined && cmp(total, minNotional) < 0)
          errors.push({
            field: 'quantity',
            key: 'errors.minNotional',
            vars: { min: rules.minNotional, coin: rules.quote },
          });
      }
      received = input.side === 'buy' ? qty : total;
    }
  }

  if (available) {
    if (input.side === 'buy' && total !== undefined && cmp(total, parse(available.quote) ?? ZERO) > 0)
      errors.push({
        field: input.type === 'market' ? 'amount' : 'quantity',
        key: 'errors.insufficient',
        vars: { coin: rules.quote },
      });
    const qty = positive(input.quantity);
    if (input.side === 'sell' && qty !== undefined && cmp(qty, parse(available.base) ?? ZERO) > 0)
      errors.push({ field: 'quantity', key: 'errors.insufficient', vars: { coin: rules.coin } });
  }

  const feeDecimals = input.side === 'buy' ? rules.qtyDecimals : qd;
  const fee = received !== undefined ? roundTo(mul(received, rate, 'up'), feeDecimals, 'up') : undefined;
  return {
    total: total === undefined ? undefined : formatAmount(total, qd),
    totalEstimated,
    fee: fee === undefined ? undefined : formatAmount(fee, feeDecimals),
    feeAsset,
    feeRate,
    errors,
  };
}

/** A margin order's side effect (docs/margin.md "Orders from margin accounts"). */
export type SideEffect = 'none' | 'autoBorrow' | 'autoRepay' | 'autoBorrowRepay';

/**
 * What an auto-borrowing order would borrow: what it freezes (a buy: price x quantity or the amount; a
 * sell: the quantity) beyond the available balance; undefined when nothing (or the form is incomplete).
 * A market buy by quantity is not in the form, so the freeze is always known exactly.
 */
export function borrowNeeded(
  rules: Pick<SpotRules, 'priceDecimals' | 'qtyDecimals'>,
  input: Pick<TradeFormInput, 'side' | 'type' | 'price' | 'quantity' | 'amount'>,
  available: Available,
): string | undefined {
  let hold: Amount | undefined;
  let have: Amount;
  if (input.side === 'buy') {
    have = parse(available.quote) ?? ZERO;
    if (input.type === 'market') hold = positive(input.amount);
    else {
      const price = positive(input.price);
      const qty = positive(input.quantity);
      if (price !== undefined && qty !== undefined)
        hold = roundTo(mul(price, qty, 'up'), quoteDecimals(rules), 'up');
    }
  } else {
    have = parse(available.base) ?? ZERO;
    hold = positive(input.quantity);
  }
  if (hold === undefined || cmp(hold, have) <= 0) return undefined;
  return formatAmount(sub(hold, have));
}

export interface OrderRequest {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  price?: string;
  quantity?: string;
  quoteQuantity?: string;
  timeInForce?: TimeInForce;
  account?: string;
  sideEffect?: SideEffect;
}

/** The body of POST /api/currency/order/submit; only call when summarize() found no errors. */
export function orderRequest(rules: SpotRules, input: TradeFormInput): OrderRequest {
  const clean = (v: string) => formatAmount(parseAmount(v));
  if (input.type === 'market') {
    return input.side === 'buy'
      ? { symbol: rules.symbol, side: 'buy', type: 'market', quoteQuantity: clean(input.amount) }
      : { symbol: rules.symbol, side: 'sell', type: 'market', quantity: clean(input.quantity) };
  }
  return {
    symbol: rules.symbol,
    side: input.side,
    type: 'limit',
    price: clean(input.price),
    quantity: clean(input.quantity),
    timeInForce: input.timeInForce ?? DEFAULT_TIME_IN_FORCE,
  };
}

export interface OrderOutcome {
  /** Key in the `spot` namespace. */
  key: string;
  vars: Record<string, string>;
  /** 'success': placed or (partly) filled as asked; 'warning': it ended without doing what was hoped. */
  tone: 'success' | 'warning';
}

/**
 * What the server's answer to a placed order tells the user. Not every unfilled order is a refusal: an
 * IOC order whose rest was cancelled and a FOK order that could not fill entirely are accepted (HTTP 200)
 * and end cancelled; the user must still see that they did not (fully) trade. `filled` and `quantity` are
 * the raw decimal strings; the form formats them.
 */
export function orderOutcome(
  order: Pick<SpotOrder, 'status' | 'cancelReason' | 'filledQty' | 'quantity' | 'coin'>,
): OrderOutcome {
  const filled = parse(order.filledQty) ?? ZERO;
  const vars = { filled: order.filledQty, quantity: order.quantity ?? '', coin: order.coin };
  const partly = isPositive(filled);
  if (order.status === 1) return { key: 'outcome.filled', vars, tone: 'success' };
  if (order.status === 0)
    return { key: partly ? 'outcome.openPartly' : 'outcome.open', vars, tone: 'success' };
  switch (order.cancelReason) {
    case 'fok':
      return { key: 'outcome.fok', vars, tone: 'warning' };
    case 'ioc':
      return { key: partly ? 'outcome.iocPartly' : 'outcome.iocNone', vars, tone: 'warning' };
    default:
      // A market order stopped by its price protection or an empty book, or a self-trade cancel.
      return { key: partly ? 'outcome.cancelledPartly' : 'outcome.cancelledNone', vars, tone: 'warning' };
  }
}
