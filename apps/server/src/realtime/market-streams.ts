// Market data → public streams: tickers to DETAIL and (throttled) ALL_DETAIL, open bars to KLINE, and the
// current state of a stream for a new subscriber. Takes the hub as two functions so it is testable alone.
import type { KlineBar, MarketApi } from '@/market/price-index';
import type { PublicMessage } from './public-protocol';

export interface StreamSink {
  publish(stream: string, frame: unknown): void;
  hasSubscribers(stream: string): boolean;
}

export interface AllDetailEntry {
  symbol: string;
  symbolName: string;
  close: string;
  zdf: string;
  amount: string;
}

export class MarketStreams {
  private readonly klines = new Map<string, KlineBar>();
  private allDetailTimer: NodeJS.Timeout | undefined;
  private readonly offs: Array<() => void> = [];

  constructor(
    private readonly market: MarketApi | undefined,
    private readonly sink: StreamSink,
    /** ALL_DETAIL is sent at most once per period (it carries every symbol). */
    private readonly allDetailPeriodMs = 1000,
  ) {
    if (!market) return;
    this.offs.push(
      market.on('ticker', (ticker) => {
        sink.publish(`DETAIL:${ticker.symbol}`, { type: 'DETAIL', symbol: ticker.symbol, data: ticker });
        this.scheduleAllDetail();
      }),
      // Every index tick (what seconds contracts settle on): the seconds page's live index chart.
      market.on('tick', (tick) => {
        sink.publish(`INDEX:${tick.symbol}`, { type: 'INDEX', symbol: tick.symbol, data: tick });
      }),
      market.on('kline', (bar) => {
        this.klines.set(`${bar.symbol}:${bar.interval}`, bar);
        sink.publish(`KLINE:${bar.symbol}:${bar.interval}`, {
          type: 'KLINE',
          symbol: bar.symbol,
          interval: bar.interval,
          data: bar,
        });
      }),
    );
  }

  allDetail(): AllDetailEntry[] {
    return (this.market?.tickers() ?? []).map((t) => ({
      symbol: t.symbol,
      symbolName: t.symbolName,
      close: t.close,
      zdf: t.zdf,
      amount: t.amount,
    }));
  }

  /** Sends the stream's current state to a new subscriber, so a page does not wait for the next change. */
  onSubscribe(message: PublicMessage, send: (frame: unknown) => void): void {
    if (message.type === 'DETAIL') {
      const ticker = this.market?.tickers().find((t) => t.symbol === message.symbol);
      if (ticker) send({ type: 'DETAIL', symbol: ticker.symbol, data: ticker });
    } else if (message.type === 'KLINE') {
      const bar = this.klines.get(`${message.symbol}:${message.interval}`);
      if (bar) send({ type: 'KLINE', symbol: bar.symbol, interval: bar.interval, data: bar });
    } else if (message.type === 'INDEX' && message.symbol) {
      const tick = this.market?.latest(message.symbol);
      if (tick) send({ type: 'INDEX', symbol: tick.symbol, data: tick });
    } else if (message.type === 'ALL_DETAIL') {
      send({ type: 'ALL_DETAIL', data: this.allDetail() });
    }
  }

  close(): void {
    for (const off of this.offs) off();
    if (this.allDetailTimer) clearTimeout(this.allDetailTimer);
    this.allDetailTimer = undefined;
  }

  private scheduleAllDetail(): void {
    if (this.allDetailTimer || !this.sink.hasSubscribers('ALL_DETAIL')) return;
    this.allDetailTimer = setTimeout(() => {
      this.allDetailTimer = undefined;
      this.sink.publish('ALL_DETAIL', { type: 'ALL_DETAIL', data: this.allDetail() });
    }, this.allDetailPeriodMs);
    this.allDetailTimer.unref();
  }
}
