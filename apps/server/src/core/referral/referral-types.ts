// The referral part's commands and events (core/referral), joined into the core's unions in ../types.ts.
import type { CommandType, DecimalString } from '../types';

/** How many generations above a fee payer share in its fees (spec section 9: three). */
export const REFERRAL_GENERATIONS = 3;

export type ReferralCommandBody =
  | {
      /**
       * Records who brought a user (its generation-1 referrer), once: sent at registration and by the
       * one-off backfill. The same link again is accepted and changes nothing; another parent, the user
       * itself or a link that would close a cycle is INVALID_COMMAND.
       */
      type: 'referral.link';
      payload: { userId: string; parentId: string };
    }
  | {
      /**
       * The rebate share of every fee for generations 1..3 (canonical fractions: '0.2' is 20 %). With the
       * security fund's 10 % they may not exceed the fee (sum at most 0.9, else INVALID_AMOUNT), so the
       * platform never pays more than it earned. Fewer than three entries: the missing generations get 0.
       */
      type: 'referral.configure';
      payload: { shares: DecimalString[] };
    };

/** One rebate the fee split paid: a posting to an ancestor's spot account, out of fee revenue. */
export interface ReferralRebateEvent {
  type: 'referral.rebate';
  seq: number;
  /** The index of the rebate's user posting in the command's `postings` event. */
  postingIdx: number;
  /** The command that charged the fee (spot.place, swap, withdraw.complete ...). */
  commandType: CommandType;
  payerUserId: string;
  beneficiaryUserId: string;
  /** 1 = the payer's direct referrer. */
  generation: number;
  asset: string;
  amount: DecimalString;
  /** The whole fee the rebate is a share of. */
  fee: DecimalString;
  ts: number;
}
