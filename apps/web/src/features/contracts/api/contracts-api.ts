// The contract calls the pages use (docs/contracts.md "HTTP API"): markets, book, positions, orders,
// the account, and the order, close, TP/SL, margin and leverage actions. Actions are silent: the page
// shows a refusal (the server's localized message) next to the control.
import { apiGet, apiPost } from '@/lib/api-client';

const COIN = '/api/mjkj-web/coin';

export type ContractType = 'usdt' | 'coin';

export interface ContractMarket {
  symbol: string;
  pair: string;
  /** The index it follows ('BTCUSDT'). */
  indexSymbol?: string;
  type: ContractType;
  settle: string;
  contractSize: string;
  priceDecimals: number;
  qtyDecimals: number;
  minQty: string;
  maxLeverage: number;
  takerFeeRate: string;
  markPrice: string | null;
  indexPrice: string | null;
  lastPrice: string | null;
  openInterest: string;
  fundingRate: string;
  nextFundingTime: number;
  demoLiquidity?: boolean;
}

export interface ContractPosition {
  positionId: string;
  symbol: string;
  pair: string;
  side: 'long' | 'short';
  mode: 'cross' | 'isolated';
  leverage: number;
  qty: string;
  closing: string;
  avgPrice: string;
  margin: string;
  settle: string;
  markPrice: string | null;
  liquidationPrice: string | null;
  unrealizedPnl: string;
  realizedPnl: string;
  roe: string;
  marginRatio: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

export interface ContractOrder {
  orderId: string;
  symbol: string;
  pair: string;
  direction: 1 | 2 | 3 | 4;
  type: 'limit' | 'market' | 'trigger';
  orderType: string;
  price: string;
  /** Stop orders: the mark price that fires it, and what it places then. */
  triggerPrice: string | null;
  triggerType: 'limit' | 'market' | null;
  quantity: string;
  filledQty: string;
  fee: string;
  profit: string;
  leverage: number;
  status: 0 | 1 | 2;
  createdTs: number;
}

export interface Page<T> {
  records: T[];
  total: number;
}

export const contractMarkets = (type: ContractType) =>
  apiGet<{
    markets: ContractMarket[];
    /** Show the risk notice before this user's first order (per deployment and the user's country). */
    riskNotice: boolean;
    /** False: contracts are not offered to this user (`unavailableReason` 'country'). */
    available?: boolean;
    unavailableReason?: 'country' | null;
    demoLiquidity: boolean;
  }>(`${COIN}/open/contract/markets`, { type }, { silent: true });
export const contractDepth = (symbol: string) =>
  apiGet<{ bids: [string, string][]; asks: [string, string][] }>(
    `${COIN}/open/contractDepth/${symbol}`,
    { limit: 8 },
    { silent: true },
  );
export const myPositions = () =>
  apiGet<ContractPosition[]>('/api/contract/position/list', undefined, { silent: true });
export const myOrders = (kind: 'current' | 'history', symbol = 'all') =>
  apiGet<Page<ContractOrder>>(
    `${COIN}/entrust/entrustlogContract/${symbol}/${kind}/1`,
    { size: 50 },
    { silent: true },
  );
export const myAccount = () =>
  apiGet<{ asset: string; available: string; frozen: string }[]>(
    `${COIN}/wallet/contract/account`,
    undefined,
    { silent: true },
  );
export const mySettings = (symbol: string) =>
  apiGet<{ leverage: number; mode: 'cross' | 'isolated' }>(
    `${COIN}/wallet/contract/leverage/${symbol}`,
    undefined,
    {
      silent: true,
    },
  );

export interface PlaceBody {
  symbol: string;
  direction: 1 | 2 | 3 | 4;
  type: 'limit' | 'market';
  price?: string;
  /** A stop order: rests until the mark reaches it. */
  triggerPrice?: string;
  quantity: string;
  leverage?: number;
}
export const placeOrder = (body: PlaceBody) =>
  apiPost<ContractOrder>('/api/contract/order/submit', body, {
    silent: true,
    headers: { 'Idempotency-Key': `c-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  });
export const cancelOrder = (id: string) =>
  apiPost<ContractOrder>(`/api/contract/order/canCelOrder?id=${encodeURIComponent(id)}`, undefined, {
    silent: true,
  });
export const closePosition = (id: string) =>
  apiPost<ContractOrder>(`/api/contract/position/stopOrder?id=${encodeURIComponent(id)}`, undefined, {
    silent: true,
  });
export const closeAll = () =>
  apiPost<ContractOrder[]>(`${COIN}/entrust/contract/close/onekey`, {}, { silent: true });
export const setTpSl = (id: string, takeProfit: string | null, stopLoss: string | null) =>
  apiPost<ContractPosition>('/api/contract/loss/sett', { id, takeProfit, stopLoss }, { silent: true });
export const adjustMargin = (id: string, money: string, flag: 1 | 2) =>
  apiPost<ContractPosition>(`${COIN}/wallet/contract/updateBond`, { id, money, flag }, { silent: true });
export const setLeverage = (symbol: string, leverage: number, mode?: 'cross' | 'isolated') =>
  apiPost<unknown>(
    `${COIN}/wallet/contract/updateLeverageRadio`,
    { symbol, leverage, ...(mode ? { mode } : {}) },
    {
      silent: true,
    },
  );
export const transferToContract = (coin: string, amount: string) =>
  apiPost<unknown>(
    '/api/asset/transferFunds',
    { coin, amount, from: 'spot', to: 'contract' },
    {
      silent: true,
      headers: { 'Idempotency-Key': `t-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    },
  );

export interface ClosedPosition {
  positionId: string;
  symbol: string;
  pair: string;
  side: 'long' | 'short';
  leverage: number;
  qty: string;
  avgPrice: string;
  realizedPnl: string;
  status: 'closed' | 'liquidated';
  closeMark: string | null;
  tickId: string | null;
  closedTs: number;
}
export const myPositionHistory = () =>
  apiGet<Page<ClosedPosition>>('/api/contract/position/history', { size: 50 }, { silent: true });

/** One side of a contract trade the user took (from SQL). */
export interface ContractFill {
  tradeId: string;
  orderId: string;
  symbol: string;
  pair: string;
  direction: 1 | 2 | 3 | 4;
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  fee: string;
  feeAsset: string;
  /** Profit realized by a closing fill, before its fee. */
  pnl: string;
  liquidation: boolean;
  time: number;
}
/** Fills per page of the Fills tab. */
export const FILLS_PAGE_SIZE = 50;
/** One page of the own fills, newest first (`current` from 1). */
export const myFills = (current = 1) =>
  apiGet<Page<ContractFill>>(
    '/api/contract/order/fills',
    { current, size: FILLS_PAGE_SIZE },
    { silent: true },
  );

/** Last-price K-lines of a contract market (from its trades), oldest first. */
export const contractKlines = (
  symbol: string,
  interval: string,
  limit: number,
  signal?: AbortSignal,
  price: 'last' | 'mark' = 'last',
) =>
  apiGet<{ bars?: unknown }>(
    `${COIN}/open/contract/kline/${encodeURIComponent(symbol)}/${encodeURIComponent(interval)}`,
    { limit, price },
    { signal, silent: true },
  );
