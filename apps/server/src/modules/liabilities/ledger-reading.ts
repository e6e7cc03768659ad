// The one read of the money core a liabilities snapshot makes. Everything is read synchronously, in one
// tick: the core applies commands only inside its own synchronous loop (journal/money-core.ts), so no
// command can land between the first account and the sequence number — the reading is the ledger at
// exactly `seq`, and `stateHash` is that state's digest. No money command is involved.
import type { MoneyState } from '@/core/money-state';
import type { MoneyCore } from '@/core/types';
import { aggregateAccounts, type SystemAccountRow } from './liability-trees';

export interface LedgerReading {
  seq: number;
  stateHash: string;
  /** asset -> userId -> available + frozen over every account type (atoms). */
  perAsset: Map<string, Map<string, bigint>>;
  system: SystemAccountRow[];
}

/** The state machine behind `app.core` when it is the in-process runtime (it is, today). */
function stateOf(core: MoneyCore): MoneyState | undefined {
  const state = (core as { state?: unknown }).state;
  return typeof state === 'object' && state !== null && 'userAccounts' in state
    ? (state as MoneyState)
    : undefined;
}

/** Undefined when the core does not expose its ledger in this process. */
export function readLedger(core: MoneyCore): LedgerReading | undefined {
  const state = stateOf(core);
  if (state === undefined) return undefined;
  // No await anywhere below: one consistent sequence number.
  const seq = state.lastSeq();
  const perAsset = aggregateAccounts(state.userAccounts());
  const system: SystemAccountRow[] = [];
  for (const s of state.systemAccounts()) system.push({ name: s.name, asset: s.asset, balance: s.balance });
  const stateHash = state.stateHash();
  if (state.lastSeq() !== seq) throw new Error('the core moved during a synchronous read');
  return { seq, stateHash, perAsset, system };
}
