// Commands from the gateways to the core leader over NATS request/reply (issue 19, docs/operations.md).
// The leader answers on `core.<stream>.submit` (a queue group, so only one process answers a request
// even if an old leader has not yet noticed it was fenced); a gateway retries the SAME command (same id)
// until a leader answers, so a retry after a failover is applied once: the new leader has tailed the
// stream and answers a command it already holds from its idempotency table.
import type { Msg, NatsConnection, Subscription } from 'nats';
import type { Command, CommandResult, MoneyCore } from '@/core/types';
import type { JournalLog } from './journal-store';

export function submitSubject(stream: string): string {
  return `core.${stream}.submit`;
}

/** The leader's status (node id, journal position, state hash): operations and the cluster tests. */
export function statusSubject(stream: string): string {
  return `core.${stream}.status`;
}

export interface CoreStatus {
  nodeId: string;
  position: number;
  lastSeq: number;
  stateHash: string;
}

/** What the leader answers: the result and the journal position it has applied up to, or an error. */
export interface SubmitReply {
  result?: CommandResult;
  /** The leader's journal position after the command was applied (a gateway's replica waits for it). */
  position?: number;
  error?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Answers submit requests with `core` (the leader's money core). Returns a function that stops answering
 * (the node was fenced or is closing); pending requests are still answered.
 */
export function serveCommands(
  nc: NatsConnection,
  stream: string,
  core: MoneyCore & { journalPosition(): number },
  log: JournalLog,
  nodeId: string,
): () => void {
  const status = nc.subscribe(statusSubject(stream), {
    queue: 'core',
    callback: (error, msg) => {
      if (error !== null) return;
      const reply: CoreStatus = {
        nodeId,
        position: core.journalPosition(),
        lastSeq: core.lastSeq(),
        stateHash: core.stateHash(),
      };
      msg.respond(encoder.encode(JSON.stringify(reply)));
    },
  });
  const sub: Subscription = nc.subscribe(submitSubject(stream), {
    queue: 'core',
    callback: (error, msg) => {
      if (error !== null) {
        log.warn(`core command bus: ${String(error)}`);
        return;
      }
      void answer(msg);
    },
  });
  const answer = async (msg: Msg) => {
    let reply: SubmitReply;
    try {
      const command = JSON.parse(decoder.decode(msg.data)) as Command;
      const result = await core.submit(command);
      reply = { result, position: core.journalPosition() };
    } catch (error) {
      // Fenced or closed: the gateway retries, and the next leader answers.
      reply = { error: String(error instanceof Error ? error.message : error) };
    }
    msg.respond(encoder.encode(JSON.stringify(reply)));
  };
  return () => {
    sub.unsubscribe();
    status.unsubscribe();
  };
}

/** Asks the leader for its status (undefined when no leader answers within `timeoutMs`). */
export async function coreStatus(
  nc: NatsConnection,
  stream: string,
  timeoutMs = 2000,
): Promise<CoreStatus | undefined> {
  try {
    const msg = await nc.request(statusSubject(stream), new Uint8Array(), { timeout: timeoutMs });
    return JSON.parse(decoder.decode(msg.data)) as CoreStatus;
  } catch {
    return undefined;
  }
}

export interface SendOptions {
  /** One request's timeout (ms). */
  requestTimeoutMs: number;
  /** Give up (throw) after this long without an answer from a leader (ms): a failover takes a lease TTL. */
  deadlineMs: number;
}

/** Sends one command to the leader, retrying the same command until a leader answers or the deadline. */
export async function sendCommand(
  nc: NatsConnection,
  stream: string,
  command: Command,
  options: SendOptions,
): Promise<{ result: CommandResult; position: number }> {
  const subject = submitSubject(stream);
  const data = encoder.encode(JSON.stringify(command));
  const until = performance.now() + options.deadlineMs;
  let wait = 50;
  let last = 'no answer';
  for (;;) {
    try {
      const msg = await nc.request(subject, data, { timeout: options.requestTimeoutMs });
      const reply = JSON.parse(decoder.decode(msg.data)) as SubmitReply;
      if (reply.result !== undefined) return { result: reply.result, position: reply.position ?? 0 };
      last = reply.error ?? 'empty reply';
    } catch (error) {
      // No responders (between leaders), a timeout (the leader died holding it): retry the same command.
      last = String(error instanceof Error ? error.message : error);
    }
    if (performance.now() + wait > until) throw new Error(`core unavailable: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 500);
  }
}
