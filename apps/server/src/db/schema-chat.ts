// The chat service's tables (issue 14, reused by OTC order chat): threads keyed by a random chatKey,
// their participants (users, visitors, operators) with read marks, messages, images, visitor sessions,
// and the support inbox's canned answers.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chatThreads = pgTable(
  'chat_threads',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chatKey: text('chat_key').notNull(),
    /** 'support' | 'otc' (and later kinds) */
    kind: text('kind').notNull(),
    /** support: 'new' | 'open' | 'waiting' | 'closed'; other kinds define their own. */
    state: text('state').notNull(),
    /** What the thread is about in its kind, e.g. an OTC order code. */
    ref: text('ref'),
    ownerUserId: bigint('owner_user_id', { mode: 'bigint' }),
    ownerVisitorId: bigint('owner_visitor_id', { mode: 'bigint' }),
    assigneeId: bigint('assignee_id', { mode: 'bigint' }),
    /** The language the owner chatted in last (canned answers are offered in it). */
    lang: text('lang').notNull().default('en'),
    lastMessageAt: ts('last_message_at'),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_threads_key_uq').on(t.chatKey),
    index('chat_threads_inbox_idx').on(t.kind, t.state, t.lastMessageAt),
    uniqueIndex('chat_threads_support_user_uq')
      .on(t.ownerUserId)
      .where(sql`${t.kind} = 'support' and ${t.ownerUserId} is not null`),
    uniqueIndex('chat_threads_support_visitor_uq')
      .on(t.ownerVisitorId)
      .where(sql`${t.kind} = 'support' and ${t.ownerVisitorId} is not null and ${t.ownerUserId} is null`),
    uniqueIndex('chat_threads_ref_uq').on(t.kind, t.ref),
  ],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    threadId: bigint('thread_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    /** 'user' | 'visitor' | 'operator' */
    principalType: text('principal_type').notNull(),
    principalId: bigint('principal_id', { mode: 'bigint' }).notNull(),
    /** The participant's part in the thread's kind: 'owner', 'agent', 'buyer', 'seller' ... */
    role: text('role').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'bigint' }).notNull().default(sql`0`),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.principalType, t.principalId] }),
    index('chat_participants_principal_idx').on(t.principalType, t.principalId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    threadId: bigint('thread_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    /** 'user' | 'visitor' | 'operator' | 'system' */
    senderType: text('sender_type').notNull(),
    senderId: bigint('sender_id', { mode: 'bigint' }),
    /** 1 text, 2 image link */
    contentType: smallint('content_type').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.threadId, t.id)],
);

/** Images sent in a thread: checked by magic bytes, stored under random names, shown to its participants. */
export const chatImages = pgTable(
  'chat_images',
  {
    name: text('name').primaryKey(),
    threadId: bigint('thread_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    uploaderType: text('uploader_type').notNull(),
    uploaderId: bigint('uploader_id', { mode: 'bigint' }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('chat_images_thread_idx').on(t.threadId)],
);

/** A visitor's chat session: the token is stored only as its SHA-256; joined once its owner signs in. */
export const chatVisitors = pgTable(
  'chat_visitors',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    joinedUserId: bigint('joined_user_id', { mode: 'bigint' }),
    joinedAt: ts('joined_at'),
  },
  (t) => [uniqueIndex('chat_visitors_token_uq').on(t.tokenHash)],
);

/** Prepared answers of the support inbox, per language. */
export const supportCannedAnswers = pgTable(
  'support_canned_answers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sort: integer('sort').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('support_canned_lang_idx').on(t.lang, t.sort)],
);
