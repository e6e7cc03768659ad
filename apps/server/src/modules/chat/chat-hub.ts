// Live chat delivery (DESIGN section 6). Every committed message goes out once, to:
// - each user participant: the private websocket (/ws/coin/{userId}, event CHAT) and MQTT
//   coin/user/{userId} (app.realtime.publishUser), plus MQTT coin/chat/{chatKey} for clients that
//   subscribe per chat key (the broker lets only the thread's users subscribe);
// - each visitor participant: the chat socket /ws/chat/visitor (a visitor has no private channel);
// - operators whose role the thread's kind admits: the chat socket /ws/chat/operator, with the message
//   and the inbox row of its thread (CHAT_THREAD), so the support inbox updates without polling.
// Visitor and operator sockets reuse the private hub's liveness (HEARTBEAT/PING, ping frames, idle
// cut-off) and close when the visitor session ends or the operator session is revoked.
import type { ChatMessage } from '@coin/shared/chat';
import type { Language } from '@coin/shared/languages';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { OperatorRole } from '@/modules/admin/operator-roles';
import { mqttTopics } from '@/realtime/mqtt';
import { PrivateHub } from '@/realtime/private-hub';
import type { ChatService } from './chat-service';
import type { ChatEvent, ChatKindPolicy } from './chat-types';

const opKey = (id: bigint | string) => `op:${id}`;
const visitorKey = (id: bigint | string) => `visitor:${id}`;

export interface ChatHubDeps {
  app: FastifyInstance;
  chat: ChatService;
  now(): number;
  isOperatorSessionLive(sessionId: bigint): Promise<boolean>;
  isVisitorLive(visitorId: bigint): Promise<boolean>;
  /** The kind's policy (which operator roles follow it). */
  policy(kind: string): ChatKindPolicy | undefined;
  /** Inbox row of a thread for operators (support); undefined for kinds without an inbox. */
  inboxRow(event: ChatEvent): Promise<unknown>;
}

export class ChatHub {
  readonly operators: PrivateHub;
  readonly visitors: PrivateHub;
  private readonly operatorRoles = new Map<string, OperatorRole>();

  constructor(private readonly deps: ChatHubDeps) {
    const base = { heartbeatMs: 25_000, idleMs: 75_000, sessionCheckMs: 60_000, now: deps.now };
    this.operators = new PrivateHub({ ...base, isSessionLive: deps.isOperatorSessionLive });
    this.visitors = new PrivateHub({ ...base, isSessionLive: deps.isVisitorLive });
  }

  attachOperator(socket: WebSocket, operatorId: bigint, role: OperatorRole, sessionId: bigint) {
    const key = opKey(operatorId);
    this.operators.attach(socket, key, sessionId);
    this.operatorRoles.set(key, role);
    socket.on('close', () => {
      if (!this.operators.has(key)) this.operatorRoles.delete(key);
    });
  }

  attachVisitor(socket: WebSocket, visitorId: bigint) {
    // The visitor's own id doubles as its "session": the liveness check asks whether it is still valid.
    this.visitors.attach(socket, visitorKey(visitorId), visitorId);
  }

  /** Closes an operator's sockets of revoked sessions. */
  closeOperatorSessions(operatorId: string, sessionIds: ReadonlySet<bigint>) {
    this.operators.closeSessions(opKey(operatorId), sessionIds);
  }

  closeVisitor(visitorId: bigint) {
    this.visitors.closeSessions(visitorKey(visitorId), new Set([visitorId]));
  }

  async deliver(event: ChatEvent): Promise<void> {
    const { thread, message, participants } = event;
    const lang = thread.lang as Language;
    const [wire] = await this.deps.chat.toWire([message], thread, lang);
    if (!wire) return;
    const frame = Buffer.from(JSON.stringify({ type: 'CHAT', data: wire }));
    const realtime = this.deps.app.hasDecorator('realtime') ? this.deps.app.realtime : undefined;
    let anyUser = false;
    for (const p of participants) {
      if (p.principalType === 'user') {
        anyUser = true;
        realtime?.publishUser(p.principalId.toString(), 'CHAT', wire);
      } else if (p.principalType === 'visitor') {
        this.visitors.publishRaw(visitorKey(p.principalId), frame);
      }
    }
    if (anyUser) realtime?.live.publish(mqttTopics.chat(thread.chatKey), frame);
    await this.toOperators(event, wire, frame);
  }

  private async toOperators(event: ChatEvent, wire: ChatMessage, frame: Buffer) {
    const roles = this.deps.policy(event.thread.kind)?.operatorRoles ?? [];
    const following = [...this.operatorRoles].filter(([, role]) => roles.includes(role)).map(([key]) => key);
    const participantOps = new Set(
      event.participants.filter((p) => p.principalType === 'operator').map((p) => opKey(p.principalId)),
    );
    const targets = new Set([...following, ...[...participantOps].filter((k) => this.operators.has(k))]);
    if (targets.size === 0) return;
    const row = await this.deps.inboxRow(event).catch(() => undefined);
    const threadFrame =
      row === undefined ? undefined : Buffer.from(JSON.stringify({ type: 'CHAT_THREAD', data: row }));
    for (const key of targets) {
      this.operators.publishRaw(key, frame);
      if (threadFrame) this.operators.publishRaw(key, threadFrame);
    }
    void wire;
  }

  close() {
    this.operators.close();
    this.visitors.close();
    this.operatorRoles.clear();
  }
}
