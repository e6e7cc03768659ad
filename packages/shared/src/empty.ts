// Owns the "empty" check of spec §5, used to decide whether a field or API value counts as absent.
// The strings 'null' and 'undefined' are empty because legacy back-ends serialise missing values that way.

/**
 * Empty: null, undefined, '', 'null', 'undefined' (exact, case-sensitive), [] and a plain object
 * (prototype Object.prototype or null) with no own keys, symbols included.
 * Never empty: booleans, numbers and bigints (including false, 0, -0, NaN, 0n), whitespace-only strings,
 * non-empty arrays (a sparse `new Array(3)` has length 3), and every non-plain object (Date, Map, Set,
 * class instances, functions) whatever it contains, because "no own keys" says nothing about them.
 */
export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v === '' || v === 'null' || v === 'undefined';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    const plain = proto === Object.prototype || proto === null;
    return plain && Reflect.ownKeys(v).length === 0;
  }
  return false;
}
