// Customer service on top of the chat service: one 'support' thread per user (or per visitor until they
// sign in), its inbox states (new: nobody has answered yet; open: an agent took it and the customer
// spoke last; waiting: an agent answered, the customer's turn; closed), assignment, canned answers per
// language, the customer's basic account context, and the join of a visitor's thread into the account
// on login. Operator actions are audited.
import type { Language } from '@coin/shared/languages';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import {
  chatImages,
  chatMessages,
  chatParticipants,
  chatThreads,
  operators,
  supportCannedAnswers,
  users,
} from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { contactView, likePattern } from '@/modules/admin/console-users';
import type { OperatorRole } from '@/modules/admin/operator-roles';
import type { ChatService } from './chat-service';
import type { ChatPrincipal, MessageRow, ThreadRow } from './chat-types';
import type { VisitorService } from './visitor-service';

export const SUPPORT_KIND = 'support';
export const SUPPORT_STATES = ['new', 'open', 'waiting', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];
export const SUPPORT_ROLES: readonly OperatorRole[] = ['support', 'admin'];

export interface InboxRow {
  chatKey: string;
  state: SupportState;
  lang: string;
  owner: { type: 'user' | 'visitor'; userId: string | null; account: string | null };
  assignee: { id: string; username: string } | null;
  lastMessageAt: string | null;
  lastMessagePreview: string;
  unread: number;
  createTime: string;
}

export interface CannedAnswer {
  id: string;
  lang: string;
  title: string;
  body: string;
  sort: number;
  updatedAt: string;
}

/** Support state after a message (pure; the service applies it). */
export function stateAfterMessage(
  state: string,
  sender: ChatPrincipal['type'],
  assigned: boolean,
): SupportState {
  if (sender === 'operator') return 'waiting';
  if (state === 'closed') return assigned ? 'open' : 'new';
  if (state === 'waiting') return 'open';
  return state === 'open' ? 'open' : 'new';
}

export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chat: ChatService,
    private readonly visitors: VisitorService,
  ) {
    chat.registerKind(SUPPORT_KIND, {
      operatorRoles: SUPPORT_ROLES,
      afterMessage: async ({ tx, thread, message, sender }) => {
        if (!sender) return;
        const next = stateAfterMessage(thread.state, sender.type, thread.assigneeId !== null);
        const assign = sender.type === 'operator' && thread.assigneeId === null;
        if (sender.type === 'operator') await this.chat.addParticipant(thread.id, sender, 'agent', tx);
        if (next !== thread.state || assign) {
          await tx
            .update(chatThreads)
            .set({ state: next, ...(assign ? { assigneeId: sender.id } : {}) })
            .where(eq(chatThreads.id, thread.id));
        }
        void message;
      },
    });
  }

  /** The caller's support thread (created on first use). */
  async threadOf(principal: ChatPrincipal, lang: Language): Promise<ThreadRow> {
    if (principal.type === 'operator') throw new AppError('FORBIDDEN');
    const where =
      principal.type === 'user'
        ? eq(chatThreads.ownerUserId, principal.id)
        : and(eq(chatThreads.ownerVisitorId, principal.id), isNull(chatThreads.ownerUserId));
    const find = async (db: Executor) =>
      (
        await db
          .select()
          .from(chatThreads)
          .where(and(eq(chatThreads.kind, SUPPORT_KIND), where))
      )[0];
    const existing = await find(this.db);
    if (existing) return existing;
    return this.db.transaction(async (tx) => {
      // Two first calls at once (two tabs) make one thread.
      await tx.execute(sql`select pg_advisory_xact_lock(7305016, ${Number(principal.id % 2_000_000_000n)})`);
      const again = await find(tx);
      if (again) return again;
      return this.chat.createThread(
        {
          kind: SUPPORT_KIND,
          state: 'new',
          ownerUserId: principal.type === 'user' ? principal.id : null,
          ownerVisitorId: principal.type === 'visitor' ? principal.id : null,
          lang,
          participants: [{ principal, role: 'owner' }],
        },
        tx,
      );
    });
  }

  /**
   * A visitor's conversation joins the account that just signed in: the visitor thread becomes the
   * user's (or its messages move into the user's existing thread), the visitor's messages become the
   * user's, a system message says so, and the visitor token dies. Returns the user's thread.
   */
  async join(
    userId: bigint,
    visitorToken: string,
    lang: Language,
  ): Promise<{ thread: ThreadRow; message: MessageRow | null }> {
    const result = await this.db.transaction(async (tx) => {
      const visitorId = await this.visitors.resolve(visitorToken, tx);
      if (!(await this.visitors.markJoined(visitorId, userId, tx)))
        throw new AppError('CHAT_VISITOR_INVALID');
      const [visitorThread] = await tx
        .select()
        .from(chatThreads)
        .where(
          and(
            eq(chatThreads.kind, SUPPORT_KIND),
            eq(chatThreads.ownerVisitorId, visitorId),
            isNull(chatThreads.ownerUserId),
          ),
        )
        .for('update');
      const [userThread] = await tx
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.kind, SUPPORT_KIND), eq(chatThreads.ownerUserId, userId)))
        .for('update');
      const asUser = async (threadId: bigint) => {
        await tx
          .update(chatMessages)
          .set({ senderType: 'user', senderId: userId })
          .where(
            and(
              eq(chatMessages.threadId, threadId),
              eq(chatMessages.senderType, 'visitor'),
              eq(chatMessages.senderId, visitorId),
            ),
          );
        await tx
          .update(chatImages)
          .set({ uploaderType: 'user', uploaderId: userId })
          .where(
            and(
              eq(chatImages.threadId, threadId),
              eq(chatImages.uploaderType, 'visitor'),
              eq(chatImages.uploaderId, visitorId),
            ),
          );
      };
      if (!visitorThread) {
        const thread = userThread ?? (await this.threadOfIn(tx, userId, lang));
        return { thread, message: null };
      }
      const [visitorMessages] = await tx
        .select({ n: count() })
        .from(chatMessages)
        .where(eq(chatMessages.threadId, visitorThread.id));
      let target: ThreadRow;
      if (!userThread) {
        await tx
          .update(chatThreads)
          .set({ ownerUserId: userId, updatedAt: this.clock.now() })
          .where(eq(chatThreads.id, visitorThread.id));
        await tx
          .delete(chatParticipants)
          .where(
            and(
              eq(chatParticipants.threadId, visitorThread.id),
              eq(chatParticipants.principalType, 'visitor'),
              eq(chatParticipants.principalId, visitorId),
            ),
          );
        await this.chat.addParticipant(visitorThread.id, { type: 'user', id: userId }, 'owner', tx);
        await asUser(visitorThread.id);
        target = { ...visitorThread, ownerUserId: userId };
      } else {
        await tx
          .update(chatMessages)
          .set({ threadId: userThread.id })
          .where(eq(chatMessages.threadId, visitorThread.id));
        await tx
          .update(chatImages)
          .set({ threadId: userThread.id })
          .where(eq(chatImages.threadId, visitorThread.id));
        await asUser(userThread.id);
        // Agents of the visitor thread keep following the conversation.
        const agents = await tx
          .select()
          .from(chatParticipants)
          .where(
            and(
              eq(chatParticipants.threadId, visitorThread.id),
              eq(chatParticipants.principalType, 'operator'),
            ),
          );
        for (const a of agents)
          await this.chat.addParticipant(userThread.id, { type: 'operator', id: a.principalId }, a.role, tx);
        await tx.delete(chatThreads).where(eq(chatThreads.id, visitorThread.id));
        const reopened =
          userThread.state === 'closed'
            ? userThread.assigneeId === null
              ? 'new'
              : 'open'
            : userThread.state;
        await tx.update(chatThreads).set({ state: reopened }).where(eq(chatThreads.id, userThread.id));
        target = { ...userThread, state: reopened };
      }
      const message =
        (visitorMessages?.n ?? 0) > 0 ? await this.chat.system(target, 'chat.system.joined', tx) : null;
      const [fresh] = await tx.select().from(chatThreads).where(eq(chatThreads.id, target.id));
      return { thread: fresh ?? target, message };
    });
    if (result.message) await this.chat.announce(result.thread, result.message);
    return result;
  }

  private async threadOfIn(tx: Executor, userId: bigint, lang: Language): Promise<ThreadRow> {
    return this.chat.createThread(
      {
        kind: SUPPORT_KIND,
        state: 'new',
        ownerUserId: userId,
        lang,
        participants: [{ principal: { type: 'user', id: userId }, role: 'owner' }],
      },
      tx,
    );
  }

  // ------------------------------------------------------------------ inbox (operators)

  async counts(): Promise<Record<SupportState, number>> {
    const rows = await this.db
      .select({ state: chatThreads.state, n: count() })
      .from(chatThreads)
      .where(and(eq(chatThreads.kind, SUPPORT_KIND), isNotNull(chatThreads.lastMessageAt)))
      .groupBy(chatThreads.state);
    const out: Record<SupportState, number> = { new: 0, open: 0, waiting: 0, closed: 0 };
    for (const r of rows) if (r.state in out) out[r.state as SupportState] = r.n;
    return out;
  }

  async inbox(
    operatorId: bigint,
    q: {
      state?: SupportState;
      assignee?: 'me' | 'none' | 'any';
      keyword?: string;
      current: number;
      size: number;
    },
  ) {
    const where: SQL[] = [eq(chatThreads.kind, SUPPORT_KIND), isNotNull(chatThreads.lastMessageAt)];
    if (q.state) where.push(eq(chatThreads.state, q.state));
    if (q.assignee === 'me') where.push(eq(chatThreads.assigneeId, operatorId));
    if (q.assignee === 'none') where.push(isNull(chatThreads.assigneeId));
    if (q.keyword) {
      const pattern = likePattern(q.keyword);
      where.push(
        or(
          sql`${chatThreads.lastMessagePreview} ilike ${pattern}`,
          sql`exists (select 1 from ${users} where ${users.id} = ${chatThreads.ownerUserId} and (${users.account} ilike ${pattern} or ${users.email} ilike ${pattern}))`,
        ) as SQL,
      );
    }
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(chatThreads)
        .where(and(...where))
        .orderBy(desc(chatThreads.lastMessageAt), desc(chatThreads.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.db
        .select({ n: count() })
        .from(chatThreads)
        .where(and(...where)),
    ]);
    return { records: await this.inboxRows(rows), total: total?.n ?? 0, current: q.current, size: q.size };
  }

  async inboxRows(rows: ThreadRow[]): Promise<InboxRow[]> {
    const userIds = [...new Set(rows.map((r) => r.ownerUserId).filter((id): id is bigint => id !== null))];
    const opIds = [...new Set(rows.map((r) => r.assigneeId).filter((id): id is bigint => id !== null))];
    const [accounts, ops, unread] = await Promise.all([
      userIds.length
        ? this.db
            .select({ id: users.id, account: users.account })
            .from(users)
            .where(inArray(users.id, userIds))
        : [],
      opIds.length
        ? this.db
            .select({ id: operators.id, username: operators.username })
            .from(operators)
            .where(inArray(operators.id, opIds))
        : [],
      this.chat.unreadByThread(
        rows.map((r) => r.id),
        'operator',
      ),
    ]);
    return rows.map((r) => {
      const op = ops.find((o) => o.id === r.assigneeId);
      return {
        chatKey: r.chatKey,
        state: r.state as SupportState,
        lang: r.lang,
        owner: {
          type: r.ownerUserId !== null ? 'user' : 'visitor',
          userId: r.ownerUserId?.toString() ?? null,
          account: accounts.find((a) => a.id === r.ownerUserId)?.account ?? null,
        },
        assignee: op ? { id: op.id.toString(), username: op.username } : null,
        lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
        lastMessagePreview: r.lastMessagePreview,
        unread: unread.get(r.id) ?? 0,
        createTime: r.createdAt.toISOString(),
      };
    });
  }

  async supportThread(chatKey: string): Promise<ThreadRow> {
    const thread = await this.chat.threadByKey(chatKey);
    if (!thread || thread.kind !== SUPPORT_KIND) throw new AppError('CHAT_NOT_FOUND');
    return thread;
  }

  /** The thread for the inbox with the customer's basic account context (contacts masked for non-admins). */
  async detail(chatKey: string, role: OperatorRole) {
    const thread = await this.supportThread(chatKey);
    const [row] = await this.inboxRows([thread]);
    let customer: Record<string, unknown> | null = null;
    if (thread.ownerUserId !== null) {
      const [u] = await this.db.select().from(users).where(eq(users.id, thread.ownerUserId));
      if (u) {
        customer = {
          id: u.id.toString(),
          account: u.account,
          ...contactView(role, u.email, u.phone),
          isMerchant: u.isMerchant,
          grade: u.grade,
          tier: u.tier,
          status: u.status,
          createTime: u.createdAt.toISOString(),
        };
      }
    }
    return { ...row, customer };
  }

  private async audit(tx: Executor, operatorId: bigint, action: string, payload: Record<string, unknown>) {
    await appendAudit(
      tx,
      { actorType: 'operator', actorId: operatorId.toString(), action, payload },
      this.clock.now(),
    );
  }

  async assign(operatorId: bigint, chatKey: string, assigneeId: bigint): Promise<ThreadRow> {
    const result = await this.db.transaction(async (tx) => {
      const [thread] = await tx
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.chatKey, chatKey), eq(chatThreads.kind, SUPPORT_KIND)))
        .for('update');
      if (!thread) throw new AppError('CHAT_NOT_FOUND');
      const [op] = await tx.select().from(operators).where(eq(operators.id, assigneeId));
      if (!op || op.disabled || !(SUPPORT_ROLES as readonly string[]).includes(op.role)) {
        throw new AppError('SUPPORT_ASSIGNEE_INVALID', [{ field: 'operatorId', key: 'validation.invalid' }]);
      }
      const first = thread.assigneeId === null;
      const state = thread.state === 'new' ? 'open' : thread.state;
      await tx
        .update(chatThreads)
        .set({ assigneeId, state, updatedAt: this.clock.now() })
        .where(eq(chatThreads.id, thread.id));
      await this.chat.addParticipant(thread.id, { type: 'operator', id: assigneeId }, 'agent', tx);
      const message = first ? await this.chat.system(thread, 'chat.system.assigned', tx) : null;
      await this.audit(tx, operatorId, 'support.assign', {
        chatKey,
        assigneeId: assigneeId.toString(),
        from: thread.assigneeId?.toString() ?? null,
      });
      return { thread: { ...thread, assigneeId, state }, message };
    });
    if (result.message) await this.chat.announce(result.thread, result.message);
    return result.thread;
  }

  async setClosed(operatorId: bigint, chatKey: string, closed: boolean): Promise<ThreadRow> {
    const result = await this.db.transaction(async (tx) => {
      const [thread] = await tx
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.chatKey, chatKey), eq(chatThreads.kind, SUPPORT_KIND)))
        .for('update');
      if (!thread) throw new AppError('CHAT_NOT_FOUND');
      const state = closed ? 'closed' : thread.assigneeId === null ? 'new' : 'open';
      if (state === thread.state) return { thread, message: null };
      await tx
        .update(chatThreads)
        .set({ state, updatedAt: this.clock.now() })
        .where(eq(chatThreads.id, thread.id));
      const message = await this.chat.system(
        thread,
        closed ? 'chat.system.closed' : 'chat.system.reopened',
        tx,
      );
      await this.audit(tx, operatorId, closed ? 'support.close' : 'support.reopen', { chatKey });
      return { thread: { ...thread, state }, message };
    });
    if (result.message) await this.chat.announce(result.thread, result.message);
    return result.thread;
  }

  /** Operators who may take support conversations. */
  async agents() {
    const rows = await this.db
      .select({ id: operators.id, username: operators.username, role: operators.role })
      .from(operators)
      .where(and(inArray(operators.role, [...SUPPORT_ROLES]), eq(operators.disabled, false)))
      .orderBy(asc(operators.username));
    return rows.map((r) => ({ id: r.id.toString(), username: r.username, role: r.role }));
  }

  // ------------------------------------------------------------------ canned answers

  private canned(r: typeof supportCannedAnswers.$inferSelect): CannedAnswer {
    return {
      id: r.id.toString(),
      lang: r.lang,
      title: r.title,
      body: r.body,
      sort: r.sort,
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async cannedList(lang?: string): Promise<CannedAnswer[]> {
    const rows = await this.db
      .select()
      .from(supportCannedAnswers)
      .where(lang ? eq(supportCannedAnswers.lang, lang) : undefined)
      .orderBy(asc(supportCannedAnswers.lang), asc(supportCannedAnswers.sort), asc(supportCannedAnswers.id));
    return rows.map((r) => this.canned(r));
  }

  async cannedSave(
    operatorId: bigint,
    id: bigint | null,
    body: { lang: string; title: string; body: string; sort: number },
  ): Promise<CannedAnswer> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      let row: typeof supportCannedAnswers.$inferSelect | undefined;
      if (id === null) {
        [row] = await tx
          .insert(supportCannedAnswers)
          .values({ ...body, createdBy: operatorId, createdAt: now, updatedAt: now })
          .returning();
      } else {
        [row] = await tx
          .update(supportCannedAnswers)
          .set({ ...body, updatedAt: now })
          .where(eq(supportCannedAnswers.id, id))
          .returning();
      }
      if (!row) throw new AppError('SUPPORT_CANNED_NOT_FOUND');
      await this.audit(tx, operatorId, id === null ? 'support.canned.create' : 'support.canned.update', {
        id: row.id.toString(),
        lang: row.lang,
        title: row.title,
      });
      return this.canned(row);
    });
  }

  async cannedDelete(operatorId: bigint, id: bigint): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(supportCannedAnswers).where(eq(supportCannedAnswers.id, id)).returning();
      if (!row) throw new AppError('SUPPORT_CANNED_NOT_FOUND');
      await this.audit(tx, operatorId, 'support.canned.delete', {
        id: id.toString(),
        lang: row.lang,
        title: row.title,
      });
    });
  }
}
