// What the earn services share: the database, the clock, late-bound access to the money core, the
// wallet's assets and the bill projection, the platform's product switches, the area's settings and
// the tier reader. Also the one way into the core: submit a command and turn a core refusal into the
// area's localized error (with the product's limits in the message).
import { formatAmount, parseAmount } from '@coin/shared/money';
import type { AppConfig } from '@/config';
import type { EarnKind, EarnProductConfig } from '@/core/earn/earn-commands';
import type { Command, CommandResult, CoreError, MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { WalletAsset } from '@/modules/wallet/wallet-assets';
import type { EarnSettings } from './earn-settings';
import type { TierSource } from './tiers';

export type ProductSwitch = 'pledge' | 'finance' | 'loan' | 'defi';

export interface EarnContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  core(): MoneyCore;
  /** The wallet's asset (decimals, per-operation maximum); undefined when the wallet does not know it. */
  asset(code: string): WalletAsset | undefined;
  /** Every asset the wallet knows. */
  assetCodes(): string[];
  /** Whether the platform settings switch the product on (spec: products can be switched off). */
  enabled(product: ProductSwitch): Promise<boolean>;
  brand(): Promise<string>;
  settings: EarnSettings;
  tiers: TierSource;
  /** Resolves once the history tables hold the command `seq` (bounded wait: read your own writes). */
  projected(seq: number): Promise<void>;
}

export const SWITCH_OF: Record<EarnKind, ProductSwitch> = {
  pledge: 'pledge',
  finance: 'finance',
  loan: 'loan',
  defi: 'defi',
};

export async function requireEnabled(ctx: EarnContext, kind: EarnKind): Promise<void> {
  if (!(await ctx.enabled(SWITCH_OF[kind]))) throw new AppError('EARN_DISABLED');
}

const shown = (v: string) => formatAmount(parseAmount(v));

/** The area's error for a core refusal, naming the product's limit where the message has one. */
export function earnRefusal(error: CoreError, product?: EarnProductConfig): AppError {
  const amount = (
    code: ConstructorParameters<typeof AppError>[0],
    vars: Record<string, string | number> = {},
  ) => new AppError(code, [{ field: 'amount', key: `errors.${code}`, vars }], vars);
  switch (error) {
    case 'EARN_PRODUCT_UNKNOWN':
    case 'EARN_PRODUCT_MISMATCH':
      return new AppError('EARN_PRODUCT_NOT_FOUND');
    case 'EARN_PRODUCT_CLOSED':
      return new AppError('EARN_PRODUCT_CLOSED');
    case 'EARN_BELOW_MINIMUM':
      return amount('EARN_BELOW_MINIMUM', { min: product ? shown(product.minAmount) : '' });
    case 'EARN_ABOVE_MAXIMUM':
      return amount('EARN_ABOVE_MAXIMUM', { max: product ? shown(product.maxAmount) : '' });
    case 'EARN_ABOVE_USER_LIMIT':
      return amount('EARN_ABOVE_USER_LIMIT', {
        limit: product?.kind === 'pledge' ? shown(product.userLimit) : '',
      });
    case 'EARN_COUNT_LIMIT':
      return product?.kind === 'finance'
        ? new AppError('EARN_PARTICIPATION_LIMIT_REACHED', [], { count: product.participationLimit })
        : new AppError('EARN_BUYABLE_COUNT_REACHED', [], {
            count: product?.kind === 'pledge' ? product.buyableCount : 0,
          });
    case 'EARN_SOLD_OUT':
      return amount('EARN_SOLD_OUT');
    case 'EARN_POOL_INSUFFICIENT':
      return new AppError('EARN_POOL_INSUFFICIENT');
    case 'INSUFFICIENT_BALANCE':
      return amount('EARN_INSUFFICIENT_BALANCE');
    case 'INVALID_AMOUNT':
      return amount('EARN_AMOUNT_INVALID');
    case 'AMOUNT_TOO_LARGE':
      return amount('EARN_AMOUNT_TOO_LARGE');
    case 'EARN_ORDER_UNKNOWN':
      return new AppError('EARN_ORDER_NOT_FOUND');
    case 'EARN_ORDER_CLOSED':
      return new AppError('EARN_ORDER_CLOSED');
    case 'EARN_LOCKED':
      return new AppError('EARN_LOCKED');
    case 'EARN_LOAN_UNKNOWN':
      return new AppError('EARN_LOAN_NOT_FOUND');
    case 'EARN_LOAN_SETTLED':
      return new AppError('EARN_LOAN_SETTLED');
    case 'EARN_LOAN_EXISTS':
      return new AppError('EARN_LOAN_STATE');
    case 'EARN_REPAY_WAY':
      return new AppError('EARN_REPAY_WAY_INVALID', [
        { field: 'repayWay', key: 'errors.EARN_REPAY_WAY_INVALID' },
      ]);
    case 'IDEMPOTENCY_MISMATCH':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    default:
      return new AppError('EARN_REJECTED');
  }
}

export type Accepted = Extract<CommandResult, { ok: true }>;

/** Submits and returns the accepted result, or throws the area's error for the refusal. */
export async function submitEarn(
  core: MoneyCore,
  command: Command,
  product?: EarnProductConfig,
): Promise<Accepted> {
  const result = await core.submit(command);
  if (!result.ok) throw earnRefusal(result.error, product);
  return result;
}

export function coreOf(core: MoneyCore | undefined): MoneyCore {
  if (!core || typeof core.submit !== 'function') throw new AppError('SERVICE_UNAVAILABLE');
  return core;
}
