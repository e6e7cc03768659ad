// The news area chunk.
import { AreaPage } from './area-page';

export function NewsIndexPage() {
  return <AreaPage page="news" />;
}
