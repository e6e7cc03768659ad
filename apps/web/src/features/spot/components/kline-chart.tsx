// The K-line chart (lightweight-charts 5): candles and volume from open/kline, the open bar kept live from
// KLINE frames (merged by the pure kline model), every interval the server offers, the last-price line,
// colours from the day or night theme. Intraday bars read in the user's time zone setting, like every
// other time in the app (lib/chart-time: the chart only knows UTC, so bar times are shifted as its docs
// recommend); day, week and month bars are UTC calendar periods and show their date.
// The bars come from a source: the spot market's (open/kline and KLINE frames) unless another is given
// (the contract page passes its last-price bars); an optional mark price is drawn as a price line.
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribePublic } from '@/lib/public-ws';
import { useSettingsStore } from '@/lib/settings-store';
import { getKlines } from '../api/get-klines';
import { ChartClock, isIntraday, zoneOffset } from '../lib/chart-time';
import {
  type Candle,
  DEFAULT_INTERVAL,
  KLINE_INTERVALS,
  type KlineInterval,
  mergeCandle,
  toCandle,
} from '../lib/kline-model';

/** Where the bars come from: the history of an interval, and live bars of it (returns the unsubscribe). */
export interface KlineSource {
  load(symbol: string, interval: KlineInterval, signal: AbortSignal): Promise<Candle[]>;
  live(symbol: string, interval: KlineInterval, onBar: (bar: Candle) => void): () => void;
}

/** The spot market's bars: open/kline, then the public KLINE stream. */
export const SPOT_KLINES: KlineSource = {
  load: (symbol, interval, signal) => getKlines(symbol, interval, signal),
  live: (symbol, interval, onBar) =>
    subscribePublic({ type: 'KLINE', symbol, interval }, (frame) => {
      const bar = toCandle(frame.data);
      if (bar) onBar(bar);
    }),
};

export interface ChartMarket {
  symbol: string;
  priceDecimals: number;
  tickSize: string;
}

const PALETTES = {
  'theme-daytime': {
    bg: '#ffffff',
    text: 'rgba(0, 0, 0, 0.65)',
    grid: '#f0f0f0',
    border: '#d9d9d9',
    up: '#0ecb81',
    down: '#f6465d',
  },
  'theme-night': {
    bg: '#162337',
    text: 'rgba(255, 255, 255, 0.65)',
    grid: '#1f3250',
    border: '#304d79',
    up: '#0ecb81',
    down: '#f6465d',
  },
} as const;

function volumeBar(c: Candle, time: number, up: string, down: string) {
  return {
    time: time as UTCTimestamp,
    value: c.volume,
    color: `${c.close >= c.open ? up : down}66`,
  };
}

export function KlineChart({
  rules,
  tall,
  source = SPOT_KLINES,
  markPrice,
  markLabel,
  testId = 'spot-chart',
  legend,
  toolbar,
}: {
  rules: ChartMarket;
  tall?: boolean;
  source?: KlineSource;
  /** Drawn as a dashed price line (the contract page's mark price). */
  markPrice?: string | null;
  markLabel?: string;
  testId?: string;
  /** What the bars are (the contract page: last, mark or index price), drawn over the chart. */
  legend?: ReactNode;
  /** Extra controls after the intervals (the contract page's price switch). */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('spot');
  const theme = useSettingsStore((s) => s.theme);
  const timezone = useSettingsStore((s) => s.timezone);
  const [interval, setKlineInterval] = useState<KlineInterval>(DEFAULT_INTERVAL);
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<
    { api: IChartApi; candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> } | undefined
  >(undefined);
  const markLine = useRef<IPriceLine | undefined>(undefined);
  const palette = PALETTES[theme] ?? PALETTES['theme-daytime'];

  // One chart per mount; theme and precision are options.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const api = createChart(el, { autoSize: true });
    const candles = api.addSeries(CandlestickSeries, { borderVisible: false });
    const volume = api.addSeries(HistogramSeries, {
      priceScaleId: 'vol',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    api.priceScale('vol').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = { api, candles, volume };
    return () => {
      chart.current = undefined;
      markLine.current = undefined;
      api.remove();
    };
  }, []);

  // The mark price line follows the figure it is given.
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const price = markPrice == null ? Number.NaN : Number(markPrice);
    if (!Number.isFinite(price)) {
      if (markLine.current) c.candles.removePriceLine(markLine.current);
      markLine.current = undefined;
      return;
    }
    const options = {
      price,
      color: '#f0b90b',
      lineWidth: 1 as const,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
      title: markLabel ?? '',
    };
    if (markLine.current) markLine.current.applyOptions(options);
    else markLine.current = c.candles.createPriceLine(options);
  }, [markPrice, markLabel]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.api.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: palette.bg },
        textColor: palette.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border },
      timeScale: { borderColor: palette.border, secondsVisible: false },
    });
    c.candles.applyOptions({
      upColor: palette.up,
      downColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
      priceFormat: { type: 'price', precision: rules.priceDecimals, minMove: Number(rules.tickSize) || 0.01 },
    });
  }, [palette, rules.priceDecimals, rules.tickSize]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const controller = new AbortController();
    let list: Candle[] = [];
    let loaded = false;
    const early: Candle[] = [];
    const clock = new ChartClock(isIntraday(interval), zoneOffset(timezone));
    c.api.applyOptions({ timeScale: { timeVisible: isIntraday(interval) } });
    setState('loading');
    c.candles.setData([]);
    c.volume.setData([]);
    const apply = (bar: Candle) => {
      const merged = mergeCandle(list, bar);
      if (merged.kind === 'ignore') return;
      list = merged.candles;
      const time = clock.toChart(bar.time);
      c.candles.update({ ...bar, time: time as UTCTimestamp });
      c.volume.update(volumeBar(bar, time, palette.up, palette.down));
      setState('ready');
    };
    source.load(rules.symbol, interval, controller.signal).then(
      (bars) => {
        list = bars;
        loaded = true;
        const times = bars.map((b) => clock.toChart(b.time));
        c.candles.setData(bars.map((b, i) => ({ ...b, time: times[i] as UTCTimestamp })));
        c.volume.setData(bars.map((b, i) => volumeBar(b, times[i] as number, palette.up, palette.down)));
        for (const bar of early) apply(bar);
        setState(list.length > 0 ? 'ready' : 'empty');
        c.api.timeScale().scrollToRealTime();
      },
      () => {
        if (!controller.signal.aborted) setState('error');
      },
    );
    const off = source.live(rules.symbol, interval, (bar) => {
      if (loaded) apply(bar);
      else early.push(bar);
    });
    return () => {
      controller.abort();
      off();
    };
  }, [rules.symbol, interval, timezone, palette.up, palette.down, source]);

  return (
    <section className={`spot-panel spot-chart${tall ? ' spot-chart--tall' : ''}`} data-testid={testId}>
      <div className="spot-chart__bar" role="tablist" aria-label={t('chart.interval')}>
        {KLINE_INTERVALS.map((i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === interval}
            className={`spot-chip${i === interval ? ' spot-chip--on' : ''}`}
            onClick={() => setKlineInterval(i)}
            data-testid={`spot-interval-${i}`}
          >
            {t(`chart.intervals.${i}`)}
          </button>
        ))}
        {toolbar}
      </div>
      {legend ? <div className="spot-chart__legend">{legend}</div> : null}
      <div className="spot-chart__canvas" ref={box} data-state={state} />
      {state === 'empty' || state === 'error' ? (
        <div className="spot-chart__empty">{t(state === 'empty' ? 'chart.empty' : 'chart.error')}</div>
      ) : null}
    </section>
  );
}
