// The contracts part's snapshot section and its restore (docs/contracts.md): markets with their mark
// state and resting orders, positions, settings. Indexes (liquidation triggers, TP/SL sets, close
// commitments, open interest) are rebuilt on restore.

import { compareText, type Ledger } from '../ledger/ledger';
import { BUY, SELL, type Side } from '../spot/order-book';
import { type ContractMarket, fmt, newContractMarket, parseContractConfig } from './contract-market';
import type { ContractsState, Stop } from './contract-state';
import { type Order, type Position, posKey } from './contract-state';
import { addStop } from './contract-stops';
import type { ContractDirection, ContractMarketConfig, MarginMode } from './contract-types';

/** [id, userId, direction, priceTicks, lots, filledLots, filledValue, fee, hold, leverage, profit, createdTs] */
export type OrderRow = [
  number,
  string,
  ContractDirection,
  number,
  number,
  number,
  string,
  string,
  string,
  number,
  string,
  number,
];
/** [id, userId, symbol, long, mode, leverage, lots, cost, margin, realized, tp, sl, openedTs, ts] */
export type PositionRow = [
  number,
  string,
  string,
  boolean,
  MarginMode,
  number,
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
];

/** [id, userId, direction, orderType, priceTicks, triggerTicks, lots, createdTs] */
export type StopRow = [number, string, ContractDirection, 'limit' | 'market', number, number, number, number];

export interface ContractsSnapshot {
  markets: {
    config: ContractMarketConfig;
    state: [number, number, string, number, number, string, number, number, string, number];
    orders: OrderRow[];
    /** Resting stop orders, id order; absent when none (snapshots without stops keep their hash). */
    stops?: StopRow[];
  }[];
  positions: PositionRow[];
  /** [userId, symbol, leverage, mode] */
  settings: [string, string, number, MarginMode][];
}

export function snapshot(st: ContractsState): ContractsSnapshot | undefined {
  // Nothing configured: no section, so journals without contracts keep their state hash.
  if (st.byMarket.size === 0 && st.settings.size === 0) return undefined;
  const markets = [...st.byMarket.values()]
    .sort((a, b) => compareText(a.symbol, b.symbol))
    .map((m) => {
      const orders: OrderRow[] = [];
      for (const side of [BUY, SELL] as const) {
        for (const r of m.book.orders(side)) {
          const o = st.orders.get(r.id) as Order;
          orders.push([
            o.id,
            o.userId,
            o.direction,
            o.priceTicks,
            o.lots,
            o.filledLots,
            fmt(o.filledValue),
            fmt(o.fee),
            fmt(o.hold),
            o.leverage,
            fmt(o.profit),
            o.createdTs,
          ]);
        }
      }
      const state: ContractsSnapshot['markets'][number]['state'] = [
        m.markTicks,
        m.indexTicks,
        m.tickId,
        m.tickTime,
        m.basis,
        fmt(m.premiumSum),
        m.premiumCount,
        m.lastFundingAt,
        fmt(m.lastFundingRate),
        m.lastTradeTicks,
      ];
      const stops: StopRow[] = [...st.stops.values()]
        .filter((x) => x.symbol === m.symbol)
        .sort((a, b) => a.id - b.id)
        .map((x) => [
          x.id,
          x.userId,
          x.direction,
          x.orderType,
          x.priceTicks,
          x.triggerTicks,
          x.lots,
          x.createdTs,
        ]);
      return stops.length > 0
        ? { config: m.config, state, orders, stops }
        : { config: m.config, state, orders };
    });
  const positions: PositionRow[] = [...st.byId.values()]
    .sort((a, b) => a.id - b.id)
    .map((p) => [
      p.id,
      p.userId,
      p.symbol,
      p.long,
      p.mode,
      p.leverage,
      p.lots,
      fmt(p.cost),
      fmt(p.margin),
      fmt(p.realized),
      p.tp,
      p.sl,
      p.openedTs,
      p.ts,
    ]);
  const settings: ContractsSnapshot['settings'] = [...st.settings.entries()]
    .map(([k, [lev, mode]]): ContractsSnapshot['settings'][number] => {
      const [userId = '', symbol = ''] = k.split('\u0000');
      return [userId, symbol, lev, mode];
    })
    .sort((a, b) => compareText(`${a[0]}\u0000${a[1]}`, `${b[0]}\u0000${b[1]}`));
  return { markets, positions, settings };
}

export function restore(st: ContractsState, data: unknown, ledger: Ledger): void {
  const snap = data as ContractsSnapshot;
  const atoms = (v: string) => parseSignedAtoms(v);
  for (const entry of snap.markets) {
    const m = newContractMarket(parseContractConfig(entry.config, ledger));
    const [
      mark,
      index,
      tickId,
      tickTime,
      basis,
      premiumSum,
      premiumCount,
      lastFundingAt,
      lastRate,
      lastTrade,
    ] = entry.state;
    Object.assign(m, {
      markTicks: mark,
      indexTicks: index,
      tickId,
      tickTime,
      basis,
      premiumSum: atoms(premiumSum),
      premiumCount,
      lastFundingAt,
      lastFundingRate: atoms(lastRate),
      lastTradeTicks: lastTrade,
    });
    st.byMarket.set(m.symbol, m);
  }
  for (const [
    id,
    userId,
    symbol,
    long,
    mode,
    leverage,
    lots,
    cost,
    margin,
    realized,
    tp,
    sl,
    openedTs,
    ts,
  ] of snap.positions) {
    const m = st.byMarket.get(symbol) as ContractMarket;
    const p: Position = {
      id,
      userId,
      symbol,
      long,
      mode,
      leverage,
      lots,
      cost: atoms(cost),
      margin: atoms(margin),
      closing: 0,
      realized: atoms(realized),
      tp,
      sl,
      key: Number.NaN,
      openedTs,
      ts,
      mark: 0,
    };
    st.positions.set(posKey(userId, symbol, long), p);
    st.byId.set(id, p);
    if (long) m.oiLong += lots;
    else m.oiShort += lots;
    st.index(p, m);
    if (tp !== 0 || sl !== 0) {
      let set = st.triggers.get(symbol);
      if (set === undefined) {
        set = new Set();
        st.triggers.set(symbol, set);
      }
      set.add(p);
    }
  }
  for (const entry of snap.markets) {
    const m = st.byMarket.get(entry.config.symbol) as ContractMarket;
    for (const [
      id,
      userId,
      direction,
      priceTicks,
      lots,
      filledLots,
      filledValue,
      fee,
      hold,
      leverage,
      profit,
      createdTs,
    ] of entry.orders) {
      const side: Side = direction === 1 || direction === 4 ? BUY : SELL;
      const o: Order = {
        id,
        userId,
        owner: st.ownerOf(userId),
        symbol: m.symbol,
        direction,
        side,
        close: direction > 2,
        type: 'limit',
        priceTicks,
        lots,
        filledLots,
        filledValue: atoms(filledValue),
        fee: atoms(fee),
        hold: atoms(hold),
        leverage,
        profit: atoms(profit),
        createdTs,
        mark: 0,
        status: 'open',
      };
      m.book.rest(id, o.owner, side, priceTicks, lots - filledLots);
      st.orders.set(id, o);
      let mine = st.userOrders.get(userId);
      if (mine === undefined) {
        mine = new Set();
        st.userOrders.set(userId, mine);
      }
      mine.add(o);
      if (o.close)
        (st.positions.get(posKey(userId, m.symbol, direction === 3)) as Position).closing +=
          lots - filledLots;
    }
  }
  for (const entry of snap.markets) {
    const m = st.byMarket.get(entry.config.symbol) as ContractMarket;
    for (const [id, userId, direction, orderType, priceTicks, triggerTicks, lots, createdTs] of entry.stops ??
      []) {
      let mine = st.userStops.get(userId);
      if (mine === undefined) {
        mine = new Set();
        st.userStops.set(userId, mine);
      }
      const side: Side = direction === 1 || direction === 4 ? BUY : SELL;
      const stop: Stop = {
        id,
        userId,
        symbol: m.symbol,
        direction,
        side,
        orderType,
        priceTicks,
        triggerTicks,
        lots,
        createdTs,
        mark: 0,
        status: 'open',
      };
      addStop(st, stop, m, mine);
    }
  }
  for (const [userId, symbol, lev, mode] of snap.settings)
    st.settings.set(`${userId}\u0000${symbol}`, [lev, mode]);
}
function parseSignedAtoms(v: string): bigint {
  const negative = v.startsWith('-');
  const [int = '0', frac = ''] = (negative ? v.slice(1) : v).split('.');
  const a = BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
  return negative ? -a : a;
}
