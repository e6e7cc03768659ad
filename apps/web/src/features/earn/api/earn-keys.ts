// Query keys of the earn feature: everything under ['earn'], so one invalidation after a subscription,
// redemption or repayment refreshes products (their counters), orders and income together.
export const earnKeys = {
  all: ['earn'] as const,
  products: (kind: string, extra?: string) => ['earn', 'products', kind, extra ?? ''] as const,
  product: (id: string) => ['earn', 'product', id] as const,
  orders: (kind: string, status?: string) => ['earn', 'orders', kind, status ?? ''] as const,
  income: () => ['earn', 'income'] as const,
  loans: () => ['earn', 'loans'] as const,
  loan: (id: string) => ['earn', 'loan', id] as const,
  repayTypes: () => ['earn', 'repayTypes'] as const,
  addresses: () => ['earn', 'addresses'] as const,
};
