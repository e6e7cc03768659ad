// The money core's public contract: commands in, events out (DESIGN section 3). Everything here is
// plain data that survives JSON (amounts are canonical decimal strings), because commands are journaled
// and events are projected. The core never reads the clock: `ts` comes with the command.
//
// Owned by the money-core work. Other areas read these types and call the runtime in
// ../journal/money-core.ts; they never change balances any other way.

/** Decimal string with at most 18 fraction digits, no exponent, no sign unless stated ("12.5"). */
export type DecimalString = string;

/** The account kinds of a user (wire codes in ACCOUNT_TYPE_CODES; '0' is the total-assets view only). */
export const ACCOUNT_TYPES = ['spot', 'contract', 'finance', 'merchant'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Wire codes used by getMyBalance?type= and the wallet pages. '8' is shown only when is_merchant is 2. */
export const ACCOUNT_TYPE_CODES = {
  total: '0',
  spot: '1',
  contract: '2',
  finance: '3',
  merchant: '8',
} as const;

/** Named system accounts: the other side of every posting. Their balances may be negative (contra). */
export const SYSTEM_ACCOUNTS = [
  'deposit_clearing',
  'withdrawal_clearing',
  'fee_revenue',
  'security_fund',
  'insurance_fund',
  'swap_desk',
  'adjustment',
  'contract_pool',
  'otc_escrow',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef =
  | { kind: 'user'; userId: string; accountType: AccountType }
  | { kind: 'system'; name: SystemAccount };

export interface CommandBase {
  /** Idempotency key: a repeat with the same payload returns the first result; a different payload is rejected. */
  id: string;
  /** Who acts: a user id, or `op:<operatorId>` for operator actions. */
  actor: string;
  /** Milliseconds since the epoch, supplied by the caller (the core never reads the clock). */
  ts: number;
}

export type Command = CommandBase &
  (
    | {
        /** Credit a confirmed deposit (chain output or approved manual recharge) to the user's spot account. */
        type: 'deposit.credit';
        payload: { userId: string; asset: string; amount: DecimalString; ref: string };
      }
    | {
        /** Freeze amount + fee for a withdrawal request (a hold keyed by withdrawalId). */
        type: 'withdraw.freeze';
        payload: {
          userId: string;
          asset: string;
          amount: DecimalString;
          fee: DecimalString;
          withdrawalId: string;
        };
      }
    | {
        /** Pay out an approved withdrawal: amount to withdrawal clearing, fee split 90/10 fee revenue / security fund. */
        type: 'withdraw.complete';
        payload: {
          withdrawalId: string;
          /**
           * The asset's decimals (0..18): the fee split is done in whole units of this precision, the
           * remainder to fee revenue. Absent = 18 (commands journaled before it existed replay unchanged).
           */
          decimals?: number;
        };
      }
    | {
        /** Return a withdrawal's hold to available exactly once (rejected by an operator or cancelled by the user). */
        type: 'withdraw.release';
        payload: { withdrawalId: string; reason: 'rejected' | 'cancelled' };
      }
    | {
        /** Move available funds between two of the user's account types. */
        type: 'transfer';
        payload: { userId: string; asset: string; amount: DecimalString; from: AccountType; to: AccountType };
      }
    | {
        /**
         * Convert in the spot account at a quoted index price against the swap desk:
         * receive = amount * price, fee = receive * feeRate (charged in toAsset, split 90/10).
         */
        type: 'swap';
        payload: {
          userId: string;
          fromAsset: string;
          toAsset: string;
          amount: DecimalString;
          price: DecimalString;
          feeRate: DecimalString;
          /** Where the price came from (index tick time and source), kept for the record. */
          priceRef: string;
          /**
           * toAsset's decimals (0..18): receive rounds down and the fee up to this precision, and the fee
           * split is done at it. Absent = 18 (commands journaled before it existed replay unchanged).
           */
          toDecimals?: number;
        };
      }
    | {
        /** Operator balance adjustment (already approved by a second operator); signed amount. */
        type: 'adjust';
        payload: {
          userId: string;
          asset: string;
          accountType: AccountType;
          amount: DecimalString;
          ref: string;
        };
      }
  );

export type CommandType = Command['type'];

export const CORE_ERRORS = [
  'INSUFFICIENT_BALANCE',
  'INVALID_AMOUNT',
  'SAME_ACCOUNT',
  'HOLD_NOT_FOUND',
  'HOLD_EXISTS',
  'IDEMPOTENCY_MISMATCH',
  'INVALID_COMMAND',
] as const;
export type CoreError = (typeof CORE_ERRORS)[number];

export interface Posting {
  account: AccountRef;
  asset: string;
  field: 'available' | 'frozen';
  /** Signed change. Within one command the deltas of each asset sum to zero. */
  delta: DecimalString;
}

export type CoreEvent =
  | {
      /** The new absolute balance of one user account after a command (for pushes and caches). */
      type: 'balance';
      seq: number;
      userId: string;
      asset: string;
      accountType: AccountType;
      available: DecimalString;
      frozen: DecimalString;
    }
  | {
      /** The balanced postings of one command (what bills and the audit of money are built from). */
      type: 'postings';
      seq: number;
      commandId: string;
      commandType: CommandType;
      actor: string;
      ts: number;
      ref: string;
      postings: Posting[];
    };

export type CommandResult =
  | { ok: true; seq: number; commandId: string; events: CoreEvent[] }
  | { ok: false; seq: number; commandId: string; error: CoreError };

export interface AccountBalance {
  asset: string;
  accountType: AccountType;
  available: DecimalString;
  frozen: DecimalString;
}

export interface Hold {
  withdrawalId: string;
  userId: string;
  asset: string;
  amount: DecimalString;
  fee: DecimalString;
}

/**
 * What the rest of the server uses (implemented in ../journal/money-core.ts, decorated as `app.core`).
 * `submit` resolves only after the command is durable in the journal; events reach subscribers in seq
 * order, after durability.
 */
export interface MoneyCore {
  submit(command: Command): Promise<CommandResult>;
  balancesOf(userId: string): AccountBalance[];
  balance(userId: string, asset: string, accountType: AccountType): AccountBalance;
  systemBalance(name: SystemAccount, asset: string): DecimalString;
  holdOf(withdrawalId: string): Hold | undefined;
  /**
   * The recorded result of a command id, whatever its payload (undefined when the id is unknown or still
   * in flight). For callers that re-derive a command after a crash whose payload may differ (a swap's
   * price): the first result stands.
   */
  resultOf(commandId: string): CommandResult | undefined;
  /**
   * Regenerates the events of the commands after `seq`, in seq order, whole commands only, stopping once
   * `limit` events are collected (so a result may hold a few more). Empty when nothing is after `seq`.
   * Events are exactly those published live (replay is deterministic). Needs a retained snapshot at or
   * before `seq` (or the journal from its start) and the segments after it.
   */
  eventsSince(seq: number, limit: number): Promise<CoreEvent[]>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (events: readonly CoreEvent[]) => void): () => void;
  lastSeq(): number;
  stateHash(): string;
  close(): Promise<void>;
}
