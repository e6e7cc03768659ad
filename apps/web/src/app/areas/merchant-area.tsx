// The merchant area chunk.
import { AreaPage } from './area-page';

export function MerchantIndexPage() {
  return <AreaPage page="merchantIndex" />;
}

export function MerchantDealPage() {
  return <AreaPage page="merchantDeal" />;
}
