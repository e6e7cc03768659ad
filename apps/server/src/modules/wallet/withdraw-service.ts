// Withdrawals: validate (asset, address, amount, fund password), freeze amount + fee in the core,
// then an operator approves (withdraw.complete) or rejects (withdraw.release), or the user cancels
// while under review. A conditional status UPDATE decides who acts, so only one decision ever applies;
// the command ids are derived from the withdrawal id, so recovery can resubmit safely.
import { createHash } from 'node:crypto';
import { add, cmp, parseAmount } from '@coin/shared/money';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { users, walletWithdrawals } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { decodeBase64Utf8 } from '@/lib/encoded';
import { verifyPassword } from '@/lib/passwords';
import { zodIssuesToFields } from '@/lib/zod-issues';
import { amountString, coinString, fmt, parseAssetAmount } from './amounts';
import { isValidAddress } from './chain/address-format';
import { submitOrThrow } from './core-calls';
import { coreCommandId, withIdempotency } from './idempotency';
import { canonicalDecimal } from './wallet-assets';
import { iso, type Page, type WalletContext, withOrderNo } from './wallet-context';

type WithdrawalRecord = typeof walletWithdrawals.$inferSelect;

export const WITHDRAW_STATUS = {
  reserving: -1,
  review: 0,
  passed: 1,
  failed: 2,
  cancelled: 3,
  /** Approved and being paid on a real chain (signed, sent, confirming); passed at its confirmations. */
  sending: 4,
} as const;

/** Statuses a user or operator sees (reserving rows are not yet requests). */
const LISTED_STATUSES = [0, 1, 2, 3, 4];

/**
 * A real chain that pays approved withdrawals itself (chain/evm/evm-custody.ts). The approval stores the
 * payout intent in its own SQL transaction; the chain's signer sends it and calls `completePayout` at
 * its confirmations.
 */
export interface ChainPayouts {
  pays(asset: string, network: string): boolean;
  /** A stricter address check than the family's pattern (e.g. the EIP-55 checksum). */
  validAddress(address: string): boolean;
  enqueue(exec: Executor, row: WithdrawalRecord): Promise<void>;
  explorerUrl(txid: string | null): string | null;
}

/** The decrypted withdrawal request. */
export const withdrawPayloadSchema = z.strictObject({
  coin: coinString,
  address: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(128),
  amount: amountString,
  tradePwd: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(200),
  network: z.string().max(20).optional(),
  /** The authenticator code, required when the account has one (modules/security). */
  googleCode: z
    .string({ error: 'validation.required' })
    .regex(/^\d{6}$/, 'validation.googleCode')
    .optional(),
});
export type WithdrawPayload = z.infer<typeof withdrawPayloadSchema>;

const FUND_PASSWORD_MAX_FAILURES = 5;
const FUND_PASSWORD_WINDOW_MS = 15 * 60_000;

export interface WithdrawalRow {
  id: string;
  orderNo: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  total: string;
  status: number;
  reason: string | null;
  txid: string | null;
  simulated: boolean;
  /** Block-explorer link of `txid` when a real chain paid it and an explorer is configured. */
  explorerUrl?: string | null;
  createTime: string;
  reviewTime: string | null;
}

export function toWithdrawalRow(r: WithdrawalRecord, payouts?: ChainPayouts): WithdrawalRow {
  return {
    id: r.id.toString(),
    orderNo: r.orderNo,
    coin: r.asset,
    network: r.network,
    address: r.address,
    amount: canonicalDecimal(r.amount),
    fee: canonicalDecimal(r.fee),
    total: fmt(add(parseAmount(r.amount), parseAmount(r.fee))),
    status: r.status,
    reason: r.reason,
    txid: r.txid,
    simulated: r.simulated,
    ...(payouts?.pays(r.asset, r.network) && !r.simulated
      ? { explorerUrl: payouts.explorerUrl(r.txid) }
      : {}),
    createTime: r.createdAt.toISOString(),
    reviewTime: iso(r.reviewedAt),
  };
}

/** Account-security checks of a withdrawal (modules/security implements it). */
export interface WithdrawalGuard {
  /** SECURITY_WITHDRAW_LOCKED while a security change's lock runs. */
  assertWithdrawalsOpen(userId: bigint): Promise<void>;
  /** GOOGLE_CODE_REQUIRED / GOOGLE_* when the account has an authenticator. */
  requireSecondFactor(userId: bigint, googleCode: string | undefined): Promise<void>;
}

export class WithdrawService {
  /** Wrong fund-password times per user: in memory, so per process and reset by a restart (documented). */
  private readonly failures = new Map<bigint, number[]>();

  constructor(
    private readonly ctx: WalletContext,
    private readonly simulatedPayout: boolean,
    private readonly guard?: WithdrawalGuard,
    private readonly payouts?: ChainPayouts,
  ) {}

  private row(r: WithdrawalRecord): WithdrawalRow {
    return toWithdrawalRow(r, this.payouts);
  }

  feeInfo(coin: string) {
    const a = this.ctx.assets.get(coin);
    return {
      coin: a.asset,
      decimals: a.decimals,
      withdrawFee: a.withdrawFee,
      minWithdraw: a.minWithdraw,
      withdrawEnabled: a.withdrawEnabled,
      networks: a.networks,
    };
  }

  async submit(userId: bigint, raw: unknown, key: string | undefined) {
    const parsed = withdrawPayloadSchema.safeParse(raw);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', zodIssuesToFields(parsed.error, raw));
    const input = parsed.data;
    const asset = this.ctx.assets.get(input.coin);
    if (!asset.withdrawEnabled) throw new AppError('WALLET_WITHDRAW_DISABLED');
    const network = this.ctx.assets.network(asset, input.network);
    const chainPaid = this.payouts?.pays(asset.asset, network.network) === true;
    if (
      !isValidAddress(network.family, input.address) ||
      (chainPaid && this.payouts?.validAddress(input.address) === false)
    ) {
      throw new AppError('WALLET_ADDRESS_INVALID', [
        { field: 'address', key: 'errors.WALLET_ADDRESS_INVALID' },
      ]);
    }
    const amount = parseAssetAmount(input.amount, asset);
    if (cmp(amount, parseAmount(asset.minWithdraw)) < 0) {
      throw new AppError(
        'WALLET_AMOUNT_TOO_SMALL',
        [{ field: 'amount', key: 'validation.min', vars: { min: asset.minWithdraw } }],
        {
          min: asset.minWithdraw,
        },
      );
    }
    const fundPassword = decodeBase64Utf8(input.tradePwd);
    if (fundPassword === undefined) {
      throw new AppError('VALIDATION_FAILED', [{ field: 'tradePwd', key: 'validation.encoded' }]);
    }
    await this.guard?.assertWithdrawalsOpen(userId);
    await this.checkFundPassword(userId, fundPassword);
    // Last of the checks: a right authenticator code is used up.
    await this.guard?.requireSecondFactor(userId, input.googleCode);

    const body = { coin: asset.asset, address: input.address, amount: fmt(amount), network: network.network };
    return withIdempotency(
      this.ctx.db,
      { userId, route: 'withdraw', key, body, now: this.ctx.clock.now(), rerun: true },
      async () => {
        // With a key the withdrawal id (and so the freeze command id) is fixed by the key: a retry after
        // a crash finds the same row and re-submits the same freeze. Without a key, a fresh id.
        const withdrawalId = coreCommandId('wd', userId, key);
        const now = this.ctx.clock.now();
        const inserted = await withOrderNo('W', now, (no) =>
          this.ctx.db
            .insert(walletWithdrawals)
            .values({
              withdrawalId,
              orderNo: no,
              userId,
              asset: asset.asset,
              network: network.network,
              address: input.address,
              amount: fmt(amount),
              fee: fmt(parseAmount(asset.withdrawFee)),
              status: WITHDRAW_STATUS.reserving,
              idempotencyKey: key ?? null,
              createdAt: now,
            })
            .onConflictDoNothing({ target: walletWithdrawals.withdrawalId })
            .returning(),
        );
        // A re-run keeps the first row (its amount and fee), whatever changed in the settings since.
        const [row] =
          inserted.length > 0
            ? inserted
            : await this.ctx.db
                .select()
                .from(walletWithdrawals)
                .where(eq(walletWithdrawals.withdrawalId, withdrawalId))
                .limit(1);
        if (!row) throw new AppError('INTERNAL_ERROR');
        try {
          await submitOrThrow(
            this.ctx.core(),
            {
              id: `withdraw.freeze:${withdrawalId}`,
              actor: userId.toString(),
              ts: row.createdAt.getTime(),
              type: 'withdraw.freeze',
              payload: {
                userId: userId.toString(),
                asset: row.asset,
                amount: fmt(parseAmount(row.amount)),
                fee: fmt(parseAmount(row.fee)),
                withdrawalId,
              },
            },
            { firstResult: true },
          );
        } catch (err) {
          if (err instanceof AppError) {
            await this.ctx.db.delete(walletWithdrawals).where(eq(walletWithdrawals.id, row.id));
          }
          throw err;
        }
        // Only a reserving row moves on: an operator may already have decided a recovered one.
        const [ready] = await this.ctx.db
          .update(walletWithdrawals)
          .set({ status: WITHDRAW_STATUS.review })
          .where(
            and(eq(walletWithdrawals.id, row.id), eq(walletWithdrawals.status, WITHDRAW_STATUS.reserving)),
          )
          .returning();
        // Not moved here: a concurrent duplicate moved it, or an operator already decided a recovered one.
        const [current] = ready
          ? [ready]
          : await this.ctx.db
              .select()
              .from(walletWithdrawals)
              .where(eq(walletWithdrawals.id, row.id))
              .limit(1);
        const r = this.row(current ?? row);
        return {
          id: r.id,
          orderNo: r.orderNo,
          coin: r.coin,
          network: r.network,
          address: r.address,
          amount: r.amount,
          fee: r.fee,
          total: r.total,
          status: r.status,
        };
      },
    );
  }

  /** FUND_PASSWORD_NOT_SET / _LOCKED / _WRONG; failures counted per user in a sliding window. */
  private async checkFundPassword(userId: bigint, password: string): Promise<void> {
    const [user] = await this.ctx.db
      .select({ hash: users.fundPasswordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user?.hash) throw new AppError('FUND_PASSWORD_NOT_SET');
    const now = this.ctx.clock.now().getTime();
    const recent = (this.failures.get(userId) ?? []).filter((t) => now - t < FUND_PASSWORD_WINDOW_MS);
    if (recent.length >= FUND_PASSWORD_MAX_FAILURES) throw new AppError('FUND_PASSWORD_LOCKED');
    if (!(await verifyPassword(user.hash, password))) {
      recent.push(now);
      this.failures.set(userId, recent);
      throw new AppError('FUND_PASSWORD_WRONG', [{ field: 'tradePwd', key: 'errors.FUND_PASSWORD_WRONG' }]);
    }
  }

  async cancel(userId: bigint, id: bigint) {
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .update(walletWithdrawals)
      .set({ status: WITHDRAW_STATUS.cancelled, reviewedAt: now })
      .where(
        and(
          eq(walletWithdrawals.id, id),
          eq(walletWithdrawals.userId, userId),
          eq(walletWithdrawals.status, WITHDRAW_STATUS.review),
        ),
      )
      .returning();
    if (!row) {
      const [exists] = await this.ctx.db
        .select({ userId: walletWithdrawals.userId, status: walletWithdrawals.status })
        .from(walletWithdrawals)
        .where(eq(walletWithdrawals.id, id))
        .limit(1);
      if (!exists || exists.userId !== userId || exists.status === WITHDRAW_STATUS.reserving) {
        throw new AppError('WALLET_WITHDRAW_NOT_FOUND');
      }
      throw new AppError('WALLET_WITHDRAW_STATE');
    }
    await this.settle(row);
    return { id: row.id.toString(), status: WITHDRAW_STATUS.cancelled as number };
  }

  /** The core command that matches a decided row; ids are fixed per withdrawal, so repeats are no-ops. */
  private async settle(row: WithdrawalRecord): Promise<void> {
    const ts = this.ctx.clock.now().getTime();
    const actor = row.reviewer ? `op:${row.reviewer}` : row.userId.toString();
    if (row.status === WITHDRAW_STATUS.passed) {
      // The fee splits 90/10 in whole units of the asset. firstResult: a completion journaled before
      // (e.g. without decimals, or with other settings) stands when recovery re-submits it.
      const decimals = this.ctx.assets.all().find((a) => a.asset === row.asset)?.decimals;
      await submitOrThrow(
        this.ctx.core(),
        {
          id: `withdraw.complete:${row.withdrawalId}`,
          actor,
          ts,
          type: 'withdraw.complete',
          payload: { withdrawalId: row.withdrawalId, ...(decimals === undefined ? {} : { decimals }) },
        },
        { firstResult: true },
      );
    } else {
      await submitOrThrow(this.ctx.core(), {
        id: `withdraw.release:${row.withdrawalId}`,
        actor,
        ts,
        type: 'withdraw.release',
        payload: {
          withdrawalId: row.withdrawalId,
          reason: row.status === WITHDRAW_STATUS.cancelled ? 'cancelled' : 'rejected',
        },
      });
    }
    await this.ctx.db
      .update(walletWithdrawals)
      .set({ settledAt: this.ctx.clock.now() })
      .where(eq(walletWithdrawals.id, row.id));
  }

  /** Start-up repair after a crash between SQL and the core. */
  async recover(): Promise<void> {
    const core = this.ctx.core();
    const reserving = await this.ctx.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.status, WITHDRAW_STATUS.reserving));
    for (const row of reserving) {
      if (core.holdOf(row.withdrawalId)) {
        await this.ctx.db
          .update(walletWithdrawals)
          .set({ status: WITHDRAW_STATUS.review })
          .where(eq(walletWithdrawals.id, row.id));
      } else {
        await this.ctx.db.delete(walletWithdrawals).where(eq(walletWithdrawals.id, row.id));
      }
    }
    const unsettled = await this.ctx.db
      .select()
      .from(walletWithdrawals)
      .where(
        and(
          inArray(walletWithdrawals.status, [
            WITHDRAW_STATUS.passed,
            WITHDRAW_STATUS.failed,
            WITHDRAW_STATUS.cancelled,
          ]),
          isNull(walletWithdrawals.settledAt),
        ),
      );
    for (const row of unsettled) await this.settle(row);
  }

  async log(
    userId: bigint,
    q: { current: number; size: number; coin?: string | undefined; status?: number | undefined },
  ): Promise<Page<WithdrawalRow>> {
    const conds: SQL[] = [eq(walletWithdrawals.userId, userId)];
    if (q.coin) conds.push(eq(walletWithdrawals.asset, q.coin));
    conds.push(
      q.status !== undefined
        ? eq(walletWithdrawals.status, q.status)
        : inArray(walletWithdrawals.status, LISTED_STATUSES),
    );
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(walletWithdrawals)
        .where(where)
        .orderBy(desc(walletWithdrawals.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(walletWithdrawals).where(where),
    ]);
    return {
      records: rows.map((r) => this.row(r)),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  // ---- operator review ----

  async adminList(q: { current: number; size: number; status?: number | undefined }) {
    const where =
      q.status !== undefined
        ? eq(walletWithdrawals.status, q.status)
        : inArray(walletWithdrawals.status, LISTED_STATUSES);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select({ w: walletWithdrawals, account: users.account })
        .from(walletWithdrawals)
        .leftJoin(users, eq(users.id, walletWithdrawals.userId))
        .where(where)
        .orderBy(desc(walletWithdrawals.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(walletWithdrawals).where(where),
    ]);
    return {
      records: rows.map(({ w, account }) => ({
        ...this.row(w),
        userId: w.userId.toString(),
        account: account ?? '',
        reviewer: w.reviewer,
      })),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  async decide(id: bigint, operatorId: bigint, decision: 'approve' | 'reject', reason?: string) {
    const now = this.ctx.clock.now();
    const approve = decision === 'approve';
    const [target] = approve
      ? await this.ctx.db
          .select({ asset: walletWithdrawals.asset, network: walletWithdrawals.network })
          .from(walletWithdrawals)
          .where(eq(walletWithdrawals.id, id))
          .limit(1)
      : [];
    // A real chain pays it: the approval queues the payout; it passes at the payout's confirmations.
    const viaChain = target !== undefined && this.payouts?.pays(target.asset, target.network) === true;
    const decided = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(walletWithdrawals)
        .set({
          status: approve
            ? viaChain
              ? WITHDRAW_STATUS.sending
              : WITHDRAW_STATUS.passed
            : WITHDRAW_STATUS.failed,
          reason: approve ? null : (reason ?? null),
          reviewer: operatorId.toString(),
          reviewedAt: now,
          ...(approve && this.simulatedPayout && !viaChain
            ? {
                // A labelled fake: the simulated chain pays nothing out.
                txid: `sim-${createHash('sha256').update(`payout:${id}:${now.getTime()}`).digest('hex').slice(0, 40)}`,
                simulated: true,
              }
            : {}),
        })
        .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, WITHDRAW_STATUS.review)))
        .returning();
      if (!row) return refuseDecision(tx, id);
      if (viaChain) await this.payouts?.enqueue(tx, row);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: `wallet.withdrawal.${decision}`,
          payload: {
            id: id.toString(),
            userId: row.userId.toString(),
            coin: row.asset,
            amount: row.amount,
            fee: row.fee,
            reason,
          },
        },
        now,
      );
      return row;
    });
    if (decided.status !== WITHDRAW_STATUS.sending) await this.settle(decided);
    const [fresh] = await this.ctx.db
      .select({ w: walletWithdrawals, account: users.account })
      .from(walletWithdrawals)
      .leftJoin(users, eq(users.id, walletWithdrawals.userId))
      .where(eq(walletWithdrawals.id, id))
      .limit(1);
    const w = fresh?.w ?? decided;
    return {
      ...this.row(w),
      userId: w.userId.toString(),
      account: fresh?.account ?? '',
      reviewer: w.reviewer,
    };
  }

  /**
   * Gives the funds of a withdrawal whose chain payout reverted (final at its confirmations: nothing left
   * the hot wallet but gas) back to the user: status sending -> failed, keeping the reason
   * `chain.reverted`, then the core releases the hold (`withdraw.release:<withdrawalId>`). Only such a row;
   * anything else is WALLET_WITHDRAW_STATE (a payout still confirming, or a conflict whose outcome is
   * unknown, is never released here). Audited in the same transaction.
   */
  async releaseReverted(id: bigint, operatorId: bigint) {
    const now = this.ctx.clock.now();
    const released = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(walletWithdrawals)
        .set({ status: WITHDRAW_STATUS.failed, reviewer: operatorId.toString(), reviewedAt: now })
        .where(
          and(
            eq(walletWithdrawals.id, id),
            eq(walletWithdrawals.status, WITHDRAW_STATUS.sending),
            eq(walletWithdrawals.reason, 'chain.reverted'),
          ),
        )
        .returning();
      if (!row) return refuseDecision(tx, id);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'wallet.withdrawal.releaseReverted',
          payload: {
            id: id.toString(),
            userId: row.userId.toString(),
            coin: row.asset,
            amount: row.amount,
            fee: row.fee,
            txid: row.txid,
          },
        },
        now,
      );
      return row;
    });
    await this.settle(released);
    return { ...this.row(released), userId: released.userId.toString(), reviewer: released.reviewer };
  }

  // ---- payouts on a real chain ----

  /** The payout of a sending withdrawal has a (new) transaction hash: the user's record shows it. */
  async payoutHash(withdrawalId: string, txid: string): Promise<void> {
    await this.ctx.db
      .update(walletWithdrawals)
      .set({ txid })
      .where(
        and(
          eq(walletWithdrawals.withdrawalId, withdrawalId),
          eq(walletWithdrawals.status, WITHDRAW_STATUS.sending),
        ),
      );
  }

  /**
   * The payout reached its confirmations: the withdrawal passes and the core completes it (command id
   * `withdraw.complete:<withdrawalId>`, so a repeat after a crash is a no-op). A reverted payout stays
   * sending with the reason `chain.reverted` for an operator.
   */
  async completePayout(withdrawalId: string, txid: string, outcome: 'confirmed' | 'reverted'): Promise<void> {
    if (outcome === 'reverted') {
      await this.ctx.db
        .update(walletWithdrawals)
        .set({ txid, reason: 'chain.reverted' })
        .where(
          and(
            eq(walletWithdrawals.withdrawalId, withdrawalId),
            eq(walletWithdrawals.status, WITHDRAW_STATUS.sending),
          ),
        );
      return;
    }
    await this.ctx.db
      .update(walletWithdrawals)
      .set({ status: WITHDRAW_STATUS.passed, txid })
      .where(
        and(
          eq(walletWithdrawals.withdrawalId, withdrawalId),
          eq(walletWithdrawals.status, WITHDRAW_STATUS.sending),
        ),
      );
    const [row] = await this.ctx.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.withdrawalId, withdrawalId))
      .limit(1);
    if (row?.status === WITHDRAW_STATUS.passed && row.settledAt === null) await this.settle(row);
  }
}

/** Why an operator's conditional update matched no row: unknown (or not yet a request) 404, else 409. */
async function refuseDecision(tx: Executor, id: bigint): Promise<never> {
  const [exists] = await tx
    .select({ status: walletWithdrawals.status })
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.id, id))
    .limit(1);
  if (!exists || exists.status === WITHDRAW_STATUS.reserving) throw new AppError('WALLET_WITHDRAW_NOT_FOUND');
  throw new AppError('WALLET_WITHDRAW_STATE');
}
