// A command result as a repeat of its id answers it: the same result without the events, which were
// published once (docs/money-core.md "Idempotency").
import type { CommandResult } from '@/core/types';

export function asRepeat(result: CommandResult | undefined): CommandResult | undefined {
  return result?.ok ? { ...result, events: [] } : result;
}
