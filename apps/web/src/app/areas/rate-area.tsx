// The rate area chunk.
import { AreaPage } from './area-page';

export function RateIndexPage() {
  return <AreaPage page="rate" />;
}
