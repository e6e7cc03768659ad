// The OTC area chunk: the ad market, orders and the guide (features/otc), in the antd scope.
import { Suspense } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const Common = lazyInAntdScope(() =>
  import('@/features/otc/pages/otc-common-page').then((m) => m.OtcCommonPage),
);
const Order = lazyInAntdScope(() =>
  import('@/features/otc/pages/otc-order-page').then((m) => m.OtcOrderPage),
);
const Ordinary = lazyInAntdScope(() =>
  import('@/features/otc/pages/otc-order-page').then((m) => m.OtcOrdinaryPage),
);

export function OtcCommonPage() {
  return (
    <Suspense fallback={<div className="otc-page" />}>
      <Common />
    </Suspense>
  );
}

export function OtcOrderPage() {
  return (
    <Suspense fallback={<div className="otc-page" />}>
      <Order />
    </Suspense>
  );
}

export function OtcOrdinaryPage() {
  return (
    <Suspense fallback={<div className="otc-page" />}>
      <Ordinary />
    </Suspense>
  );
}
