// The DeFi mining area chunk: the pools and one pool with the wallet proof and staking (features/earn).
import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const pages = () => import('@/features/earn/pages/defi-pages');
const Pools = lazyInAntdScope(() => pages().then((m) => m.DefiPoolsPage));
const Pool = lazyInAntdScope(() => pages().then((m) => m.DefiPoolPage));

const detailsRoute = getRouteApi('/defis/details');

export function DefisIndexPage() {
  return (
    <Suspense fallback={null}>
      <Pools />
    </Suspense>
  );
}

export function DefisDetailsPage() {
  const { id } = detailsRoute.useSearch();
  return (
    <Suspense fallback={null}>
      <Pool id={id} />
    </Suspense>
  );
}
