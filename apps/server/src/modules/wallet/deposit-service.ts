// Deposits: chain outputs (credited once per (txid, vout) after the asset's confirmations) and manual
// recharges (screenshot, operator review; two operators above the asset's threshold). Both end in the
// core's deposit.credit.
import type { ErrorCode } from '@coin/shared/error-codes';
import { type Amount, cmp, mul, parseAmount } from '@coin/shared/money';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { operators, users, walletAddresses, walletRecharges, walletUploads } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { fmt, parseAssetAmount } from './amounts';
import type { ChainAdapter, ObservedOutput } from './chain/chain-adapter';
import type { SimulatedChain } from './chain/simulated-chain';
import { submitOrThrow } from './core-calls';
import { canonicalDecimal } from './wallet-assets';
import { iso, type Page, type WalletContext, withOrderNo } from './wallet-context';

type RechargeRecord = typeof walletRecharges.$inferSelect;

export interface RechargeRow {
  id: string;
  orderNo: string;
  coin: string;
  amount: string;
  network: string | null;
  /** The deposit address a chain deposit arrived at; null for a manual recharge. */
  address: string | null;
  source: 'manual' | 'chain';
  status: number;
  screenshot: string | null;
  reason: string | null;
  txid: string | null;
  vout: number | null;
  confirmations: number;
  requiredConfirmations: number;
  simulated: boolean;
  /** Set for deposits on a real chain the server runs: the explorer link, or null when none is configured. */
  explorerUrl?: string | null;
  createTime: string;
  reviewTime: string | null;
}

export function toRechargeRow(r: RechargeRecord): RechargeRow {
  return {
    id: r.id.toString(),
    orderNo: r.orderNo,
    coin: r.asset,
    amount: canonicalDecimal(r.amount),
    network: r.network,
    address: r.address,
    source: r.source === 'chain' ? 'chain' : 'manual',
    status: r.status,
    screenshot: r.screenshot,
    reason: r.reason,
    txid: r.txid,
    vout: r.vout,
    confirmations: r.confirmations,
    requiredConfirmations: r.requiredConfirmations,
    simulated: r.simulated,
    createTime: r.createdAt.toISOString(),
    reviewTime: iso(r.reviewedAt),
  };
}

export const UPLOAD_LINK_PREFIX = '/api/uploads/';

/** A review-queue row as operators see it (docs/wallet-api.md "Operator review queues"). */
export interface AdminRechargeRow extends RechargeRow {
  userId: string;
  account: string;
  reviewer: string | null;
  reviewerName: string | null;
  /** Needs two approvals: above the asset's threshold when reviewed, or a first approval was given. */
  dualApproval: boolean;
  firstReviewer: string | null;
  firstReviewerName: string | null;
  firstReviewTime: string | null;
  awaitingSecondApproval: boolean;
}

/** The approval rule of the operator console (OperatorService.assertMayApprove). */
export interface ApprovalCheck {
  assertMayApprove(approverId: bigint, requesterId: bigint | undefined, selfCode: ErrorCode): Promise<void>;
}

export class DepositService {
  constructor(
    private readonly ctx: WalletContext,
    readonly chain: ChainAdapter | undefined,
    private readonly approvals: ApprovalCheck,
  ) {}

  get simulatedChain(): SimulatedChain | undefined {
    return this.chain?.simulated ? (this.chain as SimulatedChain) : undefined;
  }

  /** The user's deposit address for an asset and network (recorded so outputs map back to the user). */
  async depositAddress(userId: bigint, coin: string, networkName: string | undefined) {
    const chain = this.chain;
    if (!chain) throw new AppError('WALLET_DEPOSIT_DISABLED');
    const asset = this.ctx.assets.get(coin);
    if (!asset.depositEnabled) throw new AppError('WALLET_DEPOSIT_DISABLED');
    const network = this.ctx.assets.network(asset, networkName);
    const address = chain.depositAddress(userId, asset.asset, network.network, network.family);
    await this.ctx.db
      .insert(walletAddresses)
      .values({
        chain: chain.name,
        address,
        userId,
        asset: asset.asset,
        network: network.network,
        createdAt: this.ctx.clock.now(),
      })
      .onConflictDoNothing();
    return {
      coin: asset.asset,
      network: network.network,
      address,
      confirmations: chain.confirmationsFor?.(asset.asset) ?? asset.confirmations,
      simulated: chain.simulated,
      chain: chain.name,
    };
  }

  /** Outputs reported by the chain adapter: record, update confirmations, credit once when confirmed. */
  async observe(outputs: ObservedOutput[]): Promise<void> {
    const chain = this.chain;
    if (!chain) return;
    for (const o of outputs) {
      const asset = this.ctx.assets.find(o.asset);
      if (!asset) continue;
      const [owner] = await this.ctx.db
        .select({ userId: walletAddresses.userId })
        .from(walletAddresses)
        .where(
          and(
            eq(walletAddresses.chain, chain.name),
            eq(walletAddresses.address, o.address),
            eq(walletAddresses.asset, asset.asset),
          ),
        )
        .limit(1);
      if (!owner) continue;
      const now = this.ctx.clock.now();
      if (o.dropped === true) {
        // Its block left the chain before the credit: never credited (a later inclusion revives it).
        await this.ctx.db
          .update(walletRecharges)
          .set({ status: 2, reason: 'chain.reorged', confirmations: 0 })
          .where(
            and(
              eq(walletRecharges.chain, chain.name),
              eq(walletRecharges.txid, o.txid),
              eq(walletRecharges.vout, o.vout),
              eq(walletRecharges.status, 0),
            ),
          );
        continue;
      }
      const required = o.requiredConfirmations ?? asset.confirmations;
      const [row] = await withOrderNo('D', now, (no) =>
        this.ctx.db
          .insert(walletRecharges)
          .values({
            orderNo: no,
            userId: owner.userId,
            asset: asset.asset,
            amount: o.amount,
            network: o.network,
            source: 'chain',
            status: 0,
            chain: chain.name,
            txid: o.txid,
            vout: o.vout,
            address: o.address,
            confirmations: o.confirmations,
            requiredConfirmations: required,
            simulated: chain.simulated,
            createdAt: now,
          })
          .onConflictDoUpdate({
            target: [walletRecharges.chain, walletRecharges.txid, walletRecharges.vout],
            // A chain output marked failed only because of a reorganisation is confirming again.
            set: {
              confirmations: o.confirmations,
              status: sql`case when ${walletRecharges.status} = 2 and ${walletRecharges.reason} = 'chain.reorged' then 0 else ${walletRecharges.status} end`,
              reason: sql`case when ${walletRecharges.status} = 2 and ${walletRecharges.reason} = 'chain.reorged' then null else ${walletRecharges.reason} end`,
            },
          })
          .returning(),
      );
      if (row?.status !== 0 || row.confirmations < row.requiredConfirmations) continue;
      // Only the caller whose conditional update wins submits the credit (observing twice is harmless).
      const [won] = await this.ctx.db
        .update(walletRecharges)
        .set({ status: 1, reviewedAt: now })
        .where(and(eq(walletRecharges.id, row.id), eq(walletRecharges.status, 0)))
        .returning();
      if (won) await this.credit(won);
    }
  }

  /** deposit.credit with a command id derived from the source, so a resubmission is a no-op. */
  private async credit(row: RechargeRecord): Promise<void> {
    const id =
      row.source === 'chain'
        ? `deposit:${row.chain}:${row.txid}:${row.vout}`
        : `recharge:${row.id.toString()}`;
    await submitOrThrow(this.ctx.core(), {
      id,
      actor: row.source === 'chain' ? 'system' : `op:${row.reviewer ?? 'system'}`,
      // The time the row passed: a resubmission after a crash carries the same time, so after the
      // core's idempotency window it is refused as stale instead of being credited a second time.
      ts: (row.reviewedAt ?? this.ctx.clock.now()).getTime(),
      type: 'deposit.credit',
      payload: {
        userId: row.userId.toString(),
        asset: row.asset,
        amount: canonicalDecimal(row.amount),
        ref: id,
      },
    });
    await this.ctx.db
      .update(walletRecharges)
      .set({ creditedAt: this.ctx.clock.now() })
      .where(eq(walletRecharges.id, row.id));
  }

  /**
   * Start-up repair: passed rows whose credit was not acknowledged, and chain rows still confirming. A
   * credit the core refuses (e.g. STALE_COMMAND after a downtime longer than its idempotency window, when
   * it cannot tell whether the first attempt was applied) is reported and left for an operator.
   */
  async recover(report: (message: string, err: unknown) => void): Promise<void> {
    const uncredited = await this.ctx.db
      .select()
      .from(walletRecharges)
      .where(and(eq(walletRecharges.status, 1), isNull(walletRecharges.creditedAt)));
    for (const row of uncredited) {
      try {
        await this.credit(row);
      } catch (err) {
        report(
          `recharge ${row.id} (${row.orderNo}) passed but its credit was refused: check it by hand`,
          err,
        );
      }
    }
    const sim = this.simulatedChain;
    if (sim) {
      const confirming = await this.ctx.db
        .select()
        .from(walletRecharges)
        .where(and(eq(walletRecharges.status, 0), eq(walletRecharges.source, 'chain')));
      sim.restore(
        confirming.map((r) => ({
          txid: r.txid ?? '',
          vout: r.vout ?? 0,
          address: r.address ?? '',
          asset: r.asset,
          network: r.network ?? '',
          amount: canonicalDecimal(r.amount),
          confirmations: r.confirmations,
        })),
      );
    }
  }

  /** Demo funding on the simulated chain: an incoming transfer to the user's own address. */
  async demoDeposit(userId: bigint, coin: string, amountText: string, maxUsdt: string) {
    const sim = this.simulatedChain;
    if (!sim) throw new AppError('DEMO_DEPOSIT_UNAVAILABLE');
    const asset = this.ctx.assets.get(coin);
    const amount = parseAssetAmount(amountText, asset);
    const price = asset.asset === 'USDT' ? '1' : this.ctx.market()?.usdtPrice(asset.asset);
    if (price === undefined) throw new AppError('SWAP_PRICE_UNAVAILABLE');
    const value: Amount = mul(amount, parseAmount(price), 'up');
    if (cmp(value, parseAmount(maxUsdt)) > 0) {
      throw new AppError('WALLET_AMOUNT_TOO_LARGE', [
        { field: 'amount', key: 'validation.max', vars: { max: `${maxUsdt} USDT` } },
      ]);
    }
    const addr = await this.depositAddress(userId, asset.asset, undefined);
    const out = await sim.send({
      address: addr.address,
      asset: asset.asset,
      network: addr.network,
      amount: fmt(amount),
    });
    const [row] = await this.ctx.db
      .select()
      .from(walletRecharges)
      .where(
        and(
          eq(walletRecharges.chain, sim.name),
          eq(walletRecharges.txid, out.txid),
          eq(walletRecharges.vout, out.vout),
        ),
      )
      .limit(1);
    if (!row) throw new AppError('INTERNAL_ERROR');
    return {
      id: row.id.toString(),
      orderNo: row.orderNo,
      coin: row.asset,
      amount: canonicalDecimal(row.amount),
      txid: out.txid,
      vout: out.vout,
      address: addr.address,
      requiredConfirmations: row.requiredConfirmations,
      status: row.status,
    };
  }

  /** Manual recharge with a payment screenshot the caller uploaded. */
  async submitRecharge(
    userId: bigint,
    input: {
      coin: string;
      amount: string;
      screenshot: string;
      network?: string | undefined;
      remark?: string | undefined;
    },
  ) {
    const asset = this.ctx.assets.get(input.coin);
    if (!asset.depositEnabled) throw new AppError('WALLET_DEPOSIT_DISABLED');
    const amount = parseAssetAmount(input.amount, asset);
    const network = this.ctx.assets.network(asset, input.network);
    await this.requireOwnUpload(userId, input.screenshot, 'screenshot');
    const now = this.ctx.clock.now();
    const [row] = await withOrderNo('R', now, (no) =>
      this.ctx.db
        .insert(walletRecharges)
        .values({
          orderNo: no,
          userId,
          asset: asset.asset,
          amount: fmt(amount),
          network: network.network,
          source: 'manual',
          status: 0,
          screenshot: input.screenshot,
          remark: input.remark ?? null,
          createdAt: now,
        })
        .returning(),
    );
    if (!row) throw new AppError('INTERNAL_ERROR');
    return { id: row.id.toString(), orderNo: row.orderNo, status: row.status };
  }

  /** A link from the upload calls, whose file the caller uploaded. */
  async requireOwnUpload(userId: bigint, link: string, field: string): Promise<void> {
    const name = link.startsWith(UPLOAD_LINK_PREFIX) ? link.slice(UPLOAD_LINK_PREFIX.length) : '';
    const [upload] = name
      ? await this.ctx.db
          .select({ userId: walletUploads.userId })
          .from(walletUploads)
          .where(eq(walletUploads.name, name))
          .limit(1)
      : [];
    if (upload?.userId !== userId)
      throw new AppError('VALIDATION_FAILED', [{ field, key: 'validation.invalid' }]);
  }

  async rechargeLog(
    userId: bigint,
    q: { current: number; size: number; coin?: string | undefined; status?: number | undefined },
  ): Promise<Page<RechargeRow>> {
    const conds: SQL[] = [eq(walletRecharges.userId, userId)];
    if (q.coin) conds.push(eq(walletRecharges.asset, q.coin));
    if (q.status !== undefined) conds.push(eq(walletRecharges.status, q.status));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(walletRecharges)
        .where(where)
        .orderBy(desc(walletRecharges.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(walletRecharges).where(where),
    ]);
    const chain = this.chain;
    const records = rows.map((r) => {
      const row = toRechargeRow(r);
      return chain?.explorerTxUrl && r.chain === chain.name
        ? { ...row, explorerUrl: chain.explorerTxUrl(r.txid) }
        : row;
    });
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }

  // ---- operator review ----

  async adminList(q: { current: number; size: number; status?: number | undefined }) {
    const where = q.status !== undefined ? eq(walletRecharges.status, q.status) : undefined;
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(walletRecharges)
        .where(where)
        .orderBy(desc(walletRecharges.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(walletRecharges).where(where),
    ]);
    return {
      records: await this.adminRows(rows),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  /**
   * Queue rows: the user's account, the operators' names, and the approval state of a recharge that
   * needs two approvals (`awaitingSecondApproval` once the first is given; the user still sees it under
   * review).
   */
  private async adminRows(rows: RechargeRecord[]): Promise<AdminRechargeRow[]> {
    const accounts = await this.accountsOf(rows.map((r) => r.userId));
    const operatorIds = rows.flatMap((r) => [r.reviewer, r.firstReviewer]).filter((v) => v !== null);
    const names = await this.operatorNames(operatorIds);
    return rows.map((r) => ({
      ...toRechargeRow(r),
      userId: r.userId.toString(),
      account: accounts.get(r.userId) ?? '',
      reviewer: r.reviewer,
      reviewerName: r.reviewer === null ? null : (names.get(r.reviewer) ?? null),
      dualApproval:
        r.firstReviewer !== null || (r.source === 'manual' && r.status === 0 && this.needsTwoApprovals(r)),
      firstReviewer: r.firstReviewer,
      firstReviewerName: r.firstReviewer === null ? null : (names.get(r.firstReviewer) ?? null),
      firstReviewTime: iso(r.firstReviewedAt),
      awaitingSecondApproval: r.status === 0 && r.firstReviewer !== null,
    }));
  }

  private async operatorNames(ids: string[]): Promise<Map<string, string>> {
    const numeric = [...new Set(ids.filter((v) => /^\d{1,18}$/.test(v)))].map((v) => BigInt(v));
    if (numeric.length === 0) return new Map();
    const rows = await this.ctx.db
      .select({ id: operators.id, username: operators.username })
      .from(operators)
      .where(inArray(operators.id, numeric));
    return new Map(rows.map((r) => [r.id.toString(), r.username]));
  }

  private async accountsOf(ids: bigint[]): Promise<Map<bigint, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.ctx.db
      .select({ id: users.id, account: users.account })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.account]));
  }

  /**
   * Approve or reject a manual recharge. Above the asset's `dualApprovalAbove` an approval is the first
   * of two: it records who gave it and the recharge stays under review (status 0, as the user sees it)
   * until a DIFFERENT operator, who passes the approval rule (modules/admin/operator-approvals.ts),
   * approves; only that approval credits. Either may reject. Every step is one conditional UPDATE on
   * the state it was decided on, so of concurrent decisions exactly one applies (the others get
   * RECHARGE_STATE), and the credit's command id `recharge:<id>` makes it apply once in the core too.
   */
  async decide(id: bigint, operatorId: bigint, decision: 'approve' | 'reject', reason?: string) {
    const [current] = await this.ctx.db
      .select()
      .from(walletRecharges)
      .where(eq(walletRecharges.id, id))
      .limit(1);
    if (current?.source !== 'manual') throw new AppError('RECHARGE_NOT_FOUND');
    if (current.status !== 0) throw new AppError('RECHARGE_STATE');
    const me = operatorId.toString();
    const first = current.firstReviewer;
    let step: 'single' | 'first' | 'second' | 'reject' = 'reject';
    if (decision === 'approve') {
      if (first !== null) {
        step = 'second';
        if (first === me) throw new AppError('APPROVAL_SAME_OPERATOR');
        await this.approvals.assertMayApprove(operatorId, BigInt(first), 'APPROVAL_SAME_OPERATOR');
      } else {
        step = this.needsTwoApprovals(current) ? 'first' : 'single';
        await this.approvals.assertMayApprove(operatorId, undefined, 'APPROVAL_SAME_OPERATOR');
      }
    }
    const now = this.ctx.clock.now();
    const decided = await this.ctx.db.transaction(async (tx) => {
      // The row must still be in the state this decision was made on.
      const unchanged = [
        eq(walletRecharges.id, id),
        eq(walletRecharges.status, 0),
        eq(walletRecharges.source, 'manual'),
        first === null ? isNull(walletRecharges.firstReviewer) : eq(walletRecharges.firstReviewer, first),
      ];
      const set =
        step === 'first'
          ? { firstReviewer: me, firstReviewedAt: now }
          : step === 'reject'
            ? { status: 2, reason: reason ?? null, reviewer: me, reviewedAt: now }
            : { status: 1, reason: null, reviewer: me, reviewedAt: now };
      const [row] = await tx
        .update(walletRecharges)
        .set(set)
        .where(decision === 'reject' ? and(...unchanged.slice(0, 3)) : and(...unchanged))
        .returning();
      if (!row) throw new AppError('RECHARGE_STATE');
      const asset = this.ctx.assets.find(row.asset);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: me,
          action: step === 'first' ? 'wallet.recharge.firstApproval' : `wallet.recharge.${decision}`,
          payload: {
            id: id.toString(),
            userId: row.userId.toString(),
            coin: row.asset,
            amount: row.amount,
            reason,
            // Which approvals this took: the threshold it was compared with, and the first approver.
            dualApprovalAbove: step === 'single' ? undefined : asset?.dualApprovalAbove,
            firstApprovedBy: first ?? undefined,
          },
        },
        now,
      );
      return row;
    });
    if (step === 'single' || step === 'second') await this.credit(decided);
    const [fresh] = await this.adminRows(
      await this.ctx.db.select().from(walletRecharges).where(eq(walletRecharges.id, id)).limit(1),
    );
    if (!fresh) throw new AppError('RECHARGE_NOT_FOUND');
    return fresh;
  }

  /** Above the asset's threshold (or for an asset no longer listed) two operators must approve. */
  private needsTwoApprovals(row: RechargeRecord): boolean {
    const asset = this.ctx.assets.find(row.asset);
    if (!asset) return true;
    return cmp(parseAmount(canonicalDecimal(row.amount)), parseAmount(asset.dualApprovalAbove)) > 0;
  }
}
