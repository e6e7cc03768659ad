// What a product part of the money core is (DESIGN section 3, "Products as parts"): it owns a state
// slice, executes its own command types, moving money only through the LedgerTx it is given, and brings
// its snapshot section and its invariants. The state machine (money-state.ts) composes the parts: one
// sequence, one idempotency table, one snapshot, one state hash. A part never reads another part's state.
//
// The contract of `execute`: it validates, stages postings in the tx and registers its own state changes
// with `tx.afterCommit`, which run only once the ledger has accepted the postings. A part whose work
// cannot be staged that way (matching mutates the book as it goes) runs every check that can refuse
// (a Rejection) before its first change, taking the balances it needs through the tx, so the commit
// cannot refuse afterwards. Any exception that is not a Rejection is a bug and stops the core
// (fail-stop), never a half-applied command.
import type { Ledger, LedgerTx } from './ledger/ledger';
import type { FeeSplitter } from './referral/referral-part';
import type { AccountType, Command, CommandReply, CoreEvent } from './types';

/** Valid only while `execute` runs: the state machine refills one object for every command (keep the
 * values you need, never the object). */
export interface ExecContext {
  seq: number;
  /** The command's own time (ms). */
  ts: number;
  actor: string;
  /** Read access to balances and asset limits (the tx sees staged balances). */
  ledger: Ledger;
  /** Where every fee a part charges is posted: security fund, referral rebates, fee revenue. */
  fees: FeeSplitter;
  /** What an order from an account other than spot needs beyond the spot rules (the margin part). */
  orderAccounts: OrderAccountHooks;
}

/**
 * The rules an account other than 'spot' adds to the spot orders drawing on it (implemented by the margin
 * part, docs/margin.md "Orders from margin accounts"), so the spot part knows no margin rule: it asks
 * before it freezes, and reports the proceeds of orders flagged to repay. Both stage their postings and
 * state changes in the same tx as the order, so the order and its loan or repayment are one command.
 */
export interface OrderAccountHooks {
  /**
   * Before an order freezes `amount` of `asset` on `account`: may refuse (a Rejection: the account is
   * locked ...), and with `borrow` borrows what the available balance lacks. Returns its events.
   */
  beforeOrder(
    req: {
      userId: string;
      account: AccountType;
      asset: string;
      amount: bigint;
      borrow: boolean;
      prices: unknown;
    },
    tx: LedgerTx,
    ctx: ExecContext,
  ): CoreEvent[] | undefined;
  /**
   * After fills credited orders flagged to repay with what they received (net of fees): repays the
   * account's debt in that asset from it, interest first. Never refuses (the book has already moved).
   */
  afterProceeds(
    credits: { userId: string; account: AccountType; asset: string; amount: bigint }[],
    tx: LedgerTx,
    ctx: ExecContext,
  ): CoreEvent[];
}

export interface Execution {
  /** The postings event's ref (a withdrawal id, a deposit reference, an order id ...). */
  ref: string;
  /** Product events beside the ledger's postings and balance events. */
  events?: CoreEvent[];
  reply?: CommandReply;
}

/** An amount a part holds frozen on a user account (for the frozen == holds invariant). */
export interface HeldAmount {
  userId: string;
  asset: string;
  accountType: AccountType;
  /** Atoms. */
  amount: bigint;
}

export interface CorePart {
  /** Snapshot section and hash key; stable forever. */
  readonly name: string;
  /** The command types this part executes. */
  readonly commandTypes: readonly Command['type'][];
  /** How long (command time) the ids of this part's commands are remembered, when shorter than the
   * core's IDEMPOTENCY_WINDOW_MS (24 h): a part whose commands come by the hundred per second keeps the
   * table small this way. Part of the state's meaning: changing it changes replays. */
  readonly idempotencyWindowMs?: number;
  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution;
  /** Drop what the part no longer needs to keep (closed orders ...) older than `horizonTs`. */
  prune?(horizonTs: number): void;
  /** Every amount the part holds frozen. */
  holds(): Iterable<HeldAmount>;
  /** The part's own consistency rules (beyond frozen == holds); empty when they hold. */
  violations(): string[];
  snapshot(): unknown;
  /** Loads the part's section; the ledger is restored first (a part may need asset limits). */
  restore(data: unknown, ledger: Ledger): void;
}
