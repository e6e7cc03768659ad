// The order book: asks above, the last price and spread in the middle, bids below; each row with a depth
// bar (cumulative quantity); grouping by 1x, 10x or 100x the tick; a click on a row puts its price into
// the order form. The book is redrawn at most once per animation frame (useOrderBook).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';
import { useTicker } from '@/lib/use-ticker';
import type { RawBook } from '../hooks/use-order-book';
import { type BookRow, buildBookView, GROUP_MULTIPLES, groupStep } from '../lib/book-model';
import type { SpotRules } from '../lib/spot-rules';
import { usePriceDirection } from './pair-header';

export function OrderBook({
  rules,
  raw,
  depth,
  onPickPrice,
}: {
  rules: SpotRules;
  /** The live book (useOrderBook in the page, which also feeds the form's best prices). */
  raw: RawBook;
  /** Rows per side. */
  depth: number;
  onPickPrice: (price: string) => void;
}) {
  const { t } = useTranslation('spot');
  const nf = useNumberFormat();
  const [multiple, setMultiple] = useState<number>(1);
  const ticker = useTicker(rules.symbol);
  const direction = usePriceDirection(ticker?.close);
  const view = useMemo(
    () =>
      buildBookView(raw.bids, raw.asks, {
        tickSize: rules.tickSize,
        multiple,
        depth,
        priceDecimals: rules.priceDecimals,
      }),
    [raw, rules.tickSize, rules.priceDecimals, multiple, depth],
  );
  const groupDecimals = Math.max(0, rules.priceDecimals - Math.round(Math.log10(multiple)));

  const row = (r: BookRow, side: 'bid' | 'ask') => (
    <button
      type="button"
      key={r.price}
      className={`spot-book__row spot-book__row--${side}`}
      onClick={() => onPickPrice(r.price)}
      data-testid={`spot-book-${side}`}
      data-price={r.price}
      title={t('book.pick')}
    >
      <span className="spot-book__bar" style={{ width: `${(r.ratio * 100).toFixed(1)}%` }} />
      <span className="spot-book__price">{nf.price(r.price, groupDecimals)}</span>
      <span className="spot-book__qty">{nf.quantity(r.qty, rules.qtyDecimals)}</span>
      <span className="spot-book__sum">{nf.quantity(r.cumulative, rules.qtyDecimals)}</span>
    </button>
  );

  return (
    <section className="spot-panel spot-book" data-testid="spot-book">
      <header className="spot-panel__head">
        <h2 className="spot-panel__title">{t('book.title')}</h2>
        <select
          className="spot-select"
          value={multiple}
          onChange={(e) => setMultiple(Number(e.target.value))}
          aria-label={t('book.grouping')}
          data-testid="spot-book-grouping"
        >
          {GROUP_MULTIPLES.map((m) => (
            <option key={m} value={m}>
              {groupStep(rules.tickSize, m)}
            </option>
          ))}
        </select>
      </header>
      <div className="spot-book__cols">
        <span>{t('book.price', { coin: rules.quote })}</span>
        <span>{t('book.qty', { coin: rules.coin })}</span>
        <span>{t('book.total', { coin: rules.coin })}</span>
      </div>
      <div className="spot-book__side spot-book__side--asks" data-testid="spot-book-asks">
        {[...view.asks].reverse().map((r) => row(r, 'ask'))}
      </div>
      <div className="spot-book__mid" data-testid="spot-book-mid">
        <span className={`spot-book__last spot-tone--${direction}`}>
          {ticker ? nf.price(ticker.close, rules.priceDecimals) : '--'}
        </span>
        <span className="spot-book__spread">
          {t('book.spread')} {view.spread !== undefined ? nf.price(view.spread, rules.priceDecimals) : '--'}
        </span>
      </div>
      <div className="spot-book__side spot-book__side--bids" data-testid="spot-book-bids">
        {view.bids.map((r) => row(r, 'bid'))}
      </div>
      {raw.ready && view.bids.length === 0 && view.asks.length === 0 ? (
        <div className="spot-empty">{t('book.empty')}</div>
      ) : null}
    </section>
  );
}
