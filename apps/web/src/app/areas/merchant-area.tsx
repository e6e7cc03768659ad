// The merchant area chunk: apply, ads and statistics, merchant orders (features/otc), in the antd scope.
import { Suspense } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const Index = lazyInAntdScope(() =>
  import('@/features/otc/pages/merchant-pages').then((m) => m.MerchantIndexPage),
);
const Deal = lazyInAntdScope(() =>
  import('@/features/otc/pages/merchant-pages').then((m) => m.MerchantDealPage),
);

export function MerchantIndexPage() {
  return (
    <Suspense fallback={<div className="otc-page" />}>
      <Index />
    </Suspense>
  );
}

export function MerchantDealPage() {
  return (
    <Suspense fallback={<div className="otc-page" />}>
      <Deal />
    </Suspense>
  );
}
