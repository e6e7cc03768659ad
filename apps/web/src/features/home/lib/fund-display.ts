// How the home page shows the asset-security fund (GET /api/common/securityFund): exact decimal strings
// from the ledger, truncated for display (never rounded up: the page must not overstate the fund) and
// grouped in thousands. No JS number ever holds the amounts.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** '1234567.123456789' -> '1,234,567.12345678' (maxDecimals 8); trailing zeros trimmed; bad input '--'. */
export function formatFundAmount(value: string | null | undefined, maxDecimals = 8): string {
  const m = DECIMAL.exec((value ?? '').trim());
  if (!m) return '--';
  const integer = (m[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').slice(0, maxDecimals).replace(/0+$/, '');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = /^0*$/.test(integer) && fraction === '';
  const sign = m[1] === '-' && !zero ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A share as a decimal fraction ('0.1') in percent ('10'); exact, trailing zeros trimmed; bad input ''. */
export function shareToPercent(share: string | null | undefined): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec((share ?? '').trim());
  if (!m) return '';
  const fraction = (m[2] ?? '').padEnd(2, '0');
  const integer = `${m[1] ?? '0'}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}
