// Merchants and their ads (docs/otc.md "Merchants", "Ads"). A user with a passed advanced KYC applies
// (with the deposit, if the settings ask for one, frozen in the merchant account by the core); an operator
// approves (is_merchant 2) or rejects (the deposit returns). Sell ads reserve their coins in the core;
// buy ads reserve nothing (the selling user's coins go to escrow when an order opens).
import { randomBytes } from 'node:crypto';
import { cmp, formatAmount, parseAmount } from '@coin/shared/money';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { otcAds, otcMerchants, users } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { type OtcContext, submitOtc } from './otc-context';
import { adPrice, byBestPrice, canonical } from './otc-price';

export type MerchantRow = typeof otcMerchants.$inferSelect;
export type AdRow = typeof otcAds.$inferSelect;

export interface AdInput {
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  priceType: 'fixed' | 'margin';
  price?: string | undefined;
  margin?: string | undefined;
  amount: string;
  minFiat: string;
  maxFiat: string;
  paymentIds: string[];
  timeLimitMin: number;
  terms: string;
}

export function merchantView(m: MerchantRow) {
  return {
    id: m.id.toString(),
    userId: m.userId.toString(),
    nickname: m.nickname,
    status: m.status,
    chatKey: m.chatKey,
    depositAsset: m.depositAsset,
    depositAmount: m.depositAmount === null ? null : canonical(m.depositAmount),
    rejectReason: m.rejectReason,
    createTime: m.createdAt.toISOString(),
    decideTime: m.decidedAt?.toISOString() ?? null,
  };
}

export class MerchantService {
  constructor(private readonly ctx: OtcContext) {}

  async byUser(userId: bigint): Promise<MerchantRow | undefined> {
    const [m] = await this.ctx.db.select().from(otcMerchants).where(eq(otcMerchants.userId, userId));
    return m;
  }

  /** The approved merchant of a user, or OTC_NOT_MERCHANT. */
  async requireMerchant(userId: bigint): Promise<MerchantRow> {
    const m = await this.byUser(userId);
    if (m?.status !== 'approved') throw new AppError('OTC_NOT_MERCHANT');
    return m;
  }

  /** Merchant ids a user owns (MQTT coin/merchant/{id} subscriptions). */
  async merchantIdsOf(userId: string): Promise<string[]> {
    if (!/^\d{1,19}$/.test(userId)) return [];
    const m = await this.byUser(BigInt(userId));
    return m?.status === 'approved' ? [m.id.toString()] : [];
  }

  async apply(userId: bigint, nickname: string) {
    const kyc = this.ctx.kyc();
    if (kyc !== undefined && (await kyc.status(userId)).level !== 2) throw new AppError('OTC_KYC_REQUIRED');
    const existing = await this.byUser(userId);
    if (existing !== undefined && existing.status !== 'rejected') throw new AppError('OTC_MERCHANT_EXISTS');
    const { deposit, depositAsset } = this.ctx.settings;
    const now = this.ctx.clock.now();
    if (deposit !== '0') {
      const r = await this.ctx.core().submit({
        id: `otc.deposit:${userId}:${now.getTime()}:${randomBytes(4).toString('hex')}`,
        actor: userId.toString(),
        ts: now.getTime(),
        type: 'otc.deposit',
        payload: { userId: userId.toString(), asset: depositAsset, amount: deposit },
      });
      if (!r.ok) {
        if (r.error === 'INSUFFICIENT_BALANCE') throw new AppError('OTC_DEPOSIT_INSUFFICIENT');
        throw new AppError('OTC_REJECTED');
      }
    }
    const values = {
      nickname,
      status: 'pending',
      depositAsset: deposit === '0' ? null : depositAsset,
      depositAmount: deposit === '0' ? null : deposit,
      rejectReason: null,
      decidedBy: null,
      decidedAt: null,
      updatedAt: now,
    };
    const [row] =
      existing === undefined
        ? await this.ctx.db
            .insert(otcMerchants)
            .values({ ...values, userId, chatKey: randomBytes(16).toString('hex'), createdAt: now })
            .returning()
        : await this.ctx.db
            .update(otcMerchants)
            .set(values)
            .where(eq(otcMerchants.id, existing.id))
            .returning();
    if (!row) throw new AppError('INTERNAL_ERROR');
    return merchantView(row);
  }

  async adminList(status: string | undefined) {
    const rows = await this.ctx.db
      .select({ m: otcMerchants, account: users.account })
      .from(otcMerchants)
      .innerJoin(users, eq(users.id, otcMerchants.userId))
      .where(status === undefined ? undefined : eq(otcMerchants.status, status))
      .orderBy(desc(otcMerchants.id))
      .limit(200);
    return rows.map((r) => ({ ...merchantView(r.m), account: r.account }));
  }

  async decide(id: bigint, operatorId: bigint, approve: boolean, reason: string | undefined) {
    const now = this.ctx.clock.now();
    const [m] = await this.ctx.db.select().from(otcMerchants).where(eq(otcMerchants.id, id));
    if (m === undefined) throw new AppError('OTC_MERCHANT_NOT_FOUND');
    if (m.status !== 'pending') throw new AppError('OTC_ORDER_STATE');
    if (!approve && m.depositAsset !== null) {
      await submitOtc(this.ctx, {
        id: `otc.deposit.return:${m.userId}:${m.updatedAt.getTime()}`,
        actor: `op:${operatorId}`,
        ts: now.getTime(),
        type: 'otc.deposit.return',
        payload: { userId: m.userId.toString(), asset: m.depositAsset },
      });
    }
    const [row] = await this.ctx.db.transaction(async (tx) => {
      const out = await tx
        .update(otcMerchants)
        .set({
          status: approve ? 'approved' : 'rejected',
          rejectReason: approve ? null : (reason ?? null),
          decidedBy: operatorId,
          decidedAt: now,
          updatedAt: now,
        })
        .where(and(eq(otcMerchants.id, id), eq(otcMerchants.status, 'pending')))
        .returning();
      if (approve && out.length > 0)
        await tx.update(users).set({ isMerchant: 2, updatedAt: now }).where(eq(users.id, m.userId));
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: approve ? 'otc.merchant.approve' : 'otc.merchant.reject',
          payload: { merchantId: id.toString(), userId: m.userId.toString(), reason: reason ?? null },
        },
        now,
      );
      return out;
    });
    if (!row) throw new AppError('OTC_ORDER_STATE');
    await this.ctx.invalidateUser(m.userId);
    return merchantView(row);
  }

  // ------------------------------------------------------------------ ads

  private async checkAd(userId: bigint, input: AdInput) {
    const { side, priceType } = input;
    if (cmp(parseAmount(input.minFiat), parseAmount(input.maxFiat)) > 0)
      throw new AppError('OTC_AD_LIMITS', [
        { field: 'maxFiat', key: 'validation.min', vars: { min: input.minFiat } },
      ]);
    if (priceType === 'fixed' && input.price === undefined)
      throw new AppError('VALIDATION_FAILED', [{ field: 'price', key: 'validation.required' }]);
    if (priceType === 'margin' && input.margin === undefined)
      throw new AppError('VALIDATION_FAILED', [{ field: 'margin', key: 'validation.required' }]);
    const fiats = await this.ctx.fiats();
    if (!fiats.includes(input.fiat))
      throw new AppError('VALIDATION_FAILED', [{ field: 'fiat', key: 'validation.oneOf' }]);
    const ids = input.paymentIds.map((x) => BigInt(x));
    const methods = (await this.ctx.bank()?.paymentsForTrade(userId, ids)) ?? [];
    if (side === 'sell' && ids.length === 0) throw new AppError('OTC_AD_PAYMENT_REQUIRED');
    if (methods.length !== new Set(ids.map(String)).size) throw new AppError('OTC_PAYMENT_NOT_FOUND');
    const kinds = [...new Set(methods.map((p) => p.kind))].sort();
    return { ids, kinds: side === 'sell' ? kinds : ['bank', 'ewallet'] };
  }

  async saveAd(userId: bigint, input: AdInput, adId: bigint | undefined) {
    const m = await this.requireMerchant(userId);
    const { ids, kinds } = await this.checkAd(userId, input);
    const amount = canonical(input.amount);
    const now = this.ctx.clock.now();
    const fields = {
      side: input.side,
      asset: input.asset,
      fiat: input.fiat,
      priceType: input.priceType,
      price: input.priceType === 'fixed' ? canonical(input.price ?? '0') : '0',
      margin: input.priceType === 'margin' ? canonical(input.margin ?? '0') : null,
      minFiat: canonical(input.minFiat),
      maxFiat: canonical(input.maxFiat),
      paymentIds: ids.join(','),
      paymentKinds: kinds.join(','),
      timeLimitMin: input.timeLimitMin,
      terms: input.terms,
      updatedAt: now,
    };
    if (adId === undefined) {
      const [row] = await this.ctx.db
        .insert(otcAds)
        .values({
          ...fields,
          merchantId: m.id,
          userId,
          amount,
          remaining: amount,
          status: 'paused',
          createdAt: now,
        })
        .returning();
      if (!row) throw new AppError('INTERNAL_ERROR');
      if (row.side === 'sell') {
        try {
          await submitOtc(this.ctx, {
            id: `otc.ad.open:${row.id}`,
            actor: userId.toString(),
            ts: now.getTime(),
            type: 'otc.ad.open',
            payload: { adId: row.id.toString(), userId: userId.toString(), asset: row.asset, amount },
          });
        } catch (err) {
          await this.ctx.db.update(otcAds).set({ status: 'closed' }).where(eq(otcAds.id, row.id));
          throw err;
        }
      }
      const [online] = await this.ctx.db
        .update(otcAds)
        .set({ status: 'online' })
        .where(eq(otcAds.id, row.id))
        .returning();
      return this.adView(online ?? row);
    }
    const ad = await this.ownAd(userId, adId);
    if (ad.status === 'closed') throw new AppError('OTC_AD_CLOSED');
    if (ad.side !== input.side || ad.asset !== input.asset)
      throw new AppError('VALIDATION_FAILED', [{ field: 'side', key: 'validation.invalid' }]);
    // On an edit `amount` is what stays available for new orders.
    if (ad.side === 'sell') {
      const r = await submitOtc(this.ctx, {
        id: `otc.ad.resize:${ad.id}:${now.getTime()}:${amount}`,
        actor: userId.toString(),
        ts: now.getTime(),
        type: 'otc.ad.resize',
        payload: { adId: ad.id.toString(), amount },
      });
      void r;
    }
    const [row] = await this.ctx.db
      .update(otcAds)
      .set({ ...fields, remaining: amount })
      .where(eq(otcAds.id, ad.id))
      .returning();
    return this.adView(row ?? ad);
  }

  async ownAd(userId: bigint, adId: bigint): Promise<AdRow> {
    const [ad] = await this.ctx.db
      .select()
      .from(otcAds)
      .where(and(eq(otcAds.id, adId), eq(otcAds.userId, userId)));
    if (ad === undefined) throw new AppError('OTC_AD_NOT_FOUND');
    return ad;
  }

  async setAdStatus(userId: bigint, adId: bigint, status: 'online' | 'paused' | 'closed') {
    await this.requireMerchant(userId);
    const ad = await this.ownAd(userId, adId);
    if (ad.status === 'closed') throw new AppError('OTC_AD_CLOSED');
    const now = this.ctx.clock.now();
    if (status === 'closed' && ad.side === 'sell') {
      await submitOtc(this.ctx, {
        id: `otc.ad.close:${ad.id}`,
        actor: userId.toString(),
        ts: now.getTime(),
        type: 'otc.ad.close',
        payload: { adId: ad.id.toString() },
      });
    }
    const [row] = await this.ctx.db
      .update(otcAds)
      .set({ status, updatedAt: now, ...(status === 'closed' ? { remaining: '0' } : {}) })
      .where(eq(otcAds.id, ad.id))
      .returning();
    return this.adView(row ?? ad);
  }

  async myAds(userId: bigint) {
    const m = await this.requireMerchant(userId);
    const rows = await this.ctx.db
      .select()
      .from(otcAds)
      .where(and(eq(otcAds.merchantId, m.id), ne(otcAds.status, 'closed')))
      .orderBy(desc(otcAds.id));
    return Promise.all(rows.map((r) => this.adView(r, m)));
  }

  async adView(ad: AdRow, merchant?: MerchantRow) {
    const m =
      merchant ??
      (await this.ctx.db.select().from(otcMerchants).where(eq(otcMerchants.id, ad.merchantId)))[0];
    const price = adPrice(ad, this.ctx.usdtPrice(ad.asset), await this.ctx.fiatRate(ad.fiat));
    return {
      id: ad.id.toString(),
      merchantId: ad.merchantId.toString(),
      merchantName: m?.nickname ?? '',
      side: ad.side,
      asset: ad.asset,
      fiat: ad.fiat,
      priceType: ad.priceType,
      price: price ?? null,
      fixedPrice: ad.priceType === 'fixed' ? canonical(ad.price) : null,
      margin: ad.margin === null ? null : canonical(ad.margin),
      amount: canonical(ad.amount),
      remaining: canonical(ad.remaining),
      minFiat: canonical(ad.minFiat),
      maxFiat: canonical(ad.maxFiat),
      paymentKinds: ad.paymentKinds === '' ? [] : ad.paymentKinds.split(','),
      paymentIds: ad.paymentIds === '' ? [] : ad.paymentIds.split(','),
      timeLimitMin: ad.timeLimitMin,
      terms: ad.terms,
      status: ad.status,
      createTime: ad.createdAt.toISOString(),
    };
  }

  /** The ad market (`/otc/common`): online ads with coins left, filtered, best price first. */
  async market(q: {
    side: 'buy' | 'sell';
    asset?: string | undefined;
    fiat?: string | undefined;
    amount?: string | undefined;
    payKind?: string | undefined;
  }) {
    // The taker buys from sell ads and sells to buy ads.
    const adSide = q.side === 'buy' ? 'sell' : 'buy';
    const conds = [eq(otcAds.status, 'online'), eq(otcAds.side, adSide), sql`${otcAds.remaining} > 0`];
    if (q.asset) conds.push(eq(otcAds.asset, q.asset));
    if (q.fiat) conds.push(eq(otcAds.fiat, q.fiat));
    const rows = await this.ctx.db
      .select()
      .from(otcAds)
      .where(and(...conds))
      .orderBy(desc(otcAds.id))
      .limit(500);
    const merchantIds = [...new Set(rows.map((r) => r.merchantId))];
    const merchants =
      merchantIds.length === 0
        ? []
        : await this.ctx.db.select().from(otcMerchants).where(inArray(otcMerchants.id, merchantIds));
    const byId = new Map(merchants.map((m) => [m.id, m]));
    const views = [];
    for (const r of rows) {
      const m = byId.get(r.merchantId);
      if (m?.status !== 'approved') continue;
      if (q.payKind && !r.paymentKinds.split(',').includes(q.payKind)) continue;
      const v = await this.adView(r, m);
      if (v.price === null) continue;
      if (q.amount !== undefined) {
        const want = parseAmount(q.amount);
        if (cmp(want, parseAmount(v.minFiat)) < 0 || cmp(want, parseAmount(v.maxFiat)) > 0) continue;
      }
      views.push({ ...v, price: v.price });
    }
    return byBestPrice(views).map((v) => ({ ...v, price: formatAmount(parseAmount(v.price)) }));
  }
}
