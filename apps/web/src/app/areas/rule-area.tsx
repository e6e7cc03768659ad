// The rule area chunk: the rules pages of features/rules.
import { RulesPage } from '@/features/rules/pages/rules-page';

export function RuleIndexPage() {
  return <RulesPage />;
}
