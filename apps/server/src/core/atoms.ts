// Fast exact conversion of 18-place atom counts to canonical decimal strings, for the core's hot path
// (events and snapshots). Same output as formatAmount(a) from @coin/shared/money without `decimals`
// (checked by test/core-commands.test.ts), but by string slicing instead of bigint division.
const SCALE = 18;

export function formatAtoms(a: bigint): string {
  const negative = a < 0n;
  const digits = (negative ? -a : a).toString();
  let int: string;
  let frac: string;
  if (digits.length > SCALE) {
    int = digits.slice(0, digits.length - SCALE);
    frac = digits.slice(digits.length - SCALE);
  } else {
    int = '0';
    frac = digits.padStart(SCALE, '0');
  }
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  const body = end === 0 ? int : `${int}.${frac.slice(0, end)}`;
  return negative && body !== '0' ? `-${body}` : body;
}
