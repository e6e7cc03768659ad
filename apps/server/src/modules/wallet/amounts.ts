// Amount input for wallet routes: a decimal string on the wire, checked against the asset's decimals
// here (the asset is only known after the coin field), never rounded.
import { type Amount, cmp, formatAmount, isPositive, parseAmount, tryParseAmount } from '@coin/shared/money';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';

/** Wire shape: digits with an optional fraction ("Must be a numerical value" otherwise). */
export const amountString = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.numeric')
  .regex(/^\d+(\.\d+)?$/, 'validation.numeric');

export const coinString = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(20, 'validation.invalid')
  .regex(/^[A-Za-z0-9]+$/, 'validation.invalid')
  .transform((v) => v.toUpperCase());

/**
 * Parses an amount of one operation in an asset: positive, at most the asset's decimals, at most its
 * per-operation maximum (WALLET_AMOUNT_TOO_LARGE naming the maximum; the core refuses it too).
 */
export function parseAssetAmount(
  value: string,
  asset: { decimals: number; maxAmount: string },
  field = 'amount',
): Amount {
  const parsed = tryParseAmount(value, asset.decimals);
  if (!parsed.ok) {
    const key =
      parsed.code === 'AMOUNT_TOO_MANY_DECIMALS' ? 'validation.tooManyDecimals' : 'validation.numeric';
    throw new AppError('VALIDATION_FAILED', [{ field, key }]);
  }
  if (!isPositive(parsed.value)) {
    throw new AppError('VALIDATION_FAILED', [{ field, key: 'validation.positive' }]);
  }
  if (cmp(parsed.value, parseAmount(asset.maxAmount)) > 0) {
    throw new AppError('WALLET_AMOUNT_TOO_LARGE', [
      { field, key: 'validation.max', vars: { max: asset.maxAmount } },
    ]);
  }
  return parsed.value;
}

export function fmt(a: Amount): string {
  return formatAmount(a);
}

export function gte(a: Amount, b: Amount): boolean {
  return cmp(a, b) >= 0;
}
