// The chat service's wire rules, shared by the server, the web client's support chat and the OTC order
// chat (spec sections 3, 5 and 9): text at most 400 characters with a non-whitespace character, history
// pages of 15 ("more" is offered when a page is full), messages classed own, other or system.
import { z } from 'zod';

/** Spec section 9: chat text max. Counted in UTF-16 code units, as the text area's counter counts. */
export const CHAT_TEXT_MAX = 400;
/** Spec section 9: history page size. */
export const CHAT_PAGE_SIZE = 15;
/** The largest page a client may ask for. */
export const CHAT_PAGE_MAX = 50;
/** blade_user_id of system messages (spec section 3). */
export const CHAT_SYSTEM_SENDER = '-1';
/** content_type values (spec section 3): '1' text, '2' image URL. */
export const CHAT_CONTENT_TEXT = '1';
export const CHAT_CONTENT_IMAGE = '2';
/** chatKey: 32 lower-case hex characters (random, unguessable; also the MQTT topic coin/chat/{chatKey}). */
export const CHAT_KEY_PATTERN = /^[a-f0-9]{32}$/;
/** Where chat images are served; a message of type '2' carries such a link. */
export const CHAT_IMAGE_PREFIX = '/api/mjkj-web/coin/buy/chatImage/';
export const CHAT_IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export type ChatTextProblem = 'empty' | 'tooLong';

/** Spec section 5: "text cannot be empty" for whitespace only; at most 400 characters. */
export function chatTextProblem(text: string): ChatTextProblem | null {
  if (text.trim() === '') return 'empty';
  if (text.length > CHAT_TEXT_MAX) return 'tooLong';
  return null;
}

export const chatKeySchema = z
  .string({ error: 'validation.required' })
  .regex(CHAT_KEY_PATTERN, 'validation.invalid');

/** `POST {api}/buy/sendChatRecord`: content, contentType, chatId (the thread's chatKey). */
export const sendChatBodySchema = z.strictObject({
  chatId: chatKeySchema,
  contentType: z.enum([CHAT_CONTENT_TEXT, CHAT_CONTENT_IMAGE], { error: 'validation.invalid' }).default('1'),
  content: z.string({ error: 'validation.required' }).max(2000, 'validation.tooLong'),
});
export type SendChatBody = z.infer<typeof sendChatBodySchema>;

/** `POST {api}/buy/getChatRecord/{chatKey}`: paged by current and size. */
export const chatPageBodySchema = z.strictObject({
  current: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1)
    .max(CHAT_PAGE_MAX)
    .default(CHAT_PAGE_SIZE),
});

export type ChatSenderType = 'user' | 'visitor' | 'operator' | 'system';

/** One chat message on the wire (spec section 3 names, plus the sender's kind and display name). */
export interface ChatMessage {
  id: string;
  /** The thread's chatKey (spec: chat id). */
  chat_id: string;
  /** user id, `visitor-<id>`, `op-<id>`, or '-1' for system messages. */
  blade_user_id: string;
  sender_type: ChatSenderType;
  /** A display name: the user's account, "Visitor", the operator's name, or '' for system messages. */
  sender_name: string;
  content: string;
  content_type: '1' | '2';
  /** ISO 8601 */
  create_time: string;
}

/** A page of history: records oldest first within the page; page 1 holds the newest messages. */
export interface ChatPage {
  records: ChatMessage[];
  total: number;
  current: number;
  size: number;
  /** True when this page is full, so an older page may exist (spec: more offered when a page is full). */
  hasMore: boolean;
}

export type ChatMessageClass = 'own' | 'other' | 'system';

/** Spec section 3: messages are classed own, other and system. `me` is the reader's blade_user_id. */
export function chatMessageClass(message: Pick<ChatMessage, 'blade_user_id'>, me: string): ChatMessageClass {
  if (message.blade_user_id === CHAT_SYSTEM_SENDER) return 'system';
  return message.blade_user_id === me ? 'own' : 'other';
}

/** Merges pages and pushes by id (no duplicates), oldest first. */
export function mergeChatMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => {
    const d = BigInt(a.id) - BigInt(b.id);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  });
}
