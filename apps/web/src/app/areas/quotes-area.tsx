// The quotes area chunk.
import { AreaPage } from './area-page';

export function QuotesIndexPage() {
  return <AreaPage page="quotes" />;
}
