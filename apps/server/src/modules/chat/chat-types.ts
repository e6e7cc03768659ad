// Who takes part in a chat, and the pieces a thread kind plugs into the chat service (docs/chat.md).
import type { Language } from '@coin/shared/languages';
import type { Executor } from '@/db/client';
import type { chatMessages, chatThreads } from '@/db/schema';
import type { OperatorRole } from '@/modules/admin/operator-roles';

export type ChatPrincipal =
  | { type: 'user'; id: bigint }
  | { type: 'visitor'; id: bigint }
  | { type: 'operator'; id: bigint; role: OperatorRole };

export type ThreadRow = typeof chatThreads.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The wire id of a sender (spec blade_user_id): user id, visitor-<id>, op-<id>; '-1' is the system. */
export function senderId(p: Pick<ChatPrincipal, 'type' | 'id'>): string {
  if (p.type === 'user') return p.id.toString();
  if (p.type === 'visitor') return `visitor-${p.id}`;
  return `op-${p.id}`;
}

export interface MessageContext {
  tx: Executor;
  thread: ThreadRow;
  message: MessageRow;
  sender: ChatPrincipal | null;
}

/** What a kind of thread ('support', 'otc' ...) decides; registered once with ChatService.registerKind. */
export interface ChatKindPolicy {
  /** Operators of these roles may read and write every thread of the kind (support: support, admin). */
  operatorRoles: readonly OperatorRole[];
  /** Refuse a write (e.g. an order chat after the order ended): throw an AppError such as CHAT_CLOSED. */
  beforeSend?(thread: ThreadRow, sender: ChatPrincipal): void;
  /** Runs in the message's transaction: state changes of the kind (support: new/open/waiting/closed). */
  afterMessage?(ctx: MessageContext): Promise<void>;
}

/** A message was stored and committed; pushes go out from here. */
export interface ChatEvent {
  thread: ThreadRow;
  message: MessageRow;
  /** Participants at commit time (who gets the push). */
  participants: Array<{ principalType: string; principalId: bigint }>;
}

export interface SystemMessageOptions {
  /** The language system texts are pushed in (history renders them in the reader's language). */
  lang?: Language;
}
