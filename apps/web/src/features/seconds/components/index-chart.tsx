// The index K-line of the seconds page (lightweight-charts 5): bars built from the stored index ticks
// (open/seconds/indexKline: what contracts settle on, unlike a traded market's K-lines, which come from
// trades), kept live from the public INDEX stream (lib/index-bars merges each tick), in the 5 s, 15 s,
// 1 min and 5 min intervals, with a price line at the entry of each open contract. Day or night colours.
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribePublic } from '@/lib/public-ws';
import { useSettingsStore } from '@/lib/settings-store';
import { getIndexBars } from '../api/seconds-api';
import { chartTime, zoneOffsetMinutes } from '../lib/chart-zone';
import {
  DEFAULT_INDEX_INTERVAL,
  INDEX_INTERVALS,
  type IndexBar,
  type IndexInterval,
  mergeTick,
  readTick,
} from '../lib/index-bars';

const PALETTES = {
  'theme-daytime': { bg: '#ffffff', text: 'rgba(0, 0, 0, 0.65)', grid: '#f0f0f0', border: '#d9d9d9' },
  'theme-night': { bg: '#162337', text: 'rgba(255, 255, 255, 0.65)', grid: '#1f3250', border: '#304d79' },
} as const;
const UP = '#0ecb81';
const DOWN = '#f6465d';

export interface EntryLine {
  id: string;
  price: string;
  direction: 'rise' | 'fall';
}

export function IndexChart({
  symbol,
  priceDecimals,
  entries,
}: {
  symbol: string;
  priceDecimals: number;
  entries: EntryLine[];
}) {
  const { t } = useTranslation('seconds');
  const theme = useSettingsStore((s) => s.theme);
  const timezone = useSettingsStore((s) => s.timezone);
  const [interval, setIndexInterval] = useState<IndexInterval>(DEFAULT_INDEX_INTERVAL);
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; candles: ISeriesApi<'Candlestick'> } | undefined>(undefined);
  const palette = PALETTES[theme] ?? PALETTES['theme-daytime'];

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const api = createChart(el, { autoSize: true });
    const candles = api.addSeries(CandlestickSeries, {
      borderVisible: false,
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
    chart.current = { api, candles };
    return () => {
      chart.current = undefined;
      api.remove();
    };
  }, []);

  useEffect(() => {
    chart.current?.api.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: palette.bg },
        textColor: palette.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border },
      timeScale: { borderColor: palette.border, timeVisible: true, secondsVisible: true },
    });
    chart.current?.candles.applyOptions({
      priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
    });
  }, [palette, priceDecimals]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const controller = new AbortController();
    const ms = INDEX_INTERVALS[interval];
    const offset = zoneOffsetMinutes(timezone, Date.now());
    let bars: IndexBar[] = [];
    let loaded = false;
    const early: { time: number; price: number }[] = [];
    const draw = (bar: IndexBar) => ({ ...bar, time: chartTime(bar.time, offset) as UTCTimestamp });
    const apply = (tick: { time: number; price: number }) => {
      const merged = mergeTick(bars, tick, ms);
      if (merged.kind === 'ignore') return;
      bars = merged.bars;
      c.candles.update(draw(merged.bar));
      setState('ready');
    };
    setState('loading');
    c.candles.setData([]);
    getIndexBars(symbol, interval, controller.signal).then(
      (list) => {
        bars = list;
        loaded = true;
        c.candles.setData(list.map(draw));
        for (const tick of early) apply(tick);
        setState(bars.length > 0 ? 'ready' : 'empty');
        c.api.timeScale().scrollToRealTime();
      },
      () => {
        if (!controller.signal.aborted) setState('error');
      },
    );
    const off = subscribePublic({ type: 'INDEX', symbol }, (frame) => {
      const tick = readTick(frame.data);
      if (!tick) return;
      if (loaded) apply(tick);
      else early.push(tick);
    });
    return () => {
      controller.abort();
      off();
    };
  }, [symbol, interval, timezone]);

  // A dashed line at each open contract's entry price.
  const joined = entries.map((e) => `${e.id}:${e.price}:${e.direction}`).join('|');
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const lines: IPriceLine[] = [];
    for (const part of joined ? joined.split('|') : []) {
      const [, price, direction] = part.split(':');
      lines.push(
        c.candles.createPriceLine({
          price: Number(price),
          color: direction === 'rise' ? UP : DOWN,
          lineWidth: 1,
          lineStyle: 2,
          axisLabelVisible: true,
          title: t(direction === 'rise' ? 'chart.entryRise' : 'chart.entryFall'),
        }),
      );
    }
    return () => {
      for (const l of lines) c.candles.removePriceLine(l);
    };
  }, [joined, t]);

  return (
    <section className="sec-panel sec-chart" data-testid="sec-chart">
      <div className="sec-chart__bar">
        <span className="sec-chart__title">{t('chart.title')}</span>
        <div role="tablist" aria-label={t('chart.interval')} className="sec-chips">
          {(Object.keys(INDEX_INTERVALS) as IndexInterval[]).map((i) => (
            <button
              key={i}
              type="button"
              role="tab"
              aria-selected={i === interval}
              className={`sec-chip${i === interval ? ' sec-chip--on' : ''}`}
              onClick={() => setIndexInterval(i)}
              data-testid={`sec-interval-${i}`}
            >
              {t(`chart.intervals.${i}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="sec-chart__canvas" ref={box} data-state={state} />
      {state === 'empty' || state === 'error' ? (
        <div className="sec-chart__empty">{t(state === 'empty' ? 'chart.empty' : 'chart.error')}</div>
      ) : null}
    </section>
  );
}
