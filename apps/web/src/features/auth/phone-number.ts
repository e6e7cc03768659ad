// The one form every phone leaves this client in: `+<dial code digits><national number digits>`. The
// server stores the phone as sent and phone login looks it up exactly, so register, reset and login must
// all compose it the same way from the picked country and whatever the user typed.

/** What people type between digits: spaces (any width), dashes of every kind, dots, slashes, brackets. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212./()]/g;

/**
 * Dial codes whose numbers keep their leading 0 after the country code (Italy: +39 06..., no trunk
 * prefix). Everywhere else a leading 0 is the national trunk prefix, dropped in international form.
 */
const KEEPS_LEADING_ZERO: ReadonlySet<string> = new Set(['39']);

/**
 * The canonical phone for a country's dial code (e.g. '+44') and the number as typed. Separators and a
 * leading national 0 go; full-width digits (IME input) become ASCII. A number typed with its own `+` or
 * `00` prefix is taken as international and keeps its country. Returns '' for an empty number, and
 * anything else it cannot make canonical (letters, no dial code) without a leading `+`, so the phone
 * rule rejects it rather than a different string reaching the server.
 */
export function composePhone(dialCode: string | undefined, input: string): string {
  const typed = input.normalize('NFKC').replace(SEPARATORS, '');
  if (typed === '') return '';
  if (typed.startsWith('+')) return typed;
  if (typed.startsWith('00')) return `+${typed.slice(2)}`;
  const dial = (dialCode ?? '').replace(/\D/g, '');
  if (dial === '') return typed;
  const national = KEEPS_LEADING_ZERO.has(dial) ? typed : typed.replace(/^0/, '');
  return `+${dial}${national}`;
}

/**
 * The country to preselect: the region of the first browser language that has one among `available`
 * (ISO 3166 codes), a bare language counting as its likeliest region ('ja' is JP, 'zh-Hant' is TW);
 * otherwise `fallback` (CN) when offered, otherwise the first country offered.
 */
export function defaultCountry(
  languages: readonly string[],
  available: readonly string[],
  fallback = 'CN',
): string | undefined {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).maximize().region;
    } catch {
      continue; // Not a valid language tag.
    }
    if (region && available.includes(region)) return region;
  }
  return available.includes(fallback) ? fallback : available[0];
}
