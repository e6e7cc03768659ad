// What the OTC services share: the database, the clock, the money core, identity, market prices and the
// settings (docs/otc.md).
import type { CommandResult, MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { BankService } from '@/modules/identity/bank-service';
import type { KycService } from '@/modules/identity/kyc-service';

export interface OtcSettings {
  /** Deposit a merchant application freezes ('0' = none) and its asset. */
  deposit: string;
  depositAsset: string;
  appealWaitMs: number;
  /** USDT value above which an appeal decision needs a second operator. */
  secondApprovalAbove: string;
}

export interface OtcContext {
  db: Db;
  clock: Clock;
  core: () => MoneyCore;
  kyc: () => KycService | undefined;
  bank: () => BankService | undefined;
  /** USDT per coin (undefined when the market has no price). */
  usdtPrice: (asset: string) => string | undefined;
  /** Fiat per USDT from the operator-configured currencies. */
  fiatRate: (fiat: string) => Promise<string | undefined>;
  /** The fiats the market offers ads in. */
  fiats: () => Promise<string[]>;
  settings: OtcSettings;
  /** Call after a users row changed (is_merchant). */
  invalidateUser: (userId: bigint) => Promise<void>;
}

/** Submits a command and maps the core's refusals to OTC errors. */
export async function submitOtc(
  ctx: OtcContext,
  command: Parameters<MoneyCore['submit']>[0],
): Promise<Extract<CommandResult, { ok: true }>> {
  const r = await ctx.core().submit(command);
  if (r.ok) return r;
  switch (r.error) {
    case 'INSUFFICIENT_BALANCE':
      throw new AppError('OTC_INSUFFICIENT_BALANCE');
    case 'OTC_NOT_ALLOWED':
      throw new AppError('OTC_NOT_ALLOWED');
    case 'OTC_WRONG_STATE':
    case 'OTC_ORDER_NOT_FOUND':
    case 'OTC_NOT_DUE':
      throw new AppError('OTC_ORDER_STATE');
    case 'OTC_AD_NOT_FOUND':
      throw new AppError('OTC_AD_CLOSED');
    case 'INVALID_AMOUNT':
    case 'AMOUNT_TOO_LARGE':
      throw new AppError('OTC_AMOUNT_OUT_OF_RANGE');
    default:
      throw new AppError('OTC_REJECTED');
  }
}

export const csvIds = (v: string): bigint[] => (v === '' ? [] : v.split(',').map((x) => BigInt(x)));
