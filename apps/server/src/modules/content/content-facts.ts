// Live facts an article may quote: written as {{name}} in Markdown, replaced when the page is read, so
// the fee schedule and the security-fund rule always state the rates the server actually charges
// (DESIGN section 1: claims are facts). Values are HTML-escaped; unknown names stay as typed.
import type { AppConfig } from '@/config';

export type ContentFacts = Readonly<Record<string, string>>;

/** A fee rate such as '0.001' as '0.1 %'. */
export function percent(rate: string): string {
  const [whole = '0', frac = ''] = rate.split('.');
  // rate * 100 with exact decimal shifting (no float).
  const digits = `${whole}${frac.padEnd(2, '0')}`;
  const intPart = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(whole.length + 2).replace(/0+$/, '');
  return `${intPart}${rest ? `.${rest}` : ''} %`;
}

export function configFacts(config: AppConfig): ContentFacts {
  return {
    spotMakerFee: percent(config.SPOT_MAKER_FEE_RATE),
    spotTakerFee: percent(config.SPOT_TAKER_FEE_RATE),
    swapFee: percent(config.SWAP_FEE_RATE),
    securityFundShare: '10 %',
    feeRevenueShare: '90 %',
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Replaces {{name}} with the fact's value; `html` escapes values for an HTML context. */
export function applyFacts(text: string, facts: ContentFacts, html: boolean): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([A-Za-z][\w]*)\s*\}\}/g, (whole, name: string) => {
    const value = Object.hasOwn(facts, name) ? facts[name] : undefined;
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}
