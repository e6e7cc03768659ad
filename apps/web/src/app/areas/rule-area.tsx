// The rule area chunk.
import { AreaPage } from './area-page';

export function RuleIndexPage() {
  return <AreaPage page="rule" />;
}
