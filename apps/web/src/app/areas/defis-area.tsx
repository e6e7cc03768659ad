// The DeFi mining area chunk.
import { AreaPage } from './area-page';

export function DefisIndexPage() {
  return <AreaPage page="defisIndex" />;
}

export function DefisDetailsPage() {
  return <AreaPage page="defisDetails" />;
}
