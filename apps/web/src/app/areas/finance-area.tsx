// The finance area chunk: product tabs and product detail.
import { AreaPage } from './area-page';

export function FinanceInvestmentPage() {
  return <AreaPage page="financeInvestment" />;
}

export function FinanceDetailPage() {
  return <AreaPage page="financeDetail" />;
}
