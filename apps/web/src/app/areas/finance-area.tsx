// The finance area chunk: the investment tabs (value added, member zone, ordinary, my investment) and
// the product detail (features/earn).
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const pages = () => import('@/features/earn/pages/finance-pages');
const Investment = lazyInAntdScope(() => pages().then((m) => m.FinanceInvestmentPage));
const Detail = lazyInAntdScope(() => pages().then((m) => m.FinanceDetailPage));

const investmentRoute = getRouteApi('/finance/investment');
const detailRoute = getRouteApi('/finance/detail');

export function FinanceInvestmentPage() {
  const { tab } = investmentRoute.useSearch();
  const navigate = useNavigate();
  return (
    <Suspense fallback={null}>
      <Investment
        tab={tab ?? 'value_added'}
        onTab={(next) => void navigate({ to: '/finance/investment', search: { tab: next }, replace: true })}
      />
    </Suspense>
  );
}

export function FinanceDetailPage() {
  const { id } = detailRoute.useSearch();
  return (
    <Suspense fallback={null}>
      <Detail id={id} />
    </Suspense>
  );
}
