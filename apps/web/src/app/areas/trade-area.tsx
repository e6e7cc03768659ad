// The trade area chunk: /trade/index?type=sec|spot|usta&symbol=btc. Spot is the spot trading page
// (features/spot), seconds the seconds-contract page (features/seconds), U contracts the contract page
// (features/contracts).
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { DEFAULT_TRADE_TYPE, TRADE_TYPES } from '../search-params';
import { AreaPage } from './area-page';

const tradeRoute = getRouteApi('/trade/index');

const ContractPage = lazy(() =>
  import('@/features/contracts/pages/contract-page').then((m) => ({ default: m.ContractPage })),
);

function ContractTrade({ symbol }: { symbol: string }) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={<div className="ctr-page" />}>
      <ContractPage
        type="usdt"
        symbol={symbol}
        onPickSymbol={(s) => void navigate({ to: '/trade/index', search: { type: 'usta', symbol: s } })}
      />
    </Suspense>
  );
}

const SpotPage = lazyInAntdScope(() => import('@/features/spot/pages/spot-page').then((m) => m.SpotPage));
// Plain React (no antd): it renders while the antd chunk is still on its way.
const SecondsPage = lazy(() =>
  import('@/features/seconds/pages/seconds-page').then((m) => ({ default: m.SecondsPage })),
);

function SecondsTrade({ symbol }: { symbol: string }) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={<div className="sec-page" />}>
      <SecondsPage
        symbol={symbol}
        onPickCoin={(coin) => void navigate({ to: '/trade/index', search: { type: 'sec', symbol: coin } })}
      />
    </Suspense>
  );
}

/** The trade route's symbol of a spot market: the coin for a USDT market (spec: symbol=btc), else the symbol. */
export function tradeSymbolOf(market: { coin: string; quote: string; symbol: string }): string {
  return market.quote === 'USDT' ? market.coin.toLowerCase() : market.symbol;
}

function SpotTrade({ symbol }: { symbol: string }) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={<div className="spot-page" />}>
      <SpotPage
        pair={symbol}
        onPickPair={(m) =>
          void navigate({ to: '/trade/index', search: { type: 'spot', symbol: tradeSymbolOf(m) } })
        }
      />
    </Suspense>
  );
}

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
  if (type === 'spot') return <SpotTrade symbol={symbol ?? 'btc'} />;
  if (type === 'sec') return <SecondsTrade symbol={symbol ?? 'btc'} />;
  if (type === 'usta') return <ContractTrade symbol={symbol ?? 'btc'} />;
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
