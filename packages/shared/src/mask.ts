// Owns masked display of contact details (spec §9): email keeps its first 2 and last 2 characters,
// phone its first 3 and last 4, and the middle becomes '****'.
//
// Short inputs would leak most or all of the value under the plain rule ('abcde' -> 'ab****de' shows 4 of
// 5 characters), so one rule covers every length: at least 4 characters (the width of the mask) are always
// hidden. The revealed budget, length - 4, is split between the head and the tail, the head taking the odd
// one, each capped at its nominal size. Inputs of 4 characters or fewer become just '****'; '' stays ''.
// Characters are Unicode code points, so a surrogate pair is never cut in half.

const MASK = '****';
const MIN_HIDDEN = MASK.length;

function maskMiddle(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length === 0) return '';
  const budget = Math.max(0, chars.length - MIN_HIDDEN);
  let shownHead = Math.min(head, Math.ceil(budget / 2));
  const shownTail = Math.min(tail, budget - shownHead);
  shownHead = Math.min(head, budget - shownTail);
  return chars.slice(0, shownHead).join('') + MASK + chars.slice(chars.length - shownTail).join('');
}

/** 'alice@example.com' -> 'al****om'. The whole string is masked; the '@' gets no special treatment. */
export function maskEmail(email: string): string {
  return maskMiddle(email, 2, 2);
}

/** '13812345678' -> '138****5678'. The whole string is masked, so a '+86' prefix counts as characters. */
export function maskPhone(phone: string): string {
  return maskMiddle(phone, 3, 4);
}
