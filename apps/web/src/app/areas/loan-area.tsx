// The power-loan area chunk: products and records.
import { AreaPage } from './area-page';

export function LoanIndexPage() {
  return <AreaPage page="loanIndex" />;
}

export function LoanOrderPage() {
  return <AreaPage page="loanOrder" />;
}
