// Power loans: the application with its three documents (images from the upload service, which must be
// the applicant's own), the operator's review (pending -> approving -> approved | failed, audited), the
// principal lent from the lending pool by the core on approval, repayment by the plan or in full, and
// the records. Only the applicant (and operators) ever see an application or its documents.

import { formatAmount, parseAmount } from '@coin/shared/money';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { formatAtoms } from '@/core/atoms';
import type { EarnInstallment, LoanProductConfig, RepayWay } from '@/core/earn/earn-commands';
import { loanPlan } from '@/core/earn/earn-math';
import { earnLoanStates, earnLoans, earnProducts, users, walletUploads } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { UPLOAD_LINK_PREFIX } from '@/modules/wallet/deposit-service';
import { coreOf, type EarnContext, earnRefusal, requireEnabled } from './earn-context';
import { requestCommandId, wireAmount } from './order-service';
import type { ProductService } from './product-service';

export const LOAN_STATUS_CODES = { pending: 0, repaying: 1, failed: 2, settled: 3, overdue: 4 } as const;
export type LoanStatus = keyof typeof LOAN_STATUS_CODES;
const DOCUMENTS = ['frontImage', 'backImage', 'holdingImage'] as const;
const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export interface LoanApplication {
  productId: string;
  amount: string;
  repayWay: RepayWay;
  frontImage?: string | undefined;
  backImage?: string | undefined;
  holdingImage?: string | undefined;
}

type LoanRow = typeof earnLoans.$inferSelect;
type StateRow = typeof earnLoanStates.$inferSelect;
const canonical = (v: string) => formatAmount(parseAmount(v));
const iso = (d: Date | number | null | undefined) =>
  d === null || d === undefined ? null : new Date(d).toISOString();

/** An upload's name from what the client sends: the link the upload call returned, or the bare name. */
function uploadName(value: string): string | undefined {
  const name = value.startsWith(UPLOAD_LINK_PREFIX) ? value.slice(UPLOAD_LINK_PREFIX.length) : value;
  return UPLOAD_NAME.test(name) ? name : undefined;
}

export class LoanService {
  constructor(
    private readonly ctx: EarnContext,
    private readonly products: ProductService,
  ) {}

  async apply(userId: bigint, body: LoanApplication) {
    await requireEnabled(this.ctx, 'loan');
    const { view } = await this.products.get(body.productId, 'loan');
    const c = view.config as LoanProductConfig;
    if (c.status !== 'open') throw new AppError('EARN_PRODUCT_CLOSED');
    const amount = wireAmount(this.ctx, c.asset, body.amount);
    if (parseAmount(amount) < parseAmount(c.minAmount))
      throw new AppError(
        'EARN_BELOW_MINIMUM',
        [{ field: 'amount', key: 'errors.EARN_BELOW_MINIMUM', vars: { min: c.minAmount } }],
        { min: c.minAmount },
      );
    if (parseAmount(amount) > parseAmount(c.maxAmount))
      throw new AppError(
        'EARN_ABOVE_MAXIMUM',
        [{ field: 'amount', key: 'errors.EARN_ABOVE_MAXIMUM', vars: { max: c.maxAmount } }],
        { max: c.maxAmount },
      );
    if (!c.repayWays.includes(body.repayWay))
      throw new AppError('EARN_REPAY_WAY_INVALID', [
        { field: 'repayWay', key: 'errors.EARN_REPAY_WAY_INVALID' },
      ]);
    const missing = DOCUMENTS.filter((d) => !body[d]);
    if (missing.length > 0)
      throw new AppError(
        'EARN_DOCUMENTS_REQUIRED',
        missing.map((field) => ({ field, key: 'validation.required' })),
      );
    const names: Record<(typeof DOCUMENTS)[number], string> = {
      frontImage: '',
      backImage: '',
      holdingImage: '',
    };
    for (const d of DOCUMENTS) {
      const name = uploadName(body[d] ?? '');
      if (!name)
        throw new AppError('EARN_DOCUMENT_INVALID', [{ field: d, key: 'errors.EARN_DOCUMENT_INVALID' }]);
      names[d] = name;
    }
    // Each document must be one of the applicant's own uploads.
    const owned = await this.ctx.db
      .select({ name: walletUploads.name })
      .from(walletUploads)
      .where(and(eq(walletUploads.userId, userId), inArray(walletUploads.name, Object.values(names))));
    for (const d of DOCUMENTS) {
      if (!owned.some((o) => o.name === names[d]))
        throw new AppError('EARN_DOCUMENT_INVALID', [{ field: d, key: 'errors.EARN_DOCUMENT_INVALID' }]);
    }
    const productId = BigInt(body.productId);
    const [pending] = await this.ctx.db
      .select({ id: earnLoans.id })
      .from(earnLoans)
      .where(
        and(
          eq(earnLoans.userId, userId),
          eq(earnLoans.productId, productId),
          inArray(earnLoans.status, ['pending', 'approving']),
        ),
      )
      .limit(1);
    if (pending) throw new AppError('EARN_LOAN_PENDING');
    const [row] = await this.ctx.db
      .insert(earnLoans)
      .values({
        userId,
        productId,
        asset: c.asset,
        amount,
        repayWay: body.repayWay,
        cycleDays: c.cycleDays,
        dailyRate: c.dailyRate,
        overdueRate: c.overdueRate,
        frontImage: names.frontImage,
        backImage: names.backImage,
        holdingImage: names.holdingImage,
        createdAt: this.ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('loan insert returned nothing');
    return this.get(userId, row.id);
  }

  private async rows(where: SQL | undefined, page?: { current: number; size: number }) {
    const q = this.ctx.db
      .select({ loan: earnLoans, state: earnLoanStates, name: earnProducts.name, account: users.account })
      .from(earnLoans)
      .leftJoin(earnLoanStates, eq(earnLoanStates.loanId, earnLoans.id))
      .leftJoin(earnProducts, eq(earnProducts.id, earnLoans.productId))
      .leftJoin(users, eq(users.id, earnLoans.userId))
      .where(where)
      .orderBy(desc(earnLoans.id));
    return page ? q.limit(page.size).offset((page.current - 1) * page.size) : q;
  }

  private view(r: { loan: LoanRow; state: StateRow | null; name: string | null; account: string | null }) {
    const { loan, state } = r;
    const live = this.ctx.core().earn().loan(loan.id.toString());
    const core = live ?? undefined;
    const installments: EarnInstallment[] =
      core?.installments ?? (state?.installments as EarnInstallment[] | undefined) ?? [];
    let status: LoanStatus;
    if (loan.status === 'failed') status = 'failed';
    else if (loan.status !== 'approved') status = 'pending';
    else status = (core?.status ?? state?.status ?? 'repaying') as LoanStatus;
    const decimals = this.ctx.asset(loan.asset)?.decimals ?? 18;
    // Before approval: the plan the stated terms would give if lent now (the interest is exact either way).
    const planned =
      installments.length > 0
        ? installments
        : loanPlan(
            parseAmount(loan.amount),
            parseAmount(loan.dailyRate),
            this.ctx.clock.now().getTime(),
            loan.cycleDays,
            (
              this.ctx.core().earn().product(loan.productId.toString())?.config as
                | LoanProductConfig
                | undefined
            )?.periodDays ?? loan.cycleDays,
            loan.repayWay as RepayWay,
            decimals,
          ).map((i) => ({
            dueTs: i.dueTs,
            principal: formatAtoms(i.principal),
            interest: formatAtoms(i.interest),
            penalty: '0',
            paidTs: null,
          }));
    const interest = planned.reduce((s, i) => s + parseAmount(i.interest), 0n);
    const quote = core
      ? this.ctx.core().earn().loanQuote(core.loanId, this.ctx.clock.now().getTime())
      : undefined;
    const last = planned.at(-1);
    return {
      id: loan.id.toString(),
      productId: loan.productId.toString(),
      productName: r.name,
      account: r.account,
      coin: loan.asset,
      amount: canonical(loan.amount),
      repayWay: loan.repayWay,
      cycleDays: loan.cycleDays,
      dailyRate: canonical(loan.dailyRate),
      overdueRate: canonical(loan.overdueRate),
      interest: formatAtoms(interest),
      /** The lender is always the platform's lending pool. */
      lender: 'platform',
      status,
      statusCode: LOAN_STATUS_CODES[status],
      failReason: loan.failReason,
      failure: loan.failure,
      applyTime: loan.createdAt.toISOString(),
      reviewTime: iso(loan.reviewedAt),
      startTime: iso(core?.startTs ?? state?.startAt),
      repayTime: last ? iso(last.dueTs) : null,
      closeTime: iso(core?.closedTs ?? state?.closedAt),
      installments: planned.map((i) => ({ ...i, dueTime: iso(i.dueTs), paidTime: iso(i.paidTs) })),
      repaid: canonical(core?.repaid ?? state?.repaid ?? '0'),
      penaltyPaid: canonical(core?.penaltyPaid ?? state?.penaltyPaid ?? '0'),
      due: quote ?? null,
      documents: {
        frontImage: `${UPLOAD_LINK_PREFIX}${loan.frontImage}`,
        backImage: `${UPLOAD_LINK_PREFIX}${loan.backImage}`,
        holdingImage: `${UPLOAD_LINK_PREFIX}${loan.holdingImage}`,
      },
    };
  }

  async get(userId: bigint, id: bigint) {
    const [row] = await this.rows(and(eq(earnLoans.id, id), eq(earnLoans.userId, userId)));
    // Someone else's loan reads exactly like one that does not exist.
    if (!row) throw new AppError('EARN_LOAN_NOT_FOUND');
    return this.view(row);
  }

  async list(userId: bigint, q: { current: number; size: number }) {
    const where = eq(earnLoans.userId, userId);
    const rows = await this.rows(where, q);
    const [total] = await this.ctx.db.select({ n: count() }).from(earnLoans).where(where);
    return { records: rows.map((r) => this.view(r)), total: total?.n ?? 0, current: q.current, size: q.size };
  }

  async repay(userId: bigint, loanId: bigint, mode: 'next' | 'full', key: string | undefined) {
    const live = this.ctx.core().earn().loan(loanId.toString());
    if (!live || live.userId !== userId.toString()) {
      // Not lent yet (pending, failed) or settled and pruned from the core: still the user's loan, so say
      // which; someone else's reads as not found.
      const mine = await this.get(userId, loanId);
      throw new AppError(mine.status === 'settled' ? 'EARN_LOAN_SETTLED' : 'EARN_LOAN_STATE');
    }
    const result = await coreOf(this.ctx.core()).submit({
      id: requestCommandId('earn.loan.repay', userId, key),
      actor: userId.toString(),
      ts: this.ctx.clock.now().getTime(),
      type: 'earn.loan.repay',
      payload: { userId: userId.toString(), loanId: loanId.toString(), mode },
    });
    if (!result.ok) throw earnRefusal(result.error);
    await this.ctx.projected(result.seq);
    return { ...(await this.get(userId, loanId)), paid: String(result.reply?.paid ?? '0') };
  }

  // ---- operators ----

  async adminList(q: {
    status?: 'pending' | 'approved' | 'failed' | undefined;
    current: number;
    size: number;
  }) {
    const where = q.status
      ? q.status === 'pending'
        ? inArray(earnLoans.status, ['pending', 'approving'])
        : eq(earnLoans.status, q.status)
      : undefined;
    const rows = await this.rows(where, q);
    const [total] = await this.ctx.db.select({ n: count() }).from(earnLoans).where(where);
    return {
      records: rows.map((r) => ({ ...this.view(r), userId: r.loan.userId.toString() })),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  private async adminGet(id: bigint) {
    const [row] = await this.rows(eq(earnLoans.id, id));
    if (!row) throw new AppError('EARN_LOAN_NOT_FOUND');
    return { ...this.view(row), userId: row.loan.userId.toString() };
  }

  /** Approves a pending application: exactly one operator claims it, then the core lends the principal. */
  async approve(operatorId: bigint, id: bigint) {
    const now = this.ctx.clock.now();
    const core = coreOf(this.ctx.core());
    const claimed = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(earnLoans)
        .set({ status: 'approving', reviewedBy: operatorId, reviewedAt: now })
        .where(and(eq(earnLoans.id, id), eq(earnLoans.status, 'pending')))
        .returning();
      if (!row) return undefined;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.loan.approve',
          payload: {
            id: id.toString(),
            userId: row.userId.toString(),
            amount: canonical(row.amount),
            asset: row.asset,
          },
        },
        now,
      );
      return row;
    });
    if (!claimed) {
      await this.adminGet(id);
      throw new AppError('EARN_LOAN_STATE');
    }
    const result = await core.submit({
      id: `earn.loan.disburse:${id}`,
      actor: `op:${operatorId}`,
      ts: now.getTime(),
      type: 'earn.loan.disburse',
      payload: {
        loanId: id.toString(),
        userId: claimed.userId.toString(),
        productId: claimed.productId.toString(),
        amount: canonical(claimed.amount),
        repayWay: claimed.repayWay as RepayWay,
      },
    });
    const done = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(earnLoans)
        .set(result.ok ? { status: 'approved' } : { status: 'failed', failure: result.error })
        .where(eq(earnLoans.id, id));
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: result.ok ? 'earn.loan.disbursed' : 'earn.loan.failed',
          payload: result.ok
            ? { id: id.toString(), seq: result.seq, commandId: result.commandId }
            : { id: id.toString(), error: result.error, commandId: result.commandId },
        },
        done,
      );
    });
    if (!result.ok) throw earnRefusal(result.error);
    await this.ctx.projected(result.seq);
    return this.adminGet(id);
  }

  async reject(operatorId: bigint, id: bigint, reason: string) {
    const now = this.ctx.clock.now();
    const ok = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(earnLoans)
        .set({ status: 'failed', failReason: reason, reviewedBy: operatorId, reviewedAt: now })
        .where(and(eq(earnLoans.id, id), eq(earnLoans.status, 'pending')))
        .returning({ id: earnLoans.id });
      if (!row) return false;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.loan.reject',
          payload: { id: id.toString(), reason },
        },
        now,
      );
      return true;
    });
    if (!ok) {
      await this.adminGet(id);
      throw new AppError('EARN_LOAN_STATE');
    }
    return this.adminGet(id);
  }
}
