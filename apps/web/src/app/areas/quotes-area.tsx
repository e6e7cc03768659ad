// The quotes area chunk: the market feature's quotes screen.
import { QuotesPage } from '@/features/market/pages/quotes-page';

export function QuotesIndexPage() {
  return <QuotesPage />;
}
