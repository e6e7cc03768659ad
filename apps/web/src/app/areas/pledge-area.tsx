// The pledge (staking) area chunk: product list, subscription and orders (features/earn).
import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const pages = () => import('@/features/earn/pages/pledge-pages');
const List = lazyInAntdScope(() => pages().then((m) => m.PledgeListPage));
const Subscribe = lazyInAntdScope(() => pages().then((m) => m.PledgeSubscribePage));
const Orders = lazyInAntdScope(() => pages().then((m) => m.PledgeOrdersPage));

const addRoute = getRouteApi('/pledge/add');

export function PledgeIndexPage() {
  return (
    <Suspense fallback={null}>
      <List />
    </Suspense>
  );
}

export function PledgeAddPage() {
  const { id } = addRoute.useSearch();
  return (
    <Suspense fallback={null}>
      <Subscribe id={id} />
    </Suspense>
  );
}

export function PledgeOrderPage() {
  return (
    <Suspense fallback={null}>
      <Orders />
    </Suspense>
  );
}
