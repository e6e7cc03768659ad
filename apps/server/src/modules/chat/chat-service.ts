// The one chat service (issue 14; reused by the OTC order chat of issue 15). A thread is keyed by a random
// chatKey (also its MQTT topic coin/chat/{chatKey}), has a kind ('support', 'otc' ...), participants
// (users, visitors, operators) with read marks, and messages: text ('1'), image links ('2') and system
// messages (blade_user_id '-1', stored as a message key and rendered in the reader's language). A kind
// registers its policy (which operator roles may read every thread, what a message does to the thread's
// state); everything else (ownership checks, the text rules of spec section 5, paging by 15, image
// checks, read marks, pushes after commit) is the same for every kind. docs/chat.md is its interface.
import { randomBytes } from 'node:crypto';
import {
  CHAT_CONTENT_IMAGE,
  CHAT_IMAGE_NAME_PATTERN,
  CHAT_IMAGE_PREFIX,
  CHAT_SYSTEM_SENDER,
  type ChatMessage,
  type ChatPage,
  chatTextProblem,
  type SendChatBody,
} from '@coin/shared/chat';
import type { Language } from '@coin/shared/languages';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { chatImages, chatMessages, chatParticipants, chatThreads, users } from '@/db/schema';
import type { MessageKey } from '@/i18n/locales/en';
import { hasMessage, t } from '@/i18n/translate';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import {
  type ChatEvent,
  type ChatKindPolicy,
  type ChatPrincipal,
  type MessageRow,
  senderId,
  type ThreadRow,
} from './chat-types';

export const newChatKey = () => randomBytes(16).toString('hex');

const PREVIEW_MAX = 120;

export interface CreateThreadInput {
  kind: string;
  state: string;
  ref?: string | null;
  ownerUserId?: bigint | null;
  ownerVisitorId?: bigint | null;
  lang?: Language;
  participants: Array<{ principal: Pick<ChatPrincipal, 'type' | 'id'>; role: string }>;
}

export class ChatService {
  private readonly kinds = new Map<string, ChatKindPolicy>();
  private readonly listeners = new Set<(event: ChatEvent) => void>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  registerKind(kind: string, policy: ChatKindPolicy): void {
    this.kinds.set(kind, policy);
  }

  /** Called after each committed message (pushes). Returns an unsubscribe function. */
  onMessage(listener: (event: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The registered policy of a kind (undefined when none is registered). */
  kindPolicy(kind: string): ChatKindPolicy | undefined {
    return this.kinds.get(kind);
  }

  private policy(kind: string): ChatKindPolicy {
    const policy = this.kinds.get(kind);
    if (!policy) throw new Error(`chat kind ${kind} is not registered`);
    return policy;
  }

  // ------------------------------------------------------------------ threads

  async createThread(input: CreateThreadInput, db: Executor = this.db): Promise<ThreadRow> {
    this.policy(input.kind);
    const now = this.clock.now();
    return db.transaction(async (tx) => {
      const [thread] = await tx
        .insert(chatThreads)
        .values({
          chatKey: newChatKey(),
          kind: input.kind,
          state: input.state,
          ref: input.ref ?? null,
          ownerUserId: input.ownerUserId ?? null,
          ownerVisitorId: input.ownerVisitorId ?? null,
          lang: input.lang ?? 'en',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!thread) throw new AppError('INTERNAL_ERROR');
      for (const p of input.participants) await this.addParticipant(thread.id, p.principal, p.role, tx);
      return thread;
    });
  }

  async addParticipant(
    threadId: bigint,
    principal: Pick<ChatPrincipal, 'type' | 'id'>,
    role: string,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .insert(chatParticipants)
      .values({
        threadId,
        principalType: principal.type,
        principalId: principal.id,
        role,
        joinedAt: this.clock.now(),
      })
      .onConflictDoNothing();
  }

  async threadByKey(chatKey: string, db: Executor = this.db): Promise<ThreadRow | undefined> {
    const [row] = await db.select().from(chatThreads).where(eq(chatThreads.chatKey, chatKey));
    return row;
  }

  async participants(threadId: bigint, db: Executor = this.db) {
    return db.select().from(chatParticipants).where(eq(chatParticipants.threadId, threadId));
  }

  /** May `principal` read and write `thread`? Participants may; operators of the kind's roles may too. */
  async mayAccess(thread: ThreadRow, principal: ChatPrincipal, db: Executor = this.db): Promise<boolean> {
    if (principal.type === 'operator' && this.policy(thread.kind).operatorRoles.includes(principal.role))
      return true;
    const [row] = await db
      .select({ threadId: chatParticipants.threadId })
      .from(chatParticipants)
      .where(
        and(
          eq(chatParticipants.threadId, thread.id),
          eq(chatParticipants.principalType, principal.type),
          eq(chatParticipants.principalId, principal.id),
        ),
      );
    return row !== undefined;
  }

  /** The thread behind a chatKey for this reader; unknown and foreign threads are the same CHAT_NOT_FOUND. */
  async threadFor(chatKey: string, principal: ChatPrincipal, db: Executor = this.db): Promise<ThreadRow> {
    const thread = await this.threadByKey(chatKey, db);
    if (!thread || !(await this.mayAccess(thread, principal, db))) throw new AppError('CHAT_NOT_FOUND');
    return thread;
  }

  /** chatKeys of every thread a user takes part in (MQTT subscribe ACL for coin/chat/{chatKey}). */
  async chatKeysOf(userId: bigint): Promise<string[]> {
    const rows = await this.db
      .select({ chatKey: chatThreads.chatKey })
      .from(chatParticipants)
      .innerJoin(chatThreads, eq(chatThreads.id, chatParticipants.threadId))
      .where(and(eq(chatParticipants.principalType, 'user'), eq(chatParticipants.principalId, userId)));
    return rows.map((r) => r.chatKey);
  }

  // ------------------------------------------------------------------ messages

  /** Spec `{api}/buy/sendChatRecord`: checks the text rules or the image, stores, runs the kind's hook. */
  async send(principal: ChatPrincipal, body: SendChatBody, lang: Language): Promise<ChatMessage> {
    const { thread, message, participants } = await this.db.transaction(async (tx) => {
      const found = await this.threadByKey(body.chatId, tx);
      if (!found || !(await this.mayAccess(found, principal, tx))) throw new AppError('CHAT_NOT_FOUND');
      // One writer per thread at a time: state changes of the kind stay ordered with the messages.
      const [locked] = await tx.select().from(chatThreads).where(eq(chatThreads.id, found.id)).for('update');
      if (!locked) throw new AppError('CHAT_NOT_FOUND');
      const policy = this.policy(locked.kind);
      policy.beforeSend?.(locked, principal);
      let content: string;
      if (body.contentType === CHAT_CONTENT_IMAGE) {
        content = await this.checkImage(tx, locked, principal, body.content);
      } else {
        const problem = chatTextProblem(body.content);
        // Spec section 5's own words ("text cannot be empty") are the message, not a field label.
        if (problem === 'empty') throw new AppError('CHAT_TEXT_EMPTY');
        if (problem === 'tooLong') throw new AppError('CHAT_TEXT_TOO_LONG');
        content = body.content;
      }
      const stored = await this.insertMessage(
        tx,
        locked,
        principal,
        body.contentType === CHAT_CONTENT_IMAGE ? 2 : 1,
        content,
      );
      if (principal.type !== 'operator' && locked.lang !== lang) {
        await tx.update(chatThreads).set({ lang }).where(eq(chatThreads.id, locked.id));
      }
      await this.markRead(locked.id, principal, stored.id, tx);
      const current = { ...locked, lang: principal.type !== 'operator' ? lang : locked.lang };
      await policy.afterMessage?.({ tx, thread: current, message: stored, sender: principal });
      const [after] = await tx.select().from(chatThreads).where(eq(chatThreads.id, locked.id));
      return {
        thread: after ?? current,
        message: stored,
        participants: await this.participants(locked.id, tx),
      };
    });
    this.emit({ thread, message, participants });
    return (await this.toWire([message], thread, lang))[0] as ChatMessage;
  }

  /** A system message (blade_user_id '-1'): `key` is a server message key, rendered per reader. */
  async system(thread: ThreadRow, key: MessageKey, db: Executor = this.db): Promise<MessageRow> {
    return this.insertMessage(db, thread, null, 1, key);
  }

  /** Pushes a message stored by `system` inside a caller's transaction, once that has committed. */
  async announce(thread: ThreadRow, message: MessageRow): Promise<void> {
    const [fresh] = await this.db.select().from(chatThreads).where(eq(chatThreads.id, thread.id));
    this.emit({ thread: fresh ?? thread, message, participants: await this.participants(thread.id) });
  }

  private async insertMessage(
    tx: Executor,
    thread: ThreadRow,
    sender: ChatPrincipal | null,
    contentType: 1 | 2,
    content: string,
  ): Promise<MessageRow> {
    const now = this.clock.now();
    const [row] = await tx
      .insert(chatMessages)
      .values({
        threadId: thread.id,
        senderType: sender?.type ?? 'system',
        senderId: sender?.id ?? null,
        contentType,
        content,
        createdAt: now,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR');
    const preview =
      sender === null
        ? ''
        : contentType === 2
          ? '[image]'
          : content.replace(/\s+/g, ' ').slice(0, PREVIEW_MAX);
    await tx
      .update(chatThreads)
      .set({
        lastMessageAt: now,
        updatedAt: now,
        ...(sender === null ? {} : { lastMessagePreview: preview }),
      })
      .where(eq(chatThreads.id, thread.id));
    return row;
  }

  /** An image message carries a chat image uploaded to this thread by the sender. */
  private async checkImage(
    tx: Executor,
    thread: ThreadRow,
    sender: ChatPrincipal,
    link: string,
  ): Promise<string> {
    const name = link.startsWith(CHAT_IMAGE_PREFIX) ? link.slice(CHAT_IMAGE_PREFIX.length) : '';
    const invalid = () =>
      new AppError('CHAT_IMAGE_INVALID', [{ field: 'content', key: 'validation.invalid' }]);
    if (!CHAT_IMAGE_NAME_PATTERN.test(name)) throw invalid();
    const [image] = await tx.select().from(chatImages).where(eq(chatImages.name, name));
    if (
      !image ||
      image.threadId !== thread.id ||
      image.uploaderType !== sender.type ||
      image.uploaderId !== sender.id
    ) {
      throw invalid();
    }
    return `${CHAT_IMAGE_PREFIX}${name}`;
  }

  /**
   * Spec `{api}/buy/getChatRecord/{chatKey}`: page `current` of `size` (15), newest page first, records
   * oldest first within the page; `hasMore` when the page is full. Reading page 1 marks the thread read.
   */
  async history(
    principal: ChatPrincipal,
    chatKey: string,
    page: { current: number; size: number },
    lang: Language,
  ): Promise<ChatPage & { chatKey: string; state: string; me: string }> {
    const thread = await this.threadFor(chatKey, principal);
    return {
      ...(await this.page(thread, page, lang, principal)),
      chatKey,
      state: thread.state,
      me: senderId(principal),
    };
  }

  async page(
    thread: ThreadRow,
    page: { current: number; size: number },
    lang: Language,
    reader?: ChatPrincipal,
  ): Promise<ChatPage> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.threadId, thread.id))
        .orderBy(desc(chatMessages.id))
        .limit(page.size)
        .offset((page.current - 1) * page.size),
      this.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.threadId, thread.id)),
    ]);
    const newest = rows[0];
    if (reader && page.current === 1 && newest) await this.markRead(thread.id, reader, newest.id);
    return {
      records: await this.toWire([...rows].reverse(), thread, lang),
      total: total?.n ?? 0,
      current: page.current,
      size: page.size,
      hasMore: rows.length === page.size,
    };
  }

  /** Messages after `afterId` (a client catching up after a reconnect), oldest first, at most 200. */
  async since(thread: ThreadRow, afterId: bigint, lang: Language): Promise<ChatMessage[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, thread.id), gt(chatMessages.id, afterId)))
      .orderBy(asc(chatMessages.id))
      .limit(200);
    return this.toWire(rows, thread, lang);
  }

  async markRead(
    threadId: bigint,
    principal: Pick<ChatPrincipal, 'type' | 'id'>,
    upTo: bigint,
    db: Executor = this.db,
  ) {
    await db
      .update(chatParticipants)
      .set({ lastReadId: upTo })
      .where(
        and(
          eq(chatParticipants.threadId, threadId),
          eq(chatParticipants.principalType, principal.type),
          eq(chatParticipants.principalId, principal.id),
          lt(chatParticipants.lastReadId, upTo),
        ),
      );
  }

  /** Messages the participant has not read, not counting their own. */
  async unread(thread: ThreadRow, principal: Pick<ChatPrincipal, 'type' | 'id'>): Promise<number> {
    const [me] = await this.db
      .select({ lastReadId: chatParticipants.lastReadId })
      .from(chatParticipants)
      .where(
        and(
          eq(chatParticipants.threadId, thread.id),
          eq(chatParticipants.principalType, principal.type),
          eq(chatParticipants.principalId, principal.id),
        ),
      );
    const [row] = await this.db
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.threadId, thread.id),
          gt(chatMessages.id, me?.lastReadId ?? 0n),
          sql`not (${chatMessages.senderType} = ${principal.type} and ${chatMessages.senderId} = ${principal.id})`,
        ),
      );
    return row?.n ?? 0;
  }

  /** Wire messages: spec field names, system texts in `lang`, sender display names. */
  async toWire(rows: readonly MessageRow[], thread: ThreadRow, lang: Language): Promise<ChatMessage[]> {
    const userIds = [
      ...new Set(
        rows.filter((r) => r.senderType === 'user' && r.senderId !== null).map((r) => r.senderId as bigint),
      ),
    ];
    const names = new Map<bigint, string>();
    if (userIds.length > 0) {
      for (const u of await this.db
        .select({ id: users.id, account: users.account })
        .from(users)
        .where(inArray(users.id, userIds))) {
        names.set(u.id, u.account);
      }
    }
    return rows.map((r) => {
      const system = r.senderType === 'system';
      const content = system && hasMessage(r.content) ? t(lang, r.content) : r.content;
      const sender = system
        ? CHAT_SYSTEM_SENDER
        : senderId({ type: r.senderType as ChatPrincipal['type'], id: r.senderId ?? 0n });
      const name =
        r.senderType === 'user'
          ? (names.get(r.senderId ?? 0n) ?? '')
          : r.senderType === 'visitor'
            ? t(lang, 'chat.visitorName')
            : r.senderType === 'operator'
              ? t(lang, 'chat.supportName')
              : '';
      return {
        id: r.id.toString(),
        chat_id: thread.chatKey,
        blade_user_id: sender,
        sender_type: r.senderType as ChatMessage['sender_type'],
        sender_name: name,
        content,
        content_type: r.contentType === 2 ? '2' : '1',
        create_time: r.createdAt.toISOString(),
      };
    });
  }

  private emit(event: ChatEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A push failure never undoes a stored message.
      }
    }
  }

  /** Unread counts per thread for one principal (inbox badges). */
  async unreadByThread(threadIds: bigint[], readerType: string): Promise<Map<bigint, number>> {
    if (threadIds.length === 0) return new Map();
    const rows = await this.db
      .select({ threadId: chatMessages.threadId, n: count() })
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.threadId, threadIds),
          ne(chatMessages.senderType, readerType),
          ne(chatMessages.senderType, 'system'),
          sql`${chatMessages.id} > coalesce((select max(${chatParticipants.lastReadId}) from ${chatParticipants} where ${chatParticipants.threadId} = ${chatMessages.threadId} and ${chatParticipants.principalType} = ${readerType}), 0)`,
        ),
      )
      .groupBy(chatMessages.threadId);
    return new Map(rows.map((r) => [r.threadId, r.n]));
  }
}
