// The ledger invariants of DESIGN section 3, checked over a whole state: per asset the balances of all
// accounts (users' available + frozen and the system accounts) sum to zero; no user field is negative;
// no balance leaves NUMERIC(38,18); each user account's frozen equals the sum of what the product parts
// hold on it; and each part's own rules. Used by the property, replay and crash tests and available to
// an operator health check.
import type { MoneyState } from './money-state';

export function invariantViolations(state: MoneyState): string[] {
  return state.invariantViolations();
}
