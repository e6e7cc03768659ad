// Live contract K-lines on the public websocket (docs/realtime.md, docs/contracts.md "K-lines"):
// - CONTRACT_KLINE: the open last-price bar of a contract market, re-read from the SQL trades (the same
//   rows open/contract/kline serves) a moment after a contract trade, once the projection wrote it;
// - MARK_KLINE: mark-price bars, folded from the mark each contract tick produced (the tick's time and the
//   core's mark after it), kept in memory and in SQL (contract-mark-bars.ts: the changed bars are taken
//   with takeChangedMarks and written by the pass; loadMarks puts the stored ones back on start).
// Nothing is invented: a bar exists only where trades (last) or ticks (mark) were.
import type { Amount } from '@coin/shared/money';
import { atoms, str } from '@/market/decimal';
import { type Bar, INTERVALS, type Interval, SymbolBars } from '@/market/kline';
import type { ContractKlineInterval } from './contract-history';
import type { MarkBarRow } from './contract-mark-bars';

export const CONTRACT_KLINE_TYPES = ['CONTRACT_KLINE', 'MARK_KLINE'] as const;
export type ContractKlineType = (typeof CONTRACT_KLINE_TYPES)[number];

export interface ContractKlineBar {
  symbol: string;
  interval: string;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  /** Which price the bar is made of. */
  price: 'last' | 'mark';
}

export interface KlineSink {
  publish(stream: string, frame: unknown): void;
  hasSubscribers(stream: string): boolean;
}

/** The open last-price bar of an interval (undefined: no trade in it or before, within the window). */
export type LastBarReader = (
  symbol: string,
  interval: ContractKlineInterval,
) => Promise<Omit<ContractKlineBar, 'symbol' | 'interval' | 'price'> | undefined>;

const ZERO = 0n as Amount;

/** 'btcusdt' -> 'BTCUSDT': the stream spelling (docs/realtime.md). */
export const streamSymbol = (symbol: string): string => symbol.replace(/[/_-]/g, '').toUpperCase();

export const klineStream = (type: ContractKlineType, symbol: string, interval: string): string =>
  `${type}:${streamSymbol(symbol)}:${interval}`;

function markRow(symbol: string, interval: Interval, bar: Bar): MarkBarRow {
  return {
    symbol,
    interval,
    time: bar.time,
    open: str(bar.open),
    high: str(bar.high),
    low: str(bar.low),
    close: str(bar.close),
  };
}

/** A mark bar as the stream and the HTTP call show it: the stored row's fields, volume 0. */
function markView(symbol: string, interval: Interval, bar: Bar): ContractKlineBar {
  return { ...markRow(symbol, interval, bar), volume: '0', price: 'mark' };
}

export class ContractKlineFeed {
  private readonly marks = new Map<string, SymbolBars>();
  private readonly lastMarkTime = new Map<string, number>();
  /** Mark bars changed since they were last taken for SQL, by symbol, interval and bar time. */
  private changedMarks = new Map<string, MarkBarRow>();
  private readonly traded = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly readLastBar: LastBarReader,
    private readonly sink: () => KlineSink | undefined,
    /** Resolves once the contract trades published so far are in SQL (the projection's idle). */
    private readonly settled: () => Promise<void>,
    private readonly delayMs = 150,
  ) {}

  /** The mark a stored tick produced (`time` is the tick's). Older or repeated ticks change nothing. */
  mark(symbol: string, price: string, time: number): void {
    const key = streamSymbol(symbol);
    if ((this.lastMarkTime.get(key) ?? Number.NEGATIVE_INFINITY) >= time) return;
    this.lastMarkTime.set(key, time);
    let bars = this.marks.get(key);
    if (!bars) {
      bars = new SymbolBars();
      this.marks.set(key, bars);
    }
    const changed = bars.apply({ time, price: atoms(price), volume: ZERO, amount: ZERO, simulated: false });
    for (const { interval, bar } of changed) {
      this.changedMarks.set(`${key}|${interval}|${bar.time}`, markRow(key, interval, bar));
    }
    const sink = this.sink();
    if (!sink) return;
    for (const { interval, bar } of changed) {
      const stream = klineStream('MARK_KLINE', key, interval);
      if (!sink.hasSubscribers(stream)) continue;
      sink.publish(stream, {
        type: 'MARK_KLINE',
        symbol: key,
        interval,
        data: markView(key, interval, bar),
      });
    }
  }

  /** The mark bars changed since the last call, for SQL (each bar in its latest state). */
  takeChangedMarks(): MarkBarRow[] {
    const rows = [...this.changedMarks.values()];
    this.changedMarks = new Map();
    return rows;
  }

  /** Bars taken by takeChangedMarks that could not be written: kept for the next write, unless the bar
   * changed again since (the newer state is already waiting). */
  returnChangedMarks(rows: readonly MarkBarRow[]): void {
    for (const row of rows) {
      const id = `${row.symbol}|${row.interval}|${row.time}`;
      if (!this.changedMarks.has(id)) this.changedMarks.set(id, row);
    }
  }

  /** Stored mark bars (oldest first), on start: the memory continues from them. Ticks older than a
   * symbol's newest stored bar change nothing. */
  loadMarks(rows: readonly MarkBarRow[]): void {
    const grouped = new Map<string, Map<Interval, Bar[]>>();
    for (const row of rows) {
      let byInterval = grouped.get(row.symbol);
      if (!byInterval) {
        byInterval = new Map();
        grouped.set(row.symbol, byInterval);
      }
      const list = byInterval.get(row.interval) ?? [];
      list.push({
        time: row.time,
        open: atoms(row.open),
        high: atoms(row.high),
        low: atoms(row.low),
        close: atoms(row.close),
        volume: ZERO,
        amount: ZERO,
        simulated: false,
      });
      byInterval.set(row.interval, list);
    }
    for (const [key, byInterval] of grouped) {
      let bars = this.marks.get(key);
      if (!bars) {
        bars = new SymbolBars();
        this.marks.set(key, bars);
      }
      for (const [interval, list] of byInterval) bars.load(interval, list);
      const newest = bars.bars['1m'].at(-1)?.time;
      if (newest !== undefined && newest > (this.lastMarkTime.get(key) ?? Number.NEGATIVE_INFINITY)) {
        this.lastMarkTime.set(key, newest);
      }
    }
  }

  /** Mark-price bars, oldest first (the last one is open). */
  markBars(symbol: string, interval: Interval, limit: number): ContractKlineBar[] {
    const key = streamSymbol(symbol);
    const list = this.marks.get(key)?.bars[interval] ?? [];
    return list.slice(-limit).map((b) => markView(key, interval, b));
  }

  /** A contract trade on `symbol`: its open last-price bars are pushed once the trade is in SQL. */
  trade(symbol: string): void {
    if (this.closed) return;
    this.traded.add(symbol);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.delayMs);
    this.timer.unref();
  }

  /** Pushes the open last-price bar of every subscribed interval of the markets traded since the last
   * flush (tests call it directly). */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    const symbols = [...this.traded];
    this.traded.clear();
    if (symbols.length === 0) return;
    const run = async () => {
      await this.settled();
      const sink = this.sink();
      if (!sink) return;
      for (const symbol of symbols) {
        for (const interval of INTERVALS) {
          const stream = klineStream('CONTRACT_KLINE', symbol, interval);
          if (!sink.hasSubscribers(stream)) continue;
          const frame = await this.lastFrame(symbol, interval);
          if (frame) sink.publish(stream, frame);
        }
      }
    };
    this.flushing = run().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  /** The current bar of a stream, for a new subscriber (undefined: none yet). */
  async current(type: ContractKlineType, symbol: string, interval: Interval): Promise<unknown> {
    if (type === 'MARK_KLINE') {
      const bar = this.markBars(symbol, interval, 1)[0];
      return bar ? { type, symbol: streamSymbol(symbol), interval, data: bar } : undefined;
    }
    return this.lastFrame(symbol, interval);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async lastFrame(symbol: string, interval: Interval) {
    const bar = await this.readLastBar(symbol, interval);
    if (!bar) return undefined;
    const key = streamSymbol(symbol);
    const data: ContractKlineBar = { symbol: key, interval, ...bar, price: 'last' };
    return { type: 'CONTRACT_KLINE', symbol: key, interval, data };
  }
}
