// The exchange area chunk: the spot trading page (pair switchable, BTC_USDT first), its chart-dominant
// full-screen layout for a pair (BTC_USDT) and the full-screen contract placeholder.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { AreaPage } from './area-page';

const SpotPage = lazyInAntdScope(() => import('@/features/spot/pages/spot-page').then((m) => m.SpotPage));
const DEFAULT_PAIR = 'BTC_USDT';

const fullScreenRoute = getRouteApi('/exchange/full-screen/$pair');
const fullContractRoute = getRouteApi('/exchange/full-contract/$type');

export function ExchangeIndexPage() {
  const [pair, setPair] = useState(DEFAULT_PAIR);
  return (
    <Suspense fallback={<div className="spot-page" />}>
      <SpotPage pair={pair} onPickPair={(m) => setPair(`${m.coin}_${m.quote}`)} />
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

export function ExchangeFullContractPage() {
  const { t } = useTranslation('routes');
  const { type } = fullContractRoute.useParams();
  return <AreaPage page="exchangeFullContract" subtitle={t('contractType', { type: type.toUpperCase() })} />;
}
