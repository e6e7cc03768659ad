// The ledger invariants of DESIGN section 3, checked over a whole state: per asset the balances of all
// accounts (users' available + frozen and the system accounts) sum to zero; no user field is negative;
// each user's frozen equals the sum of its open holds. Used by the property, replay and crash tests and
// available to an operator health check.
import type { MoneyState } from './money-state';

export function invariantViolations(state: MoneyState): string[] {
  const problems: string[] = [];
  const perAsset = new Map<string, bigint>();
  const frozenByAccount = new Map<string, bigint>();
  for (const a of state.userAccounts()) {
    perAsset.set(a.asset, (perAsset.get(a.asset) ?? 0n) + a.available + a.frozen);
    if (a.available < 0n) problems.push(`negative available ${a.userId}/${a.asset}/${a.accountType}`);
    if (a.frozen < 0n) problems.push(`negative frozen ${a.userId}/${a.asset}/${a.accountType}`);
    if (a.frozen !== 0n) frozenByAccount.set(`${a.userId}\u0000${a.asset}\u0000${a.accountType}`, a.frozen);
  }
  for (const s of state.systemAccounts()) perAsset.set(s.asset, (perAsset.get(s.asset) ?? 0n) + s.balance);
  for (const [asset, sum] of perAsset) {
    if (sum !== 0n) problems.push(`asset ${asset} sums to ${sum} atoms, not 0`);
  }
  const held = new Map<string, bigint>();
  for (const h of state.openHolds()) {
    // Holds are on the spot account (withdrawals leave from spot).
    const key = `${h.userId}\u0000${h.asset}\u0000spot`;
    held.set(key, (held.get(key) ?? 0n) + toAtoms(h.amount) + toAtoms(h.fee));
  }
  for (const key of new Set([...held.keys(), ...frozenByAccount.keys()])) {
    const f = frozenByAccount.get(key) ?? 0n;
    const h = held.get(key) ?? 0n;
    if (f !== h) problems.push(`frozen ${f} != holds ${h} for ${key.replaceAll('\u0000', '/')}`);
  }
  return problems;
}

function toAtoms(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const atoms = BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
  return negative ? -atoms : atoms;
}
