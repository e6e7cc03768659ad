// The power-loan area chunk: products with the application, and the records (features/earn).
import { Suspense } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';

const pages = () => import('@/features/earn/pages/loan-pages');
const Products = lazyInAntdScope(() => pages().then((m) => m.LoanProductsPage));
const Records = lazyInAntdScope(() => pages().then((m) => m.LoanRecordsPage));

export function LoanIndexPage() {
  return (
    <Suspense fallback={null}>
      <Products />
    </Suspense>
  );
}

export function LoanOrderPage() {
  return (
    <Suspense fallback={null}>
      <Records />
    </Suspense>
  );
}
