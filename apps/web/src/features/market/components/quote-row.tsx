// One market row of the quotes table. It reads its own pair from the ticker store, so a price tick
// re-renders this row only, at most once per animation frame (DESIGN section 7), never the whole table.
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { PRICE_PLACEHOLDER, priceDirection } from '@coin/shared/price-format';
import { Link } from '@tanstack/react-router';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NumberFormats, useNumberFormat } from '@/lib/use-number-format';
import { useTicker } from '@/lib/use-ticker';
import { decimalUnits, type QuoteRow, tradeSearch, withLive } from '../lib/quotes-model';

// Prices in full at the market's precision (70,773.12); only volume and turnover are abbreviated.
const PRICE_FALLBACK_DECIMALS = 18;

function showPrice(fmt: NumberFormats, value: string | null, decimals: number | null): string {
  if (value === null) return PRICE_PLACEHOLDER;
  return decimals === null ? fmt.number(value, PRICE_FALLBACK_DECIMALS) : fmt.price(value, decimals);
}

function showCompact(fmt: NumberFormats, value: string | null): string {
  return value === null ? PRICE_PLACEHOLDER : fmt.compact(value);
}

/** 'up' or 'down' for a moment after the price moved, so a change is visible without reading digits. */
function useFlash(close: string | null): 'up' | 'down' | null {
  const previous = useRef(close);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; close: string } | null>(null);
  useEffect(() => {
    const before = decimalUnits(previous.current);
    const now = decimalUnits(close);
    previous.current = close;
    if (before === undefined || now === undefined || before === now || close === null) return;
    setFlash({ dir: now > before ? 'up' : 'down', close });
    const timer = setTimeout(() => setFlash(null), 600);
    return () => clearTimeout(timer);
  }, [close]);
  return flash && flash.close === close ? flash.dir : null;
}

function CoinBadge({ row }: { row: QuoteRow }) {
  const [broken, setBroken] = useState(false);
  if (row.logo && !broken)
    return <img className="quotes__logo" src={row.logo} alt="" onError={() => setBroken(true)} />;
  return (
    <span className="quotes__logo quotes__logo--letter" aria-hidden>
      {(row.base || row.label).slice(0, 1)}
    </span>
  );
}

export interface QuoteRowViewProps {
  row: QuoteRow;
  starred: boolean;
  pending: boolean;
  onToggleStar: (row: QuoteRow) => void;
}

export const QuoteRowView = memo(function QuoteRowView({
  row,
  starred,
  pending,
  onToggleStar,
}: QuoteRowViewProps) {
  const { t } = useTranslation('market');
  const fmt = useNumberFormat();
  const live = useTicker(row.key);
  const r = withLive(row, live);
  const flash = useFlash(r.close);
  const tone = r.zdf === null ? 'none' : priceDirection(r.zdf);
  const search = tradeSearch(row);
  return (
    <tr data-testid="quote-row" data-symbol={row.key}>
      <td className="quotes__star-cell">
        <button
          type="button"
          className={starred ? 'quotes__star quotes__star--on' : 'quotes__star'}
          aria-pressed={starred}
          aria-busy={pending}
          aria-label={starred ? t('star.remove', { pair: row.label }) : t('star.add', { pair: row.label })}
          title={starred ? t('star.remove', { pair: row.label }) : t('star.add', { pair: row.label })}
          onClick={() => onToggleStar(row)}
          data-testid="quote-star"
        >
          {starred ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
        </button>
      </td>
      <th scope="row">
        <Link to="/trade/index" search={search} className="quotes__pair" data-testid="quote-link">
          <CoinBadge row={row} />
          <span className="quotes__pair-name">{r.label}</span>
        </Link>
      </th>
      <td
        className={`quotes__num quotes__price${flash ? ` quotes__price--${flash}` : ''}`}
        data-testid="quote-price"
      >
        {showPrice(fmt, r.close, row.priceDecimals)}
      </td>
      <td className="quotes__num">
        <span className={`quotes__change quotes__change--${tone}`} data-testid="quote-change">
          {r.zdf === null ? PRICE_PLACEHOLDER : fmt.change(r.zdf)}
        </span>
      </td>
      <td className="quotes__num quotes__secondary quotes__wide">
        {showPrice(fmt, r.high, row.priceDecimals)}
      </td>
      <td className="quotes__num quotes__secondary quotes__wide">
        {showPrice(fmt, r.low, row.priceDecimals)}
      </td>
      <td className="quotes__num quotes__secondary quotes__wide" data-testid="quote-volume">
        {showCompact(fmt, r.volume)}
      </td>
      <td className="quotes__num quotes__secondary quotes__wide" data-testid="quote-turnover">
        {showCompact(fmt, r.amount)}
      </td>
      <td className="quotes__action quotes__wide">
        <Link to="/trade/index" search={search} className="app-link-button">
          {t('trade')}
        </Link>
      </td>
    </tr>
  );
});
