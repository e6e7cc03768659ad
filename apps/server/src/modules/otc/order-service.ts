// OTC orders (docs/otc.md "Orders"): open with escrow, mark paid (optionally with a proof image posted to
// the order chat), release, cancel, timeout, appeal and its resolution. Every money step is one core
// command whose actor is who acts; the core refuses what that actor may not do (core/otc), so these
// checks here are for clear messages, not the guard. Each command id is derived from the order, so a
// repeated or concurrent call has one effect; the row follows with a conditional update.
import { randomBytes } from 'node:crypto';
import type { Language } from '@coin/shared/languages';
import { cmp, mul, parseAmount } from '@coin/shared/money';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { otcAds, otcAppeals, otcMerchants, otcOrders, users } from '@/db/schema';
import type { MessageKey } from '@/i18n/locales/en';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { ChatService } from '@/modules/chat/chat-service';
import { csvIds, type OtcContext, submitOtc } from './otc-context';
import { pushOrderChange } from './otc-live';
import { adPrice, between, canonical, orderTotal } from './otc-price';

export type OrderRow = typeof otcOrders.$inferSelect;
type Status = 'waiting' | 'paid' | 'appeal' | 'released' | 'cancelled';

const SYSTEM_ACTOR = 'system:otc';

export class OrderService {
  constructor(
    private readonly ctx: OtcContext,
    private readonly chat: () => ChatService | undefined,
    private readonly app: FastifyInstance,
  ) {}

  private async byCode(code: string): Promise<OrderRow | undefined> {
    const [o] = await this.ctx.db.select().from(otcOrders).where(eq(otcOrders.orderCode, code));
    return o;
  }

  /** The order for one of its two parties; anyone else gets the same 404 as for an unknown order. */
  async forParty(userId: bigint, code: string): Promise<OrderRow> {
    const o = await this.byCode(code);
    if (o === undefined || (o.buyerId !== userId && o.sellerId !== userId))
      throw new AppError('OTC_ORDER_NOT_FOUND');
    return o;
  }

  async create(
    userId: bigint,
    input: { adId: string; amount: string; paymentId?: string | undefined },
    lang: Language,
  ) {
    const [ad] = await this.ctx.db
      .select()
      .from(otcAds)
      .where(eq(otcAds.id, BigInt(input.adId)));
    if (ad === undefined) throw new AppError('OTC_AD_NOT_FOUND');
    if (ad.status !== 'online') throw new AppError('OTC_AD_CLOSED');
    if (ad.userId === userId) throw new AppError('OTC_AD_OWN');
    const [merchant] = await this.ctx.db
      .select()
      .from(otcMerchants)
      .where(eq(otcMerchants.id, ad.merchantId));
    if (merchant?.status !== 'approved') throw new AppError('OTC_AD_CLOSED');
    const price = adPrice(ad, this.ctx.usdtPrice(ad.asset), await this.ctx.fiatRate(ad.fiat));
    if (price === undefined) throw new AppError('OTC_PRICE_UNAVAILABLE');
    const amount = canonical(input.amount);
    const total = orderTotal(amount, price);
    if (!between(total, ad.minFiat, ad.maxFiat))
      throw new AppError('OTC_AMOUNT_OUT_OF_RANGE', [], {
        min: canonical(ad.minFiat),
        max: canonical(ad.maxFiat),
        fiat: ad.fiat,
      });
    if (cmp(parseAmount(amount), parseAmount(ad.remaining)) > 0)
      throw new AppError('OTC_AMOUNT_OUT_OF_RANGE', [], {
        min: canonical(ad.minFiat),
        max: canonical(ad.maxFiat),
        fiat: ad.fiat,
      });
    const takerBuys = ad.side === 'sell';
    const bank = this.ctx.bank();
    let payment: unknown[];
    if (takerBuys) {
      payment = (await bank?.paymentsForTrade(ad.userId, csvIds(ad.paymentIds))) ?? [];
    } else {
      if (input.paymentId === undefined)
        throw new AppError('VALIDATION_FAILED', [{ field: 'paymentId', key: 'validation.required' }]);
      payment = (await bank?.paymentsForTrade(userId, [BigInt(input.paymentId)])) ?? [];
      if (payment.length === 0) throw new AppError('OTC_PAYMENT_NOT_FOUND');
    }
    const now = this.ctx.clock.now();
    const orderCode = `P${now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
    const buyerId = takerBuys ? userId : ad.userId;
    const sellerId = takerBuys ? ad.userId : userId;
    const deadline = now.getTime() + ad.timeLimitMin * 60_000;
    // A buy ad has no reserve in the core: its remaining is taken here first, given back on refusal.
    if (!takerBuys) {
      const taken = await this.ctx.db
        .update(otcAds)
        .set({ remaining: sql`${otcAds.remaining} - ${amount}` })
        .where(and(eq(otcAds.id, ad.id), sql`${otcAds.remaining} >= ${amount}`))
        .returning({ id: otcAds.id });
      if (taken.length === 0)
        throw new AppError('OTC_AMOUNT_OUT_OF_RANGE', [], {
          min: canonical(ad.minFiat),
          max: canonical(ad.maxFiat),
          fiat: ad.fiat,
        });
    }
    let adRemaining: string | null = null;
    try {
      const r = await submitOtc(this.ctx, {
        id: `otc.order.open:${orderCode}`,
        actor: userId.toString(),
        ts: now.getTime(),
        type: 'otc.order.open',
        payload: {
          orderId: orderCode,
          sellerId: sellerId.toString(),
          buyerId: buyerId.toString(),
          asset: ad.asset,
          amount,
          ...(takerBuys ? { adId: ad.id.toString() } : {}),
          sellerAccount: takerBuys ? 'merchant' : 'spot',
          buyerAccount: takerBuys ? 'spot' : 'merchant',
          deadline,
        },
      });
      adRemaining = typeof r.reply?.adRemaining === 'string' ? r.reply.adRemaining : null;
    } catch (err) {
      if (!takerBuys)
        await this.ctx.db
          .update(otcAds)
          .set({ remaining: sql`${otcAds.remaining} + ${amount}` })
          .where(eq(otcAds.id, ad.id));
      throw err;
    }
    const chat = this.chat();
    const row = await this.ctx.db.transaction(async (tx) => {
      if (adRemaining !== null)
        await tx.update(otcAds).set({ remaining: adRemaining }).where(eq(otcAds.id, ad.id));
      const thread = chat
        ? await chat.createThread(
            {
              kind: 'otc',
              state: 'open',
              ref: orderCode,
              lang,
              participants: [
                { principal: { type: 'user', id: buyerId }, role: 'buyer' },
                { principal: { type: 'user', id: sellerId }, role: 'seller' },
              ],
            },
            tx,
          )
        : undefined;
      const [o] = await tx
        .insert(otcOrders)
        .values({
          orderCode,
          adId: ad.id,
          merchantId: ad.merchantId,
          merchantUserId: ad.userId,
          userId,
          buyerId,
          sellerId,
          side: takerBuys ? 'buy' : 'sell',
          asset: ad.asset,
          fiat: ad.fiat,
          price,
          amount,
          total,
          payment: JSON.stringify(payment),
          status: 'waiting',
          deadline,
          chatKey: thread?.chatKey ?? randomBytes(16).toString('hex'),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!o) throw new AppError('INTERNAL_ERROR');
      if (thread && chat) await chat.system(thread, 'chat.system.otcOpened', tx);
      return o;
    });
    await this.announceLast(row);
    pushOrderChange(this.app, row, { type: 'otc', isNew: true, by: userId });
    return this.view(row, userId);
  }

  /** Pushes the newest message of the order's chat (a system message stored in a transaction). */
  private async announceLast(o: OrderRow, key?: MessageKey) {
    const chat = this.chat();
    if (!chat) return;
    const thread = await chat.threadByKey(o.chatKey);
    if (!thread) return;
    if (key !== undefined) {
      const m = await chat.system(thread, key);
      await chat.announce(thread, m);
      return;
    }
    const history = await chat.page(thread, { current: 1, size: 1 }, 'en');
    void history;
  }

  private async move(
    o: OrderRow,
    from: Status[],
    to: Status,
    extra: Partial<typeof otcOrders.$inferInsert> = {},
  ): Promise<OrderRow | undefined> {
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .update(otcOrders)
      .set({ status: to, updatedAt: now, ...extra })
      .where(and(eq(otcOrders.id, o.id), inArray(otcOrders.status, from)))
      .returning();
    return row;
  }

  async markPaid(userId: bigint, code: string, proof: string | undefined, lang: Language) {
    const o = await this.forParty(userId, code);
    if (o.buyerId !== userId) throw new AppError('OTC_NOT_ALLOWED');
    if (o.status !== 'waiting') throw new AppError('OTC_ORDER_STATE');
    if (proof !== undefined) {
      // The proof is an image of the order chat uploaded by the buyer (the chat checks whose it is).
      await this.chat()?.send(
        { type: 'user', id: userId },
        { chatId: o.chatKey, content: proof, contentType: '2' },
        lang,
      );
    }
    const now = this.ctx.clock.now();
    await submitOtc(this.ctx, {
      id: `otc.order.paid:${o.orderCode}`,
      actor: userId.toString(),
      ts: now.getTime(),
      type: 'otc.order.paid',
      payload: { orderId: o.orderCode },
    });
    const row = await this.move(o, ['waiting'], 'paid', { paidAt: now, ...(proof ? { proof } : {}) });
    if (!row) throw new AppError('OTC_ORDER_STATE');
    await this.announceLast(row, 'chat.system.otcPaid');
    pushOrderChange(this.app, row, { type: 'otc', isNew: false, by: userId });
    return this.view(row, userId);
  }

  async release(userId: bigint, code: string) {
    const o = await this.forParty(userId, code);
    if (o.sellerId !== userId) throw new AppError('OTC_NOT_ALLOWED');
    if (o.status !== 'paid' && o.status !== 'appeal') throw new AppError('OTC_ORDER_STATE');
    const now = this.ctx.clock.now();
    await submitOtc(this.ctx, {
      id: `otc.order.release:${o.orderCode}`,
      actor: userId.toString(),
      ts: now.getTime(),
      type: 'otc.order.release',
      payload: { orderId: o.orderCode },
    });
    const row = await this.move(o, ['paid', 'appeal'], 'released', { closedAt: now });
    if (!row) throw new AppError('OTC_ORDER_STATE');
    if (o.status === 'appeal')
      await this.ctx.db
        .update(otcAppeals)
        .set({ status: 'resolved', decision: 'buyer', note: 'released by the seller', decidedAt: now })
        .where(eq(otcAppeals.orderId, o.id));
    await this.closeChat(row, 'chat.system.otcReleased');
    pushOrderChange(this.app, row, { type: 'otc', isNew: false, by: userId });
    return this.view(row, userId);
  }

  async cancel(userId: bigint, code: string) {
    const o = await this.forParty(userId, code);
    if (o.buyerId !== userId) throw new AppError('OTC_NOT_ALLOWED');
    if (o.status !== 'waiting') throw new AppError('OTC_ORDER_STATE');
    const row = await this.cancelWith(o, 'buyer', userId.toString(), this.ctx.clock.now().getTime());
    if (!row) throw new AppError('OTC_ORDER_STATE');
    pushOrderChange(this.app, row, { type: 'otc', isNew: false, by: userId });
    return this.view(row, userId);
  }

  private async cancelWith(o: OrderRow, reason: 'buyer' | 'timeout', actor: string, ts: number) {
    await submitOtc(this.ctx, {
      id: `otc.order.cancel:${o.orderCode}:${reason}`,
      actor,
      ts,
      type: 'otc.order.cancel',
      payload: { orderId: o.orderCode, reason },
    });
    const row = await this.move(o, ['waiting'], 'cancelled', {
      closedAt: new Date(ts),
      cancelReason: reason,
    });
    if (row) {
      await this.giveBackToBuyAd(row);
      await this.closeChat(row, reason === 'timeout' ? 'chat.system.otcTimeout' : 'chat.system.otcCancelled');
    }
    return row;
  }

  /** A buy ad's remaining grows back when an order on it returns its coins to the selling user. */
  private async giveBackToBuyAd(o: OrderRow) {
    if (o.side !== 'sell') {
      const reserve = this.ctx.core().otc().adReserve(o.adId.toString());
      if (reserve !== undefined)
        await this.ctx.db.update(otcAds).set({ remaining: reserve }).where(eq(otcAds.id, o.adId));
      return;
    }
    await this.ctx.db
      .update(otcAds)
      .set({ remaining: sql`${otcAds.remaining} + ${o.amount}` })
      .where(and(eq(otcAds.id, o.adId), sql`${otcAds.status} <> 'closed'`));
  }

  private async closeChat(o: OrderRow, key: MessageKey) {
    const chat = this.chat();
    if (!chat) return;
    const thread = await chat.threadByKey(o.chatKey);
    if (!thread) return;
    const m = await this.ctx.db.transaction(async (tx) => {
      const msg = await chat.system(thread, key, tx);
      await tx.execute(sql`update chat_threads set state = 'closed' where id = ${thread.id}`);
      return msg;
    });
    await chat.announce(thread, m);
  }

  /** The timeout job: unpaid orders past their deadline are cancelled by the system. */
  async expireDue(): Promise<number> {
    const now = this.ctx.clock.now().getTime();
    const due = await this.ctx.db
      .select()
      .from(otcOrders)
      .where(and(eq(otcOrders.status, 'waiting'), lte(otcOrders.deadline, now)))
      .limit(200);
    let n = 0;
    for (const o of due) {
      try {
        const row = await this.cancelWith(o, 'timeout', SYSTEM_ACTOR, now);
        if (row) {
          n++;
          pushOrderChange(this.app, row, { type: 'otc', isNew: false, by: null });
        }
      } catch (err) {
        this.app.log.warn({ err, orderCode: o.orderCode }, 'otc: timeout cancel failed');
      }
    }
    return n + (await this.expireStranded(now));
  }

  /**
   * Overdue orders the core holds in escrow without an order row: the server stopped (or the database
   * refused the row) between the core's order-open and the row's insert. Nobody can see or pay such an
   * order, so at its deadline the system cancels it in the core like any unpaid order and the coins go back
   * to the seller (a sell ad's reserve, or the selling user). A buy ad's remaining, taken before the core
   * command, is not given back: the core does not know the ad (logged for the operator).
   */
  private async expireStranded(now: number): Promise<number> {
    const due = this.ctx.core().otc().overdue(now, 200);
    if (due.length === 0) return 0;
    const known = new Set(
      (
        await this.ctx.db
          .select({ code: otcOrders.orderCode })
          .from(otcOrders)
          .where(
            inArray(
              otcOrders.orderCode,
              due.map((o) => o.orderId),
            ),
          )
      ).map((r) => r.code),
    );
    let n = 0;
    for (const o of due) {
      if (known.has(o.orderId)) continue;
      try {
        await submitOtc(this.ctx, {
          id: `otc.order.cancel:${o.orderId}:timeout`,
          actor: SYSTEM_ACTOR,
          ts: now,
          type: 'otc.order.cancel',
          payload: { orderId: o.orderId, reason: 'timeout' },
        });
        if (o.adId !== null) {
          const reserve = this.ctx.core().otc().adReserve(o.adId);
          if (reserve !== undefined)
            await this.ctx.db
              .update(otcAds)
              .set({ remaining: reserve })
              .where(eq(otcAds.id, BigInt(o.adId)));
        }
        n++;
        this.app.log.warn(
          { orderCode: o.orderId, sellerId: o.sellerId, asset: o.asset, amount: o.amount, adId: o.adId },
          'otc: an order held in escrow without its row was cancelled at its deadline; the coins went back to the seller',
        );
      } catch (err) {
        this.app.log.warn({ err, orderCode: o.orderId }, 'otc: stranded order cancel failed');
      }
    }
    return n;
  }

  async appeal(userId: bigint, code: string, reason: string) {
    const o = await this.forParty(userId, code);
    if (o.status !== 'paid') throw new AppError('OTC_ORDER_STATE');
    const now = this.ctx.clock.now();
    if ((o.paidAt?.getTime() ?? 0) + this.ctx.settings.appealWaitMs > now.getTime())
      throw new AppError('OTC_APPEAL_TOO_EARLY', [], {
        minutes: Math.ceil(this.ctx.settings.appealWaitMs / 60_000),
      });
    const row = await this.ctx.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(otcOrders)
        .set({ status: 'appeal', updatedAt: now })
        .where(and(eq(otcOrders.id, o.id), eq(otcOrders.status, 'paid')))
        .returning();
      if (!moved) throw new AppError('OTC_ORDER_STATE');
      await tx
        .insert(otcAppeals)
        .values({ orderId: o.id, byUserId: userId, reason, status: 'open', createdAt: now })
        .onConflictDoUpdate({
          target: otcAppeals.orderId,
          set: { byUserId: userId, reason, status: 'open', decision: null, decidedBy: null, createdAt: now },
        });
      return moved;
    });
    await this.announceLast(row, 'chat.system.otcAppeal');
    pushOrderChange(this.app, row, { type: 'appeal', isNew: false, by: userId });
    return this.view(row, userId);
  }

  // ------------------------------------------------------------------ appeals (operators)

  async appeals(status: string | undefined) {
    const rows = await this.ctx.db
      .select({ a: otcAppeals, o: otcOrders })
      .from(otcAppeals)
      .innerJoin(otcOrders, eq(otcOrders.id, otcAppeals.orderId))
      .where(status === undefined ? undefined : eq(otcAppeals.status, status))
      .orderBy(desc(otcAppeals.id))
      .limit(200);
    return rows.map((r) => this.appealView(r.a, r.o));
  }

  private appealView(a: typeof otcAppeals.$inferSelect, o: OrderRow) {
    return {
      id: a.id.toString(),
      orderCode: o.orderCode,
      byUserId: a.byUserId.toString(),
      reason: a.reason,
      status: a.status,
      decision: a.decision,
      decidedBy: a.decidedBy?.toString() ?? null,
      approvedBy: a.approvedBy?.toString() ?? null,
      note: a.note,
      createTime: a.createdAt.toISOString(),
      order: this.baseView(o),
      needsSecondApproval: this.needsSecond(o),
    };
  }

  async appealDetail(id: bigint) {
    const [r] = await this.ctx.db
      .select({ a: otcAppeals, o: otcOrders })
      .from(otcAppeals)
      .innerJoin(otcOrders, eq(otcOrders.id, otcAppeals.orderId))
      .where(eq(otcAppeals.id, id));
    if (!r) throw new AppError('OTC_APPEAL_NOT_FOUND');
    const parties = await this.ctx.db
      .select({ id: users.id, account: users.account })
      .from(users)
      .where(or(eq(users.id, r.o.buyerId), eq(users.id, r.o.sellerId)));
    const chat = this.chat();
    const thread = chat ? await chat.threadByKey(r.o.chatKey) : undefined;
    const messages = chat && thread ? (await chat.page(thread, { current: 1, size: 50 }, 'en')).records : [];
    return {
      ...this.appealView(r.a, r.o),
      payment: JSON.parse(r.o.payment) as unknown,
      proof: r.o.proof,
      parties: parties.map((p) => ({ id: p.id.toString(), account: p.account })),
      messages,
    };
  }

  private needsSecond(o: OrderRow): boolean {
    const usdt = this.ctx.usdtPrice(o.asset);
    if (usdt === undefined) return true;
    const value = mul(parseAmount(o.amount), parseAmount(usdt), 'down');
    return cmp(value, parseAmount(this.ctx.settings.secondApprovalAbove)) > 0;
  }

  /** An operator decides; above the configured value a second operator must approve before it applies. */
  async decide(id: bigint, operatorId: bigint, to: 'buyer' | 'seller', note: string) {
    const [r] = await this.ctx.db
      .select({ a: otcAppeals, o: otcOrders })
      .from(otcAppeals)
      .innerJoin(otcOrders, eq(otcOrders.id, otcAppeals.orderId))
      .where(eq(otcAppeals.id, id));
    if (!r) throw new AppError('OTC_APPEAL_NOT_FOUND');
    if (r.a.status !== 'open' || r.o.status !== 'appeal') throw new AppError('OTC_ORDER_STATE');
    const now = this.ctx.clock.now();
    if (this.needsSecond(r.o)) {
      await this.ctx.db.transaction(async (tx) => {
        await tx
          .update(otcAppeals)
          .set({ status: 'pending_approval', decision: to, decidedBy: operatorId, note })
          .where(and(eq(otcAppeals.id, id), eq(otcAppeals.status, 'open')));
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: 'otc.appeal.propose',
            payload: { appealId: id.toString(), orderCode: r.o.orderCode, to, note },
          },
          now,
        );
      });
      return { status: 'pending_approval' };
    }
    return this.apply(r.a, r.o, to, operatorId, null, note);
  }

  async approve(id: bigint, operatorId: bigint) {
    const [r] = await this.ctx.db
      .select({ a: otcAppeals, o: otcOrders })
      .from(otcAppeals)
      .innerJoin(otcOrders, eq(otcOrders.id, otcAppeals.orderId))
      .where(eq(otcAppeals.id, id));
    if (!r) throw new AppError('OTC_APPEAL_NOT_FOUND');
    if (r.a.status !== 'pending_approval' || r.a.decision === null || r.a.decidedBy === null)
      throw new AppError('OTC_ORDER_STATE');
    if (r.a.decidedBy === operatorId) throw new AppError('OTC_SECOND_APPROVER');
    return this.apply(
      r.a,
      r.o,
      r.a.decision as 'buyer' | 'seller',
      r.a.decidedBy,
      operatorId,
      r.a.note ?? '',
    );
  }

  private async apply(
    a: typeof otcAppeals.$inferSelect,
    o: OrderRow,
    to: 'buyer' | 'seller',
    decidedBy: bigint,
    approvedBy: bigint | null,
    note: string,
  ) {
    const now = this.ctx.clock.now();
    const actor = approvedBy ?? decidedBy;
    await submitOtc(this.ctx, {
      id: `otc.order.resolve:${o.orderCode}`,
      actor: `op:${actor}`,
      ts: now.getTime(),
      type: 'otc.order.resolve',
      payload: { orderId: o.orderCode, to },
    });
    const row = await this.ctx.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(otcOrders)
        .set({
          status: to === 'buyer' ? 'released' : 'cancelled',
          cancelReason: to === 'seller' ? 'appeal' : null,
          closedAt: now,
          updatedAt: now,
        })
        .where(and(eq(otcOrders.id, o.id), inArray(otcOrders.status, ['appeal', 'paid'])))
        .returning();
      await tx
        .update(otcAppeals)
        .set({ status: 'resolved', decision: to, decidedBy, approvedBy, note, decidedAt: now })
        .where(eq(otcAppeals.id, a.id));
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: actor.toString(),
          action: 'otc.appeal.resolve',
          payload: {
            appealId: a.id.toString(),
            orderCode: o.orderCode,
            to,
            decidedBy: decidedBy.toString(),
            approvedBy: approvedBy?.toString() ?? null,
            amount: canonical(o.amount),
            asset: o.asset,
          },
        },
        now,
      );
      return moved;
    });
    if (row) {
      if (to === 'seller') await this.giveBackToBuyAd(row);
      await this.closeChat(
        row,
        to === 'buyer' ? 'chat.system.otcResolvedBuyer' : 'chat.system.otcResolvedSeller',
      );
      pushOrderChange(this.app, row, { type: 'appeal', isNew: false, by: null });
    }
    return { status: 'resolved', to };
  }

  // ------------------------------------------------------------------ reads

  async list(
    userId: bigint,
    q: { role: 'user' | 'merchant'; status?: string | undefined; current: number; size: number },
  ) {
    const conds = [
      q.role === 'merchant' ? eq(otcOrders.merchantUserId, userId) : and(eq(otcOrders.userId, userId)),
    ];
    if (q.status === 'open') conds.push(inArray(otcOrders.status, ['waiting', 'paid', 'appeal']));
    else if (q.status) conds.push(eq(otcOrders.status, q.status));
    const where = and(...conds);
    const rows = await this.ctx.db
      .select()
      .from(otcOrders)
      .where(where)
      .orderBy(desc(otcOrders.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(otcOrders).where(where);
    return {
      records: rows.map((r) => this.baseView(r)),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  async detail(userId: bigint, code: string) {
    return this.view(await this.forParty(userId, code), userId);
  }

  baseView(o: OrderRow) {
    return {
      orderCode: o.orderCode,
      adId: o.adId.toString(),
      merchantId: o.merchantId.toString(),
      merchantUserId: o.merchantUserId.toString(),
      userId: o.userId.toString(),
      buyerId: o.buyerId.toString(),
      sellerId: o.sellerId.toString(),
      side: o.side,
      asset: o.asset,
      fiat: o.fiat,
      price: canonical(o.price),
      amount: canonical(o.amount),
      total: canonical(o.total),
      status: o.status,
      deadline: o.deadline,
      cancelReason: o.cancelReason,
      createTime: o.createdAt.toISOString(),
      paidTime: o.paidAt?.toISOString() ?? null,
      closeTime: o.closedAt?.toISOString() ?? null,
    };
  }

  async view(o: OrderRow, me: bigint) {
    const [merchant] = await this.ctx.db.select().from(otcMerchants).where(eq(otcMerchants.id, o.merchantId));
    const appealAt = o.paidAt === null ? null : o.paidAt.getTime() + this.ctx.settings.appealWaitMs;
    return {
      ...this.baseView(o),
      merchantName: merchant?.nickname ?? '',
      myRole: o.buyerId === me ? 'buyer' : 'seller',
      isMerchantSide: o.merchantUserId === me,
      payment: JSON.parse(o.payment) as unknown,
      proof: o.proof,
      chatKey: o.chatKey,
      appealFrom: appealAt,
      now: this.ctx.clock.now().getTime(),
    };
  }

  /** Merchant statistics for /merchant/index. */
  async stats(merchantUserId: bigint) {
    const rows = await this.ctx.db
      .select({ status: otcOrders.status, n: sql<number>`count(*)::int` })
      .from(otcOrders)
      .where(eq(otcOrders.merchantUserId, merchantUserId))
      .groupBy(otcOrders.status);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
    const done = by.released ?? 0;
    const all = rows.reduce((s, r) => s + r.n, 0);
    return {
      orders: all,
      released: done,
      cancelled: by.cancelled ?? 0,
      open: (by.waiting ?? 0) + (by.paid ?? 0) + (by.appeal ?? 0),
      completionRate: all === 0 ? '0' : String(Math.round((done * 10_000) / all) / 100),
    };
  }
}
