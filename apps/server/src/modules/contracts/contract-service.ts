// Contract trading for users (docs/contracts.md): every order, cancel, margin change, TP/SL and leverage
// change is a money-core command (the one way in); positions and open orders are read from the core,
// with the mark-price figures (unrealized profit, margin ratio) computed here for display. Core refusals
// become the CONTRACT_* error codes with the field they are about.
import { randomUUID } from 'node:crypto';
import { type Amount, div, formatAmount, mul, parseAmount, sub } from '@coin/shared/money';
import type {
  ContractDirection,
  ContractOrderEvent,
  ContractOrderView,
  ContractPositionView,
  MarginMode,
} from '@/core/contracts/contract-types';
import type { CoreError, MoneyCore } from '@/core/types';
import { AppError, type FieldIssue } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { ContractMarkets, ContractRules } from './contract-markets';

export interface ContractPlaceInput {
  symbol: string;
  direction: ContractDirection;
  type: 'limit' | 'market';
  price?: string | undefined;
  /** A stop (trigger) order: resting in the core until the mark reaches it. */
  triggerPrice?: string | undefined;
  quantity: string;
  leverage?: number | undefined;
}

export interface PositionView extends ContractPositionView {
  pair: string;
  type: 'usdt' | 'coin';
  settle: string;
  /** 1 long, 2 short (the open direction). */
  direction: 1 | 2;
  markPrice: string | null;
  unrealizedPnl: string;
  /** Unrealized profit over margin, percent. */
  roe: string;
  maintenanceMargin: string;
  /** Maintenance margin over equity, percent (100 = liquidation). */
  marginRatio: string;
}

export interface OrderView extends Omit<ContractOrderView, 'hold'> {
  pair: string;
  status: 0 | 1 | 2;
  orderType: string;
  profit: string;
  fee: string;
  filledValue: string;
}

const ORDER_STATUS = { open: 0, filled: 1, cancelled: 2 } as const;

function refusal(error: CoreError): AppError {
  const field = (name: string, code: string): FieldIssue[] => [{ field: name, key: `errors.${code}` }];
  switch (error) {
    case 'MARKET_UNKNOWN':
      return new AppError('CONTRACT_MARKET_UNKNOWN');
    case 'MARKET_HALTED':
      return new AppError('CONTRACT_MARKET_HALTED');
    case 'INVALID_PRICE':
      return new AppError('CONTRACT_PRICE_INVALID', field('price', 'CONTRACT_PRICE_INVALID'));
    case 'INVALID_QUANTITY':
    case 'BELOW_MIN_QTY':
      return new AppError('CONTRACT_QUANTITY_INVALID', field('quantity', 'CONTRACT_QUANTITY_INVALID'));
    case 'INSUFFICIENT_BALANCE':
      return new AppError('CONTRACT_INSUFFICIENT_BALANCE');
    case 'NO_LIQUIDITY':
      return new AppError('CONTRACT_NO_LIQUIDITY');
    case 'ORDER_NOT_FOUND':
      return new AppError('CONTRACT_ORDER_NOT_FOUND');
    case 'POSITION_NOT_FOUND':
      return new AppError('CONTRACT_POSITION_NOT_FOUND');
    case 'LEVERAGE_TOO_HIGH':
      return new AppError('CONTRACT_LEVERAGE_TOO_HIGH', field('leverage', 'CONTRACT_LEVERAGE_TOO_HIGH'));
    case 'REDUCE_ONLY_WOULD_OPEN':
      return new AppError('CONTRACT_REDUCE_ONLY', field('quantity', 'CONTRACT_REDUCE_ONLY'));
    case 'MARGIN_BELOW_INITIAL':
      return new AppError('CONTRACT_MARGIN_BELOW_INITIAL', field('money', 'CONTRACT_MARGIN_BELOW_INITIAL'));
    case 'TPSL_WRONG_SIDE':
      return new AppError('CONTRACT_TPSL_WRONG_SIDE');
    case 'TRIGGER_WRONG_SIDE':
      return new AppError(
        'CONTRACT_TRIGGER_WRONG_SIDE',
        field('triggerPrice', 'CONTRACT_TRIGGER_WRONG_SIDE'),
      );
    case 'TOO_MANY_OPEN_ORDERS':
      return new AppError('CONTRACT_TOO_MANY_STOPS');
    case 'MODE_LOCKED':
      return new AppError('CONTRACT_MODE_LOCKED');
    case 'PRICE_STALE':
      return new AppError('CONTRACT_PRICE_STALE');
    case 'AMOUNT_TOO_LARGE':
      return new AppError('CONTRACT_AMOUNT_TOO_LARGE');
    case 'INVALID_AMOUNT':
      return new AppError('VALIDATION_FAILED', [{ field: 'quantity', key: 'validation.numeric' }]);
    case 'IDEMPOTENCY_MISMATCH':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    default:
      return new AppError('CONTRACT_REJECTED');
  }
}

const amt = (v: string) => parseAmount(v);
const HUNDRED = parseAmount('100');

export class ContractService {
  constructor(
    private readonly clock: Clock,
    private readonly core: () => MoneyCore,
    readonly markets: ContractMarkets,
  ) {}

  private async submit(type: string, actor: string, payload: unknown, id?: string) {
    const result = await this.core().submit({
      id: id ?? `contract:${randomUUID()}`,
      actor,
      ts: this.clock.now().getTime(),
      type,
      payload,
    } as never);
    if (!result.ok) throw refusal(result.error);
    return result;
  }

  async setLeverage(userId: bigint, symbol: string, leverage: number, mode?: MarginMode) {
    const rules = this.markets.find(symbol);
    const current = this.core().contracts().settingsOf(userId.toString(), rules.config.symbol);
    await this.submit('contract.leverage', userId.toString(), {
      userId: userId.toString(),
      symbol: rules.config.symbol,
      leverage,
      mode: mode ?? current.mode,
    });
    return { symbol: rules.config.symbol, leverage, mode: mode ?? current.mode };
  }

  settings(userId: bigint, symbol: string) {
    const rules = this.markets.find(symbol);
    return {
      symbol: rules.config.symbol,
      ...this.core().contracts().settingsOf(userId.toString(), rules.config.symbol),
    };
  }

  async place(userId: bigint, input: ContractPlaceInput, key?: string): Promise<OrderView> {
    const rules = this.markets.find(input.symbol);
    if (rules.config.status === 'halted') throw new AppError('CONTRACT_MARKET_HALTED');
    const uid = userId.toString();
    if (input.leverage !== undefined && input.direction <= 2) {
      const s = this.core().contracts().settingsOf(uid, rules.config.symbol);
      if (s.leverage !== input.leverage) await this.setLeverage(userId, rules.config.symbol, input.leverage);
    }
    const result = await this.submit(
      'contract.place',
      uid,
      {
        userId: uid,
        symbol: rules.config.symbol,
        direction: input.direction,
        type: input.type,
        quantity: input.quantity,
        ...(input.price !== undefined && input.type === 'limit' ? { price: input.price } : {}),
        ...(input.triggerPrice !== undefined ? { triggerPrice: input.triggerPrice } : {}),
      },
      key === undefined ? undefined : `contract:${uid}:${key}`,
    );
    const orderId = String(result.reply?.orderId ?? result.seq);
    const event = result.events.find(
      (e): e is ContractOrderEvent => e.type === 'contract.order' && e.orderId === orderId,
    );
    if (event) return this.orderFromEvent(event);
    const open = this.core().contracts().openOrder(orderId);
    if (open) return this.orderFromOpen(open);
    throw new AppError('CONTRACT_ORDER_NOT_FOUND');
  }

  async cancel(userId: bigint, orderId: string): Promise<OrderView> {
    const open = this.core().contracts().openOrder(orderId);
    if (!open || open.userId !== userId.toString()) throw new AppError('CONTRACT_ORDER_NOT_FOUND');
    const result = await this.submit('contract.cancel', userId.toString(), {
      userId: userId.toString(),
      symbol: open.symbol,
      orderId,
    });
    const event = result.events.find(
      (e): e is ContractOrderEvent => e.type === 'contract.order' && e.orderId === orderId,
    );
    return event ? this.orderFromEvent(event) : { ...this.orderFromOpen(open), status: 2 };
  }

  private ownPosition(userId: bigint, positionId: string): ContractPositionView {
    const p = this.core().contracts().position(positionId);
    if (!p || p.userId !== userId.toString()) throw new AppError('CONTRACT_POSITION_NOT_FOUND');
    return p;
  }

  /** Closes a whole position at market (what is not already committed to close orders). */
  async closePosition(userId: bigint, positionId: string): Promise<OrderView> {
    const p = this.ownPosition(userId, positionId);
    const free = sub(amt(p.qty), amt(p.closing));
    if (free <= 0n) throw new AppError('CONTRACT_REDUCE_ONLY');
    return this.place(userId, {
      symbol: p.symbol,
      direction: p.side === 'long' ? 3 : 4,
      type: 'market',
      quantity: formatAmount(free),
    });
  }

  /** Closes every position (of the named markets, or all) at market; returns the orders. */
  async closeAll(userId: bigint, symbols?: string[]): Promise<OrderView[]> {
    const wanted = symbols?.map((s) => this.markets.find(s, 'oneKeySymbolNameList').config.symbol);
    const out: OrderView[] = [];
    for (const p of this.core().contracts().positionsOf(userId.toString())) {
      if (wanted && !wanted.includes(p.symbol)) continue;
      if (amt(p.qty) - amt(p.closing) <= 0n) continue;
      out.push(await this.closePosition(userId, p.positionId));
    }
    return out;
  }

  async adjustMargin(userId: bigint, positionId: string, money: string, flag: 'add' | 'reduce') {
    this.ownPosition(userId, positionId);
    await this.submit('contract.margin', userId.toString(), {
      userId: userId.toString(),
      positionId,
      amount: money,
      flag,
    });
    return this.positionView(this.ownPosition(userId, positionId));
  }

  async setTpSl(userId: bigint, positionId: string, takeProfit: string | null, stopLoss: string | null) {
    this.ownPosition(userId, positionId);
    await this.submit('contract.tpsl', userId.toString(), {
      userId: userId.toString(),
      positionId,
      takeProfit,
      stopLoss,
    });
    return this.positionView(this.ownPosition(userId, positionId));
  }

  positions(userId: bigint, symbol?: string): PositionView[] {
    const s = symbol === undefined ? undefined : this.markets.find(symbol).config.symbol;
    return this.core()
      .contracts()
      .positionsOf(userId.toString(), s)
      .map((p) => this.positionView(p));
  }

  positionView(p: ContractPositionView): PositionView {
    const rules = this.markets.find(p.symbol);
    const view = this.core().contracts().market(p.symbol);
    const mark = view?.mark ?? null;
    const qty = amt(p.qty);
    const size = amt(rules.config.contractSize);
    const entry = amt(p.entryValue);
    const margin = amt(p.margin);
    let value: Amount = entry;
    if (mark !== null) {
      const units = mul(qty, size, 'down');
      value = rules.type === 'coin' ? div(units, amt(mark), 'down') : mul(units, amt(mark), 'down');
    }
    const up = rules.type === 'coin' ? sub(entry, value) : sub(value, entry);
    const upnl = p.side === 'long' ? up : (-up as Amount);
    const tier =
      rules.config.tiers.find((t) => entry <= amt(t.maxNotional)) ??
      rules.config.tiers[rules.config.tiers.length - 1];
    const mm = mul(value, amt(tier?.mmr ?? '0'), 'up');
    const equity = margin + upnl;
    const d = rules.type === 'coin' ? 8 : 6;
    return {
      ...p,
      pair: rules.pair,
      type: rules.type,
      settle: rules.settle,
      direction: p.side === 'long' ? 1 : 2,
      markPrice: mark,
      unrealizedPnl: formatAmount(upnl as Amount, d),
      roe: margin > 0n ? formatAmount(mul(div(upnl as Amount, margin, 'down'), HUNDRED, 'down'), 2) : '0.00',
      maintenanceMargin: formatAmount(mm, d),
      marginRatio:
        equity > 0n ? formatAmount(mul(div(mm, equity as Amount, 'up'), HUNDRED, 'up'), 2) : '100.00',
    };
  }

  openOrders(userId: bigint, symbol?: string): OrderView[] {
    const s = symbol === undefined ? undefined : this.markets.find(symbol).config.symbol;
    return this.core()
      .contracts()
      .openOrdersOf(userId.toString(), s)
      .map((o) => this.orderFromOpen(o));
  }

  private pairOf(symbol: string): string {
    try {
      return this.markets.find(symbol).pair;
    } catch {
      return symbol.toUpperCase();
    }
  }

  orderFromEvent(e: ContractOrderEvent): OrderView {
    return {
      orderId: e.orderId,
      userId: e.userId,
      symbol: e.symbol,
      pair: this.pairOf(e.symbol),
      direction: e.direction,
      type: e.orderType === 'limit' || e.orderType === 'trigger' ? e.orderType : 'market',
      orderType: e.orderType,
      price: e.price ?? e.triggerPrice ?? '0',
      triggerPrice: e.triggerPrice ?? null,
      triggerType: e.triggerType ?? null,
      quantity: e.quantity,
      filledQty: e.filledQty,
      filledValue: e.filledValue,
      fee: e.fee,
      profit: e.profit,
      leverage: e.leverage,
      status: ORDER_STATUS[e.status],
      createdTs: e.createdTs,
    };
  }

  orderFromOpen(o: ContractOrderView): OrderView {
    return {
      orderId: o.orderId,
      userId: o.userId,
      symbol: o.symbol,
      pair: this.pairOf(o.symbol),
      direction: o.direction,
      type: o.type,
      orderType: o.type,
      price: o.price,
      triggerPrice: o.triggerPrice,
      triggerType: o.triggerType,
      quantity: o.quantity,
      filledQty: o.filledQty,
      filledValue: '0',
      fee: '0',
      profit: '0',
      leverage: o.leverage,
      status: 0,
      createdTs: o.createdTs,
    };
  }

  /** Public view of a market: rules, mark, index, funding, open interest. */
  marketView(rules: ContractRules) {
    const v = this.core().contracts().market(rules.config.symbol);
    const interval = rules.config.fundingIntervalMs;
    const now = this.clock.now().getTime();
    return {
      symbol: rules.config.symbol,
      pair: rules.pair,
      // The index it follows (BTCUSDT): the chart's index-price bars.
      indexSymbol: rules.indexSymbol,
      type: rules.type,
      kind: rules.config.kind,
      settle: rules.settle,
      contractSize: rules.config.contractSize,
      priceDecimals: rules.config.priceDecimals,
      qtyDecimals: rules.config.qtyDecimals,
      minQty: rules.config.minQty,
      maxLeverage: rules.config.maxLeverage,
      makerFeeRate: rules.config.makerFeeRate,
      takerFeeRate: rules.config.takerFeeRate,
      status: rules.config.status,
      markPrice: v?.mark ?? null,
      indexPrice: v?.index ?? null,
      lastPrice: v?.lastPrice ?? null,
      openInterest: v?.openInterest ?? '0',
      fundingRate: v?.predictedFundingRate ?? '0',
      lastFundingRate: v?.lastFundingRate ?? '0',
      fundingIntervalMs: interval,
      nextFundingTime: Math.floor(now / interval) * interval + interval,
    };
  }

  depth(symbol: string, limit: number) {
    return this.core().contracts().depth(symbol, limit) ?? { bids: [], asks: [] };
  }

  /** The contract account's balances in every settle asset. */
  account(userId: bigint) {
    const assets = [...new Set(this.markets.all().map((r) => r.settle))].sort();
    return assets.map((asset) => {
      const b = this.core().balance(userId.toString(), asset, 'contract');
      return { asset, available: b.available, frozen: b.frozen };
    });
  }
}
