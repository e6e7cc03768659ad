// The exchange area chunk: the spot trading page (/exchange/index?symbol=BTC_USDT; the pair lives in the
// URL so a reload or a shared link shows it, BTC_USDT without one or for an unknown pair), its
// chart-dominant full-screen layout for a pair (BTC_USDT) and the full-screen contract placeholder.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const SpotPage = lazyInAntdScope(() => import('@/features/spot/pages/spot-page').then((m) => m.SpotPage));
const DEFAULT_PAIR = 'BTC_USDT';

const indexRoute = getRouteApi('/exchange/index');
const fullScreenRoute = getRouteApi('/exchange/full-screen/$pair');
const fullContractRoute = getRouteApi('/exchange/full-contract/$type');

export function ExchangeIndexPage() {
  const { symbol } = indexRoute.useSearch();
  const navigate = useNavigate();
  return (
    <Suspense fallback={<div className="spot-page" />}>
      <SpotPage
        pair={symbol ?? DEFAULT_PAIR}
        fallbackPair={DEFAULT_PAIR}
        // Client-side: the page swaps the market without a reload; back returns to the previous pair.
        onPickPair={(m) =>
          void navigate({ to: '/exchange/index', search: { symbol: `${m.coin}_${m.quote}` } })
        }
        // An unknown pair shows the default and leaves the URL without it.
        onFallback={() => void navigate({ to: '/exchange/index', search: {}, replace: true })}
      />
    </Suspense>
  );
}

export function ExchangeFullScreenPage() {
  const { pair } = fullScreenRoute.useParams();
  const navigate = useNavigate();
  return (
    <Suspense fallback={<div className="spot-page" />}>
      <SpotPage
        pair={pair}
        layout="full"
        onPickPair={(m) =>
          void navigate({ to: '/exchange/full-screen/$pair', params: { pair: `${m.coin}_${m.quote}` } })
        }
      />
    </Suspense>
  );
}

const ContractPage = lazy(() =>
  import('@/features/contracts/pages/contract-page').then((m) => ({ default: m.ContractPage })),
);

/** /exchange/full-contract/{type}: 'coin' (or 'b') the coin-margined contracts, else the U-based ones. */
export function ExchangeFullContractPage() {
  const { type } = fullContractRoute.useParams();
  const [symbol, setSymbol] = useState('');
  const kind = type.toLowerCase() === 'coin' || type.toLowerCase() === 'b' ? 'coin' : 'usdt';
  return (
    <Suspense fallback={<div className="ctr-page" />}>
      <ContractPage type={kind} symbol={symbol || 'btc'} onPickSymbol={setSymbol} />
    </Suspense>
  );
}
