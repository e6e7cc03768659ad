// Fast exact conversion of 18-place atom counts to canonical decimal strings, for the core's hot path
// (events and snapshots). Same output as formatAmount(a) from @coin/shared/money without `decimals`
// (checked by test/core-commands.test.ts), but by string slicing instead of bigint division.
const SCALE = 18;

/** ZEROS[k] is k zeros (k = 0..18). */
const ZEROS: readonly string[] = Array.from({ length: SCALE + 1 }, (_, k) => '0'.repeat(k));

export function formatAtoms(a: bigint): string {
  if (a === 0n) return '0';
  const negative = a < 0n;
  const digits = (negative ? -a : a).toString();
  const n = digits.length;
  // Trailing zeros go (those of the fraction; an integer part keeps its own).
  let end = n;
  while (digits.charCodeAt(end - 1) === 48) end--;
  const intLength = n - SCALE;
  let body: string;
  if (intLength > 0) {
    body =
      end <= intLength
        ? digits.slice(0, intLength)
        : `${digits.slice(0, intLength)}.${digits.slice(intLength, end)}`;
  } else {
    body = `0.${ZEROS[-intLength]}${digits.slice(0, end)}`;
  }
  return negative ? `-${body}` : body;
}

/**
 * formatAtoms' strings of recent amounts: posting deltas, trade amounts and fees repeat (common sizes at
 * common prices), and a hit costs one comparison instead of three or four new strings. A direct-mapped
 * table: an amount's slot comes from the bits of its nearest double (no bigint hashing, which a Map of
 * bigint keys pays on every lookup), and the slot holds the last amount that landed there. A cache only
 * (the output is formatAtoms' own), so the core stays pure.
 */
const ATOM_SLOTS = 8192;
const ATOM_SHIFT = 32 - Math.log2(ATOM_SLOTS);
const atomKeys: (bigint | undefined)[] = new Array(ATOM_SLOTS).fill(undefined);
const atomTexts: string[] = new Array(ATOM_SLOTS).fill('');
const atomDouble = new Float64Array(1);
const atomWords = new Uint32Array(atomDouble.buffer);

/** formatAtoms(a) through a bounded cache (for amounts that repeat; balances do not, they take formatAtoms). */
export function formatAtomsCached(a: bigint): string {
  atomDouble[0] = Number(a);
  const slot = Math.imul((atomWords[0] as number) ^ (atomWords[1] as number), 0x9e3779b1) >>> ATOM_SHIFT;
  if (atomKeys[slot] === a) return atomTexts[slot] as string;
  const text = formatAtoms(a);
  atomKeys[slot] = a;
  atomTexts[slot] = text;
  return text;
}

/** 10^k as bigint for k = 0..36 (no bigint exponentiation on the hot path). */
export const POW10: readonly bigint[] = Array.from({ length: 37 }, (_, k) => 10n ** BigInt(k));

/**
 * `units` x 10^-decimals (a non-negative safe integer and 0..18 places) as a canonical decimal: the same
 * string as formatAtoms(BigInt(units) * 10n ** BigInt(18 - decimals)), without bigint arithmetic.
 */
export function formatUnits(units: number, decimals: number): string {
  // Beyond 2^53 a double's shortest decimal is not its exact value: take the exact path.
  if (!(units >= 0 && units <= Number.MAX_SAFE_INTEGER))
    return formatAtoms(BigInt(units) * (POW10[18 - decimals] as bigint));
  const digits = String(units);
  if (decimals === 0) return digits;
  let int: string;
  let frac: string;
  if (digits.length > decimals) {
    int = digits.slice(0, digits.length - decimals);
    frac = digits.slice(digits.length - decimals);
  } else {
    int = '0';
    frac = digits.padStart(decimals, '0');
  }
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  return end === 0 ? int : `${int}.${frac.slice(0, end)}`;
}

/** formatUnits' strings by decimals, then by units: book prices and quantities repeat (levels near the mid,
 * common sizes), and a hit costs one lookup instead of building two or three strings. Bounded: a full
 * map is dropped and refilled. A cache only (the output is formatUnits' own), so the core stays pure. */
const UNIT_TEXTS: Map<number, string>[] = Array.from({ length: SCALE + 1 }, () => new Map());
const MAX_UNIT_TEXTS = 8192;

/** formatUnits(units, decimals) through a bounded cache (for the hot path's book integers). */
export function formatUnitsCached(units: number, decimals: number): string {
  const cache = UNIT_TEXTS[decimals];
  if (cache === undefined) return formatUnits(units, decimals);
  let text = cache.get(units);
  if (text === undefined) {
    text = formatUnits(units, decimals);
    if (cache.size >= MAX_UNIT_TEXTS) cache.clear();
    cache.set(units, text);
  }
  return text;
}

/**
 * A canonical decimal string as an integer count of 10^-decimals units, when it is one exactly and small
 * enough to be exact in a double (at most 15 digits); undefined otherwise (the caller takes the exact
 * bigint path, which also decides the refusal). Accepts only what parseCanonical accepts unchanged: no
 * sign, no leading zeros, no trailing zeros after the point.
 */
export function unitsOfCanonical(v: string, decimals: number): number | undefined {
  const n = v.length;
  if (n === 0 || n > 16) return undefined;
  let units = 0;
  let digits = 0;
  let point = -1;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 46) {
      if (point >= 0 || i === 0 || i === n - 1) return undefined;
      point = i;
      continue;
    }
    if (c < 48 || c > 57) return undefined;
    units = units * 10 + (c - 48);
    digits++;
  }
  // Leading zero only as "0" or "0.x"; a fraction must not end in 0.
  if (v.charCodeAt(0) === 48 && n > 1 && point !== 1) return undefined;
  if (point < 0) {
    if (digits + decimals > 15) return undefined;
    return units * 10 ** decimals;
  }
  const places = n - point - 1;
  if (v.charCodeAt(n - 1) === 48 || places > decimals || digits + decimals - places > 15) return undefined;
  return units * 10 ** (decimals - places);
}
