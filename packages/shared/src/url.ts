// Owns the URL check of spec §5: a link must start with http:// or https:// and be a parseable URL.

/**
 * True when `s` starts with `http://` or `https://` (scheme case-insensitive) and the WHATWG URL parser
 * accepts it. Any whitespace is rejected outright because the parser silently strips or encodes it,
 * which would let ' http://x' or 'http://x/a b' through as something other than what the user typed.
 */
export function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s) || /\s/.test(s)) return false;
  if (!URL.canParse(s)) return false;
  const { protocol, hostname } = new URL(s);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}
