// The pair header: the pair selector (every spot market of open/spotRules), the last price coloured by
// its last move, and the 24 h change, high, low, volume and turnover, live from the ticker store (DETAIL).
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailFeed } from '@/lib/live-market';
import { useNumberFormat } from '@/lib/use-number-format';
import { useTicker } from '@/lib/use-ticker';
import type { SpotRules } from '../lib/spot-rules';

export type Direction = 'rise' | 'fall' | 'draw';

/** rise/fall against the previous value of `price` (kept across renders). */
export function usePriceDirection(price: string | undefined): Direction {
  const previous = useRef<string | undefined>(undefined);
  const [direction, setDirection] = useState<Direction>('draw');
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (!price || !before || before === price) return;
    setDirection(Number(price) > Number(before) ? 'rise' : 'fall');
  }, [price]);
  return direction;
}

export function PairHeader({
  rules,
  markets,
  onPick,
}: {
  rules: SpotRules;
  markets: readonly SpotRules[];
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation('spot');
  const nf = useNumberFormat();
  const symbol = rules.symbol.toUpperCase();
  useDetailFeed([symbol]);
  const ticker = useTicker(symbol);
  const direction = usePriceDirection(ticker?.close);
  const change = ticker?.zdf;
  const changeTone =
    change === undefined ? 'draw' : change.startsWith('-') ? 'fall' : Number(change) > 0 ? 'rise' : 'draw';
  const stat = (key: string, label: string, value: string) => (
    <div className="spot-header__stat">
      <span className="spot-header__stat-label">{label}</span>
      <span className="spot-header__stat-value" data-testid={`spot-header-${key}`}>
        {value}
      </span>
    </div>
  );
  return (
    <section className="spot-panel spot-header" data-testid="spot-header">
      <Select
        className="spot-header__select"
        value={rules.symbol}
        showSearch
        optionFilterProp="label"
        popupMatchSelectWidth={220}
        variant="borderless"
        aria-label={t('header.pair')}
        data-testid="spot-pair-select"
        onChange={onPick}
        options={markets.map((m) => ({ value: m.symbol, label: m.pair }))}
      />
      <div className="spot-header__last">
        <span className={`spot-header__price spot-tone--${direction}`} data-testid="spot-last-price">
          {ticker ? nf.price(ticker.close, rules.priceDecimals) : '--'}
        </span>
      </div>
      <div className="spot-header__stats">
        <div className="spot-header__stat">
          <span className="spot-header__stat-label">{t('header.change')}</span>
          <span
            className={`spot-header__stat-value spot-tone--${changeTone}`}
            data-testid="spot-header-change"
          >
            {change !== undefined ? nf.change(change) : '--'}
          </span>
        </div>
        {stat('high', t('header.high'), ticker?.high ? nf.price(ticker.high, rules.priceDecimals) : '--')}
        {stat('low', t('header.low'), ticker?.low ? nf.price(ticker.low, rules.priceDecimals) : '--')}
        {stat(
          'volume',
          t('header.volume', { coin: rules.coin }),
          ticker?.volume ? nf.compact(ticker.volume) : '--',
        )}
        {stat(
          'turnover',
          t('header.turnover', { coin: rules.quote }),
          ticker?.amount ? nf.compact(ticker.amount) : '--',
        )}
      </div>
      {rules.status === 'halted' ? (
        <span className="spot-badge spot-badge--warn">{t('header.halted')}</span>
      ) : null}
    </section>
  );
}
