// Headless rules of the wallet forms: amount checks, the withdrawal preview (fee and received amount,
// shown before submitting), "all" amounts, the swap estimate and the recharge / transfer checks. Typed
// amounts are corrected by AmountInput (the shared normalizeTypedNumber); numbers are shown through
// lib/use-number-format.ts. Pure functions over strings and bigint amounts (@coin/shared/money): a JS
// number never holds money. Errors come back as data, a translation key of the `wallet` namespace (plus
// interpolation values), so the components only translate and place them.
import {
  type Amount,
  add,
  cmp,
  formatAmount,
  isPositive,
  max,
  mul,
  parseAmount,
  roundTo,
  sub,
  tryParseAmount,
  ZERO,
} from '@coin/shared/money';
import { isNumeric } from '@coin/shared/number-input';

export interface FormError {
  /** Key in the `wallet` namespace. */
  key: string;
  values?: Record<string, string>;
}

export type FieldErrors<F extends string> = Partial<Record<F, FormError>>;

export type AmountCheck = { ok: true; value: Amount } | { ok: false; error: FormError };

export interface AmountLimits {
  /** Largest allowed amount (e.g. the available balance minus a fee). */
  max?: Amount;
  /** Smallest allowed amount (inclusive). */
  min?: Amount;
  /** The asset code, for messages. */
  coin?: string;
  decimals: number;
}

/** Reads a decimal string from the server; a malformed one counts as zero rather than crashing a page. */
export function amountOf(wire: string | null | undefined): Amount {
  if (typeof wire !== 'string') return ZERO;
  const parsed = tryParseAmount(wire);
  return parsed.ok ? parsed.value : ZERO;
}

/** Checks a typed amount: present, numeric, not too precise, positive, within the limits. */
export function checkAmount(raw: string, limits: AmountLimits): AmountCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, error: { key: 'form.required' } };
  if (!isNumeric(text)) return { ok: false, error: { key: 'form.numeric' } };
  const parsed = tryParseAmount(text, limits.decimals);
  if (!parsed.ok) {
    return {
      ok: false,
      error: { key: 'form.tooManyDecimals', values: { decimals: String(limits.decimals) } },
    };
  }
  if (!isPositive(parsed.value)) return { ok: false, error: { key: 'form.positive' } };
  if (limits.min !== undefined && cmp(parsed.value, limits.min) < 0) {
    return {
      ok: false,
      error: {
        key: 'form.belowMin',
        values: { min: formatAmount(limits.min), coin: limits.coin ?? '' },
      },
    };
  }
  if (limits.max !== undefined && cmp(parsed.value, limits.max) > 0) {
    return { ok: false, error: { key: 'form.insufficient' } };
  }
  return { ok: true, value: parsed.value };
}

// ---------------------------------------------------------------------------------------------------
// Withdrawal

export interface WithdrawAssetRules {
  coin: string;
  decimals: number;
  /** Fixed fee per withdrawal, charged on top of the amount. */
  withdrawFee: string;
  minWithdraw: string;
}

export interface WithdrawPreview {
  fee: string;
  /** What the recipient address gets: the amount itself. */
  receive: string;
  /** What leaves the balance: amount + fee. */
  total: string;
}

/** The fee, received amount and total debit for a typed amount; null until the amount is a valid number. */
export function withdrawPreview(rawAmount: string, rules: WithdrawAssetRules): WithdrawPreview | null {
  const text = rawAmount.trim();
  if (!isNumeric(text)) return null;
  const parsed = tryParseAmount(text, rules.decimals);
  if (!parsed.ok || !isPositive(parsed.value)) return null;
  const fee = amountOf(rules.withdrawFee);
  return {
    fee: formatAmount(fee, rules.decimals),
    receive: formatAmount(parsed.value, rules.decimals),
    total: formatAmount(add(parsed.value, fee), rules.decimals),
  };
}

/** "All": the largest amount whose amount + fee fits the available balance (0 when the fee does not fit). */
export function maxWithdrawAmount(available: string, rules: WithdrawAssetRules): string {
  const room = max(ZERO, sub(amountOf(available), amountOf(rules.withdrawFee)));
  return formatAmount(roundTo(room, rules.decimals, 'down'));
}

export type WithdrawField = 'coin' | 'address' | 'amount' | 'password';

export interface WithdrawInput {
  coin: string;
  address: string;
  amount: string;
  /** Left out while the form is checked before the review step; asked for in the security step. */
  password?: string;
}

/**
 * Client-side checks before the review step (without `password`) and before the encrypted request (with
 * it); the server repeats all of them.
 */
export function validateWithdraw(
  input: WithdrawInput,
  rules: WithdrawAssetRules | undefined,
  available: string,
): FieldErrors<WithdrawField> {
  const errors: FieldErrors<WithdrawField> = {};
  if (!input.coin || !rules) errors.coin = { key: 'form.required' };
  const address = input.address.trim();
  if (address === '') errors.address = { key: 'form.required' };
  else if (address.length > 128 || /\s/.test(address)) errors.address = { key: 'form.address' };
  if (input.password !== undefined && input.password === '') {
    errors.password = { key: 'withdraw.passwordRequired' };
  }
  if (rules) {
    const fee = amountOf(rules.withdrawFee);
    const check = checkAmount(input.amount, {
      decimals: rules.decimals,
      min: isPositive(amountOf(rules.minWithdraw)) ? amountOf(rules.minWithdraw) : undefined,
      max: sub(amountOf(available), fee),
      coin: rules.coin,
    });
    if (!check.ok) errors.amount = check.error;
  } else if (input.amount.trim() === '') {
    errors.amount = { key: 'form.required' };
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Swap

export interface SwapEstimate {
  /** Gross amount of `to`: amount x price, rounded down to `to`'s decimals. */
  receive: string;
  /** receive x feeRate, rounded up (an estimate never overstates what lands). */
  fee: string;
  /** What lands in the spot account. */
  credited: string;
}

export function swapEstimate(
  rawAmount: string,
  fromDecimals: number,
  quote: { price: string; feeRate: string } | undefined,
  toDecimals: number,
): SwapEstimate | null {
  if (!quote) return null;
  const text = rawAmount.trim();
  if (!isNumeric(text)) return null;
  const parsed = tryParseAmount(text, fromDecimals);
  if (!parsed.ok || !isPositive(parsed.value)) return null;
  const receive = roundTo(mul(parsed.value, amountOf(quote.price), 'down'), toDecimals, 'down');
  const fee = roundTo(mul(receive, amountOf(quote.feeRate), 'up'), toDecimals, 'up');
  const credited = max(ZERO, sub(receive, fee));
  return {
    receive: formatAmount(receive, toDecimals),
    fee: formatAmount(fee, toDecimals),
    credited: formatAmount(credited, toDecimals),
  };
}

/**
 * The pair the swap form starts with: from the coin the user holds (available in spot) that is worth the
 * most in USDT, to USDT; from USDT to BTC when USDT is all they hold, or nothing is held yet.
 */
export function swapStartPair(balances: readonly { coin: string; available: string; usdtValue: string }[]): {
  from: string;
  to: string;
} {
  let best: { coin: string; value: Amount } | undefined;
  for (const b of balances) {
    if (!isPositive(amountOf(b.available))) continue;
    const value = amountOf(b.usdtValue);
    if (best === undefined || cmp(value, best.value) > 0) best = { coin: b.coin, value };
  }
  const from = best?.coin ?? 'USDT';
  return { from, to: from === 'USDT' ? 'BTC' : 'USDT' };
}

export type SwapField = 'from' | 'to' | 'amount';

export function validateSwap(
  input: { from: string; to: string; amount: string },
  fromDecimals: number,
  available: string,
): FieldErrors<SwapField> {
  const errors: FieldErrors<SwapField> = {};
  if (!input.from) errors.from = { key: 'form.required' };
  if (!input.to) errors.to = { key: 'form.required' };
  else if (input.to === input.from) errors.to = { key: 'swap.sameAsset' };
  const check = checkAmount(input.amount, { decimals: fromDecimals, max: amountOf(available) });
  if (!check.ok) errors.amount = check.error;
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Transfer

export type TransferField = 'from' | 'to' | 'coin' | 'amount';

export function validateTransfer(
  input: { from: string; to: string; coin: string; amount: string },
  decimals: number,
  available: string,
): FieldErrors<TransferField> {
  const errors: FieldErrors<TransferField> = {};
  if (!input.from) errors.from = { key: 'form.required' };
  if (!input.to) errors.to = { key: 'form.required' };
  else if (input.to === input.from) errors.to = { key: 'transfer.sameAccount' };
  if (!input.coin) errors.coin = { key: 'form.required' };
  const check = checkAmount(input.amount, { decimals, max: amountOf(available) });
  if (!check.ok) errors.amount = check.error;
  return errors;
}

/** "All" for swap and transfer: the whole available balance at the asset's decimals. */
export function allOf(available: string, decimals: number): string {
  return formatAmount(roundTo(amountOf(available), decimals, 'down'));
}

// ---------------------------------------------------------------------------------------------------
// Manual recharge

export type RechargeField = 'coin' | 'amount' | 'screenshot';

export function validateRecharge(
  input: { coin: string; amount: string; screenshot: string },
  decimals: number,
): FieldErrors<RechargeField> {
  const errors: FieldErrors<RechargeField> = {};
  if (!input.coin) errors.coin = { key: 'form.required' };
  const check = checkAmount(input.amount, { decimals });
  // Spec section 5: the recharge amount's own message is "Must be a numerical value".
  if (!check.ok)
    errors.amount = check.error.key === 'form.numeric' ? { key: 'recharge.numeric' } : check.error;
  if (input.screenshot === '') errors.screenshot = { key: 'recharge.screenshotRequired' };
  return errors;
}

export function hasErrors(errors: Partial<Record<string, FormError>>): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}

// ---------------------------------------------------------------------------------------------------
// Totals

/** Sum of wire amounts (e.g. a column of balances), exact. */
export function sumAmounts(values: readonly string[]): string {
  return formatAmount(values.reduce<Amount>((sum, v) => add(sum, amountOf(v)), ZERO));
}

/** Whether a wire amount is non-zero (for "hide zero balances"). */
export function isNonZero(wire: string): boolean {
  return amountOf(wire) !== ZERO;
}

/** Exact parse for values the code itself produced; throws on a programming error. */
export function exact(wire: string): Amount {
  return parseAmount(wire);
}
