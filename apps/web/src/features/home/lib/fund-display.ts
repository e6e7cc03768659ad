// The asset-security fund's share (GET /api/common/securityFund): the fee fraction in percent. Its amounts
// are shown through the shared number formats (lib/use-number-format.ts): exact, truncated (never
// rounded up: the page must not overstate the fund), grouped as the reader's language groups.

/** A share as a decimal fraction ('0.1') in percent ('10'); exact, trailing zeros trimmed; bad input ''. */
export function shareToPercent(share: string | null | undefined): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec((share ?? '').trim());
  if (!m) return '';
  const fraction = (m[2] ?? '').padEnd(2, '0');
  const integer = `${m[1] ?? '0'}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}
