// The trade area chunk: /trade/index?type=sec|spot|usta&symbol=btc.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TRADE_TYPE, TRADE_TYPES } from '../search-params';
import { AreaPage } from './area-page';

const tradeRoute = getRouteApi('/trade/index');

/** 'btc' and 'btcusdt' both read 'BTC/USDT' (coin-name rule of spec section 9). */
export function tradePairLabel(symbol: string): string {
  const base = symbol.toUpperCase().replace(/_?USDT$/, '');
  return `${base || 'USDT'}/USDT`;
}

export function TradeIndexPage() {
  const { t } = useTranslation('routes');
  const search = tradeRoute.useSearch();
  const type = search.type ?? DEFAULT_TRADE_TYPE;
  const symbol = search.symbol;
  const market = t(`tradeTypes.${type}`);
  return (
    <AreaPage
      page="trade"
      subtitle={
        <>
          <span data-testid="trade-type">{market}</span>
          {symbol ? (
            <>
              {' · '}
              <span data-testid="trade-symbol">{tradePairLabel(symbol)}</span>
            </>
          ) : null}
        </>
      }
      actions={TRADE_TYPES.filter((other) => other !== type).map((other) => (
        <Link key={other} to="/trade/index" search={{ type: other, symbol }} className="app-link-button">
          {t(`tradeTypes.${other}`)}
        </Link>
      ))}
    />
  );
}
