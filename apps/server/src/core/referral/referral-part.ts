// The referral part of the money core: who brought whom (user -> generation-1 referrer, set once by
// `referral.link`) and the rebate share of each fee per generation (`referral.configure`). It holds no
// money of its own. It is also the core's fee splitter: every part posts the fees it charges through
// `post` (ExecContext.fees), which pays the rebates out of the fee (./fee-split.ts) and reports each one
// as a `referral.rebate` event of the command. Deterministic: the chain and the shares change only by
// commands, and nothing here reads the clock.
import { formatAtoms } from '../atoms';
import { compareText, type LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { parseCanonical, reject, requireString } from '../rejection';
import type { Command, CommandType } from '../types';
import { type PaidRebate, type RebateChain, splitFee } from './fee-split';
import { REFERRAL_GENERATIONS, type ReferralRebateEvent } from './referral-types';

const ONE = 10n ** 18n;
/** Rebates may take at most what is left of a fee after the security fund's 10 %. */
const MAX_SHARES_TOTAL = (ONE * 9n) / 10n;

/** Posts a fee a part has taken from `payer` (security fund, rebates, fee revenue). */
export interface FeeSplitter {
  post(tx: LedgerTx, payer: string, asset: string, fee: bigint, decimals: number): void;
}

/** Sorted [userId, parentId] pairs and the shares; absent while the part is empty (old hashes stay). */
export type ReferralSnapshot = { parents: [string, string][]; shares: string[] };

interface PendingRebate extends PaidRebate {
  payer: string;
  asset: string;
  fee: bigint;
}

export class ReferralPart implements CorePart, FeeSplitter, RebateChain {
  readonly name = 'referral';
  readonly commandTypes = ['referral.link', 'referral.configure'] as const;
  private readonly parents = new Map<string, string>();
  shares: readonly bigint[] = [];
  /** The rebates of the command being executed (drained by the state machine after its commit). */
  private pending: PendingRebate[] = [];

  parentOf(userId: string): string | undefined {
    return this.parents.get(userId);
  }

  /** The fee being posted, for `paid` (one callback for every post instead of a closure per call). */
  private postPayer = '';
  private postAsset = '';
  private postFee = 0n;
  private readonly paid = (r: PaidRebate): void => {
    this.pending.push({ ...r, payer: this.postPayer, asset: this.postAsset, fee: this.postFee });
  };

  post(tx: LedgerTx, payer: string, asset: string, fee: bigint, decimals: number): void {
    this.postPayer = payer;
    this.postAsset = asset;
    this.postFee = fee;
    splitFee(tx, this, payer, asset, fee, decimals, this.paid);
  }

  /** Forgets rebates staged by a command that was then refused. */
  discard(): void {
    if (this.pending.length > 0) this.pending = [];
  }

  /** The committed command's rebates as events (empty for almost every command). */
  drain(seq: number, commandType: CommandType, ts: number): ReferralRebateEvent[] {
    if (this.pending.length === 0) return [];
    const out = this.pending.map(
      (r): ReferralRebateEvent => ({
        type: 'referral.rebate',
        seq,
        postingIdx: r.postingIdx,
        commandType,
        payerUserId: r.payer,
        beneficiaryUserId: r.beneficiary,
        generation: r.generation,
        asset: r.asset,
        amount: formatAtoms(r.amount),
        fee: formatAtoms(r.fee),
        ts,
      }),
    );
    this.pending = [];
    return out;
  }

  execute(command: Command, tx: LedgerTx, _ctx: ExecContext): Execution {
    switch (command.type) {
      case 'referral.link': {
        const userId = requireString(command.payload.userId);
        const parentId = requireString(command.payload.parentId);
        if (userId === parentId) reject('INVALID_COMMAND');
        const existing = this.parents.get(userId);
        // Sent again (a retry after the idempotency window, the backfill): nothing changes.
        if (existing === parentId) return { ref: userId };
        if (existing !== undefined) reject('INVALID_COMMAND');
        // A link may not close a cycle: the user must not be above its new parent.
        for (let p: string | undefined = parentId; p !== undefined; p = this.parents.get(p)) {
          if (p === userId) reject('INVALID_COMMAND');
        }
        tx.afterCommit(() => this.parents.set(userId, parentId));
        return { ref: userId };
      }
      case 'referral.configure': {
        const raw = command.payload.shares;
        if (!Array.isArray(raw) || raw.length > REFERRAL_GENERATIONS) reject('INVALID_COMMAND');
        const shares = raw.map((s) => parseCanonical(s, 'nonNegative') as bigint);
        const total = shares.reduce((sum, s) => sum + s, 0n);
        if (total > MAX_SHARES_TOTAL) reject('INVALID_AMOUNT');
        // Trailing zero shares change nothing: the stored form drops them (no shares = no rebates).
        while (shares.length > 0 && shares[shares.length - 1] === 0n) shares.pop();
        tx.afterCommit(() => {
          this.shares = shares;
        });
        return { ref: 'referral' };
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  *holds(): Generator<HeldAmount> {
    // A referral holds no funds.
  }

  violations(): string[] {
    return [];
  }

  snapshot(): ReferralSnapshot | undefined {
    if (this.parents.size === 0 && this.shares.length === 0) return undefined;
    return {
      parents: [...this.parents.entries()].sort((a, b) => compareText(a[0], b[0])),
      shares: this.shares.map(formatAtoms),
    };
  }

  restore(data: unknown): void {
    const { parents, shares } = data as ReferralSnapshot;
    this.parents.clear();
    for (const [userId, parentId] of parents) this.parents.set(userId, parentId);
    this.shares = shares.map((s) => parseCanonical(s, 'nonNegative'));
  }

  /** The shares as canonical fractions, generation 1 first. */
  shareStrings(): string[] {
    return this.shares.map(formatAtoms);
  }
}
