// The market area chunk.
import { AreaPage } from './area-page';

export function MarketMainPage() {
  return <AreaPage page="market" />;
}
