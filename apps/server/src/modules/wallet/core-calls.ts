// The wallet's way into the money core: submit a command and turn a core refusal into a stable,
// localized wallet error. Also the account-type wire codes.
import {
  ACCOUNT_TYPE_CODES,
  type Command,
  type CommandResult,
  type CoreError,
  type MoneyCore,
  type WalletAccountType,
} from '@/core/types';
import { AppError } from '@/lib/app-error';

const CORE_TO_WALLET: Partial<Record<CoreError, ConstructorParameters<typeof AppError>[0]>> = {
  INSUFFICIENT_BALANCE: 'WALLET_INSUFFICIENT_BALANCE',
  INVALID_AMOUNT: 'WALLET_AMOUNT_TOO_SMALL',
  SAME_ACCOUNT: 'TRANSFER_SAME_ACCOUNT',
  HOLD_NOT_FOUND: 'WALLET_WITHDRAW_STATE',
  HOLD_EXISTS: 'WALLET_WITHDRAW_STATE',
  IDEMPOTENCY_MISMATCH: 'IDEMPOTENCY_KEY_REUSED',
  INVALID_COMMAND: 'WALLET_CORE_REJECTED',
  AMOUNT_TOO_LARGE: 'WALLET_AMOUNT_TOO_LARGE',
  STALE_COMMAND: 'WALLET_CORE_REJECTED',
  // Spot refusals never reach the wallet's calls; the spot area maps them to its own codes.
  MARKET_UNKNOWN: 'WALLET_CORE_REJECTED',
  MARKET_HALTED: 'WALLET_CORE_REJECTED',
  INVALID_PRICE: 'WALLET_CORE_REJECTED',
  INVALID_QUANTITY: 'WALLET_CORE_REJECTED',
  BELOW_MIN_QTY: 'WALLET_CORE_REJECTED',
  BELOW_MIN_NOTIONAL: 'WALLET_CORE_REJECTED',
  POST_ONLY_WOULD_TAKE: 'WALLET_CORE_REJECTED',
  NO_LIQUIDITY: 'WALLET_CORE_REJECTED',
  ORDER_NOT_FOUND: 'WALLET_CORE_REJECTED',
  DUPLICATE_CLIENT_ORDER_ID: 'WALLET_CORE_REJECTED',
  // Seconds-contract refusals never reach the wallet's calls either (modules/seconds maps them).
  PERIOD_UNKNOWN: 'WALLET_CORE_REJECTED',
  PERIOD_DISABLED: 'WALLET_CORE_REJECTED',
  STAKE_OUT_OF_RANGE: 'WALLET_CORE_REJECTED',
  POOL_INSUFFICIENT: 'WALLET_CORE_REJECTED',
  PRICE_STALE: 'WALLET_CORE_REJECTED',
  TOO_MANY_OPEN_ORDERS: 'WALLET_CORE_REJECTED',
  NOTHING_TO_SETTLE: 'WALLET_CORE_REJECTED',
};

/** A wallet error that stands for a recorded core refusal (the core keeps it under the command id). */
export class CoreRefusal extends AppError {
  constructor(readonly coreError: CoreError) {
    super(CORE_TO_WALLET[coreError] ?? 'WALLET_CORE_REJECTED');
  }
}

export function coreErrorToAppError(error: CoreError): AppError {
  return new CoreRefusal(error);
}

/**
 * Submits and returns the successful result, or throws the mapped wallet error. With `firstResult`, an id
 * the core already recorded is answered with its first result even if this payload differs (a command
 * re-derived after a crash, e.g. a swap at a newer price, or a withdrawal fee changed since).
 */
export async function submitOrThrow(
  core: MoneyCore,
  command: Command,
  options: { firstResult?: boolean } = {},
): Promise<Extract<CommandResult, { ok: true }>> {
  const known = options.firstResult === true ? core.resultOf(command.id) : undefined;
  const result = known ?? (await core.submit(command));
  if (!result.ok) throw coreErrorToAppError(result.error);
  return result;
}

export type AccountTypeCode = (typeof ACCOUNT_TYPE_CODES)[WalletAccountType | 'total'];

const CODE_TO_TYPE: Record<string, WalletAccountType> = {
  '1': 'spot',
  '2': 'contract',
  '3': 'finance',
  '8': 'merchant',
};

export function accountTypeCode(type: WalletAccountType): AccountTypeCode {
  return ACCOUNT_TYPE_CODES[type];
}

/**
 * A movable account type from a wire code or name; '0' (total) and 'merchant' for non-merchants are
 * refused. `field` names the form field in the error.
 */
export function movableAccountType(value: string, isMerchant: boolean, field: string): WalletAccountType {
  const type =
    CODE_TO_TYPE[value] ??
    (Object.values(CODE_TO_TYPE).includes(value as WalletAccountType) ? value : undefined);
  if (type === undefined || (type === 'merchant' && !isMerchant)) {
    throw new AppError('WALLET_ACCOUNT_TYPE_INVALID', [{ field, key: 'errors.WALLET_ACCOUNT_TYPE_INVALID' }]);
  }
  return type as WalletAccountType;
}

/** Account types a user may see: merchant only when is_merchant is 2. */
export function visibleAccountTypes(isMerchant: boolean): WalletAccountType[] {
  return isMerchant ? ['spot', 'contract', 'finance', 'merchant'] : ['spot', 'contract', 'finance'];
}
