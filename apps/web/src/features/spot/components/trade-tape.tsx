// Recent trades of the market: price coloured by the taker's side, quantity, time; trades of the
// platform's market maker carry a small badge.
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { useTradeTape } from '../hooks/use-trade-tape';
import type { SpotRules } from '../lib/spot-rules';

export function TradeTape({ rules, rows }: { rules: SpotRules; rows: number }) {
  const { t } = useTranslation('spot');
  const nf = useNumberFormat();
  const formatTime = useFormatTime();
  const tape = useTradeTape(rules.coin, rules.quote);
  return (
    <section className="spot-panel spot-trades" data-testid="spot-trades">
      <header className="spot-panel__head">
        <h2 className="spot-panel__title">{t('trades.title')}</h2>
        <span className="spot-badge" title={t('trades.makerHint')}>
          {t('trades.makerShort')} = {t('trades.maker')}
        </span>
      </header>
      <div className="spot-trades__cols">
        <span>{t('book.price', { coin: rules.quote })}</span>
        <span>{t('book.qty', { coin: rules.coin })}</span>
        <span>{t('trades.time')}</span>
      </div>
      <div className="spot-trades__list" data-testid="spot-trades-list">
        {tape.slice(0, rows).map((trade) => (
          <div key={trade.key} className="spot-trades__row" data-testid="spot-trade">
            <span
              className={`spot-tone--${trade.side === 'sell' ? 'fall' : trade.side === 'buy' ? 'rise' : 'draw'}`}
            >
              {nf.price(trade.price, rules.priceDecimals)}
            </span>
            <span>{nf.quantity(trade.qty, rules.qtyDecimals)}</span>
            <span className="spot-trades__time">
              {trade.demo ? (
                <abbr
                  className="spot-badge spot-badge--mm"
                  title={t('trades.maker')}
                  data-testid="spot-trade-mm"
                >
                  {t('trades.makerShort')}
                </abbr>
              ) : null}
              {formatTime(trade.time).slice(-8)}
            </span>
          </div>
        ))}
        {tape.length === 0 ? <div className="spot-empty">{t('trades.empty')}</div> : null}
      </div>
    </section>
  );
}
