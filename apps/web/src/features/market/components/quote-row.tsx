// One market row of the quotes table. It reads its own pair from the ticker store, so a price tick
// re-renders this row only, at most once per animation frame (DESIGN section 7), never the whole table.
import { StarFilled, StarOutlined } from '@ant-design/icons';
import {
  abbreviatePrice,
  formatChangePercent,
  PRICE_PLACEHOLDER,
  priceDirection,
} from '@coin/shared/price-format';
import { Link } from '@tanstack/react-router';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicker } from '@/lib/use-ticker';
import { decimalUnits, type QuoteRow, tradeSearch, withLive } from '../lib/quotes-model';

function show(value: string | null): string {
  return value === null ? PRICE_PLACEHOLDER : abbreviatePrice(value);
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
        {show(r.close)}
      </td>
      <td className="quotes__num">
        <span className={`quotes__change quotes__change--${tone}`} data-testid="quote-change">
          {r.zdf === null ? PRICE_PLACEHOLDER : formatChangePercent(r.zdf)}
        </span>
      </td>
      <td className="quotes__num quotes__secondary">{show(r.high)}</td>
      <td className="quotes__num quotes__secondary">{show(r.low)}</td>
      <td className="quotes__num quotes__secondary">{show(r.volume)}</td>
      <td className="quotes__num quotes__secondary">{show(r.amount)}</td>
      <td className="quotes__action">
        <Link to="/trade/index" search={search} className="app-link-button">
          {t('trade')}
        </Link>
      </td>
    </tr>
  );
});
