// The money core's state machine (DESIGN section 3): one sequence and one idempotency table in front of
// the ledger part (core/ledger) and the product parts (core/wallet, ...), changed only by
// `apply(command)`. It routes each command to the part that owns its type, lets it stage postings in a
// ledger transaction, commits them and records the result under the command id. Pure and deterministic:
// no I/O, no clock, no random source, no node imports; the hash function is passed in. Replaying the same
// commands from the same state gives the same state, bit for bit, which `stateHash()` makes checkable.
//
// Time is the commands' own: `clock` is the newest command time seen. Ids are remembered for their
// command type's window of that clock and then forgotten (the table stays bounded): IDEMPOTENCY_WINDOW_MS
// (24 h) unless the part that owns the type declares a shorter one (spot orders: minutes, as they arrive
// by the hundred per second); a command older than its window is refused as STALE_COMMAND, because its id
// may already be forgotten and the core could not tell a first attempt from a repeat.
import { canonicalJson } from './canonical-json';
import { commandDigest } from './command-digest';
import { ContractsPart } from './contracts/contracts-part';
import { EarnPart } from './earn/earn-part';
import { IdIndex } from './id-index';
import { type CommandMeta, Ledger, type LedgerSnapshot, MAX_BALANCE_ATOMS } from './ledger/ledger';
import { MarginPart } from './margin/margin-part';
import { OtcPart } from './otc/otc-part';
import type { CorePart, ExecContext } from './part';
import { ReferralPart } from './referral/referral-part';
import { parseCanonical, Rejection, reject, requireAsset, requireDecimals, requireString } from './rejection';
import { SecondsPart } from './seconds/seconds-part';
import { SpotPart } from './spot/spot-part';
import type {
  AccountBalance,
  AccountType,
  Command,
  CommandReply,
  CommandResult,
  CoreError,
  CoreEvent,
  Hold,
  SystemAccount,
} from './types';
import { WalletPart, type WalletSnapshot } from './wallet/wallet-part';

/** A digest function over a string (sha256 hex in production; injected so the core stays free of node). */
export type HashFn = (input: string) => string;

/** How long (in command time) a command id is remembered: a repeat within it gets the first result. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
/** Parts prune what they keep for a while (closed orders ...) every this many commands. */
const PART_PRUNE_EVERY = 1024;
const SNAPSHOT_VERSION = 4;

/** Queues (retention windows) the idempotency table can have; a slot number carries its queue. */
const MAX_QUEUES = 16;
/** The events of a recorded result: none (they were published once); one shared, frozen array. */
const NO_EVENTS: CoreEvent[] = Object.freeze([]) as unknown as CoreEvent[];

export interface CommandOutcome {
  result: CommandResult;
  /** False when the command was a retry of a recorded id (nothing changed, no new seq). */
  fresh: boolean;
}

export interface SnapshotData {
  version: number;
  seq: number;
  /** The newest command time applied. */
  clock: number;
  ledger: LedgerSnapshot;
  /** Each part's section under its name. */
  parts: Record<string, unknown>;
  /**
   * [commandId, digest, ts, result] in seq order, with a fifth element, the window (ms), when the
   * command's window is not IDEMPOTENCY_WINDOW_MS (version 2 had only the default window). The digest
   * is a number (command-digest.ts) since version 4; a string is a sha256 hex digest of the canonical
   * JSON, recorded by an earlier version and still compared as such.
   */
  idempotency: IdempotencyTuple[];
}

type IdempotencyTuple =
  | [string, Digest, number, CommandResult]
  | [string, Digest, number, CommandResult, number];

/** A command digest: command-digest.ts's number, or an earlier version's sha256 hex string. */
type Digest = number | string;

/**
 * A recorded result without its id and events (both known at the position): undefined for a success
 * without a reply, the reply of one with a reply, the error code of a refusal. Nothing is allocated for
 * the common cases.
 */
type Outcome = CommandReply | CoreError | undefined;

/**
 * The idempotency entries of one retention window, flat, in the order they were recorded: parallel
 * arrays of id, digest, command time and result (without its events). Position `i` of the arrays is the
 * absolute position `base + i`; `head` is the oldest position still kept. The table maps an id to its slot
 * (absolute position x MAX_QUEUES + queue index). An id forgotten and later used again appears twice:
 * only the position the table points at is live.
 */
interface IdQueue {
  windowMs: number;
  index: number;
  ids: string[];
  digests: Digest[];
  tss: number[];
  seqs: number[];
  outcomes: Outcome[];
  base: number;
  head: number;
  /** The head position when it was last found live (a live head is not looked up again), or -1. */
  liveAt: number;
}

/** The snapshot of the first release (one flat state, no parts); loaded and converted. */
interface SnapshotV1 {
  version: 1;
  seq: number;
  accounts: LedgerSnapshot['accounts'];
  system: LedgerSnapshot['system'];
  holds: WalletSnapshot['holds'];
  idempotency: [string, string, CommandResult][];
}

function outcomeOf(result: CommandResult): Outcome {
  return result.ok ? result.reply : result.error;
}

/** The recorded result: the command's first result without its events (they were published once). */
function resultOf(commandId: string, seq: number, outcome: Outcome): CommandResult {
  if (typeof outcome === 'string') return { ok: false, seq, commandId, error: outcome };
  return outcome === undefined
    ? { ok: true, seq, commandId, events: NO_EVENTS }
    : { ok: true, seq, commandId, reply: outcome, events: NO_EVENTS };
}

export class MoneyState {
  private seq = 0;
  private clock = 0;
  private ledger = new Ledger();
  readonly wallet = new WalletPart();
  readonly spot = new SpotPart();
  readonly seconds = new SecondsPart();
  readonly earn = new EarnPart();
  readonly otc = new OtcPart();
  readonly contracts = new ContractsPart();
  /** The referrer chain and rebate shares; also the fee splitter every part posts its fees through. */
  readonly referral = new ReferralPart();
  readonly margin = new MarginPart();
  private readonly parts: readonly CorePart[] = [
    this.wallet,
    this.spot,
    this.seconds,
    this.earn,
    this.otc,
    this.referral,
    this.margin,
    this.contracts,
  ];
  private readonly byType = new Map<string, CorePart>();
  /** The context handed to a part's execute: one object, refilled for each command. */
  private readonly ctx: ExecContext = {
    seq: 0,
    ts: 0,
    actor: '',
    ledger: undefined as unknown as Ledger,
    fees: this.referral,
    orderAccounts: this.margin,
  };
  /** The commit's command fields: one object, refilled for each command (commit copies what it keeps). */
  private readonly meta: CommandMeta = {
    seq: 0,
    commandId: '',
    commandType: 'transfer',
    actor: '',
    ts: 0,
    ref: '',
  };
  /** One queue per retention window (pruning by time within a queue is in recording order). */
  private readonly queues = new Map<number, IdQueue>();
  private readonly queueList: IdQueue[] = [];
  /** Command id -> slot of its entry in a queue (see IdQueue); the ids themselves are in the queues. */
  private readonly idempotency = new IdIndex((slot) => idAt(this.queueList, slot));

  constructor(private readonly hash: HashFn) {
    for (const part of this.parts) {
      for (const type of part.commandTypes) this.byType.set(type, part);
    }
    this.queue(IDEMPOTENCY_WINDOW_MS);
  }

  /** How long (command time) an id of this command type is remembered. */
  windowOf(type: unknown): number {
    return (
      (typeof type === 'string' && this.byType.get(type as Command['type'])?.idempotencyWindowMs) ||
      IDEMPOTENCY_WINDOW_MS
    );
  }

  private queue(windowMs: number): IdQueue {
    let q = this.queues.get(windowMs);
    if (q === undefined) {
      if (this.queueList.length === MAX_QUEUES) throw new Error('too many idempotency windows');
      q = {
        windowMs,
        index: this.queueList.length,
        ids: [],
        digests: [],
        tss: [],
        seqs: [],
        outcomes: [],
        base: 0,
        head: 0,
        liveAt: -1,
      };
      this.queues.set(windowMs, q);
      this.queueList.push(q);
    }
    return q;
  }

  /** Records an entry at the end of its window's queue. */
  private record(q: IdQueue, id: string, digest: Digest, ts: number, seq: number, outcome: Outcome): void {
    const slot = (q.base + q.ids.length) * MAX_QUEUES + q.index;
    q.ids.push(id);
    q.digests.push(digest);
    q.tss.push(ts);
    q.seqs.push(seq);
    q.outcomes.push(outcome);
    this.idempotency.set(id, slot);
  }

  lastSeq(): number {
    return this.seq;
  }

  /** The newest command time applied (ms); 0 before the first command. */
  commandClock(): number {
    return this.clock;
  }

  /** The digest that decides "same payload": type, actor and payload (not ts: a retry may carry a newer ts). */
  commandDigest(command: Command): number {
    const c = command as { type?: unknown; actor?: unknown; payload?: unknown };
    return commandDigest(c.type, c.actor, c.payload);
  }

  /** The digest versions before 4 recorded: sha256 of canonicalJson({ type, actor, payload }). */
  private legacyDigest(command: Command): string {
    const c = command as { type?: unknown; actor?: unknown; payload?: unknown };
    return this.hash(canonicalJson({ type: c.type, actor: c.actor, payload: c.payload }));
  }

  /** The recorded result of an id, whatever the payload. */
  resultOf(commandId: string): CommandResult | undefined {
    const slot = this.idempotency.get(commandId);
    if (slot === undefined) return undefined;
    const q = this.queueList[slot % MAX_QUEUES] as IdQueue;
    const at = (slot - q.index) / MAX_QUEUES - q.base;
    return resultOf(commandId, q.seqs[at] as number, q.outcomes[at]);
  }

  /**
   * The recorded answer for a command id without applying anything: the first result for the same
   * payload, IDEMPOTENCY_MISMATCH for another payload, undefined for an unknown id.
   */
  lookup(command: Command): CommandResult | undefined {
    const slot = typeof command?.id === 'string' ? this.idempotency.get(command.id) : undefined;
    if (slot === undefined) return undefined;
    const q = this.queueList[slot % MAX_QUEUES] as IdQueue;
    const at = (slot - q.index) / MAX_QUEUES - q.base;
    const seq = q.seqs[at] as number;
    const digest = q.digests[at] as Digest;
    const same =
      typeof digest === 'number'
        ? digest === this.commandDigest(command)
        : digest === this.legacyDigest(command);
    if (same) return resultOf(command.id, seq, q.outcomes[at]);
    // A reused id with another payload changes nothing and takes no seq; it points at the first command.
    return { ok: false, seq, commandId: command.id, error: 'IDEMPOTENCY_MISMATCH' };
  }

  apply(command: Command): CommandOutcome {
    const known = this.lookup(command);
    if (known !== undefined) return { result: known, fresh: false };
    const raw = command as unknown as Record<string, unknown>;
    if (typeof raw !== 'object' || raw === null || typeof raw.id !== 'string' || raw.id.length === 0) {
      // Without an id there is nothing to record a rejection under.
      return { result: { ok: false, seq: this.seq, commandId: '', error: 'INVALID_COMMAND' }, fresh: false };
    }
    const seq = this.seq + 1;
    let result: CommandResult;
    const validTs = typeof command.ts === 'number' && Number.isSafeInteger(command.ts) && command.ts >= 0;
    const windowMs = this.windowOf(command.type);
    try {
      requireString(command.id);
      requireString(command.actor);
      if (!validTs) reject('INVALID_COMMAND');
      const p = (command as { payload?: unknown }).payload;
      if (typeof p !== 'object' || p === null) reject('INVALID_COMMAND');
      if (command.ts < this.clock - windowMs) reject('STALE_COMMAND');
      result = this.execute(command, seq);
    } catch (e) {
      if (!(e instanceof Rejection)) throw e;
      this.referral.discard();
      result = { ok: false, seq, commandId: command.id, error: e.error };
    }
    this.seq = seq;
    const ts = validTs ? command.ts : this.clock;
    if (ts > this.clock) this.clock = ts;
    this.record(this.queue(windowMs), command.id, this.commandDigest(command), ts, seq, outcomeOf(result));
    this.prune();
    return { result, fresh: true };
  }

  private execute(command: Command, seq: number): CommandResult {
    const tx = this.ledger.begin();
    let ref: string;
    let events: CoreEvent[] = [];
    let reply: CommandReply | undefined;
    if (command.type === 'asset.configure') {
      // The ledger's own command: limits of an asset.
      const { asset, decimals, maxAmount } = command.payload;
      requireAsset(asset);
      const d = requireDecimals(decimals);
      const max = parseCanonical(maxAmount, 'positive');
      if (max > MAX_BALANCE_ATOMS || max % 10n ** BigInt(18 - d) !== 0n) reject('INVALID_AMOUNT');
      tx.afterCommit(() => this.ledger.configureAsset(asset, { decimals: d, maxAmount: max }));
      ref = asset;
    } else {
      const part = this.byType.get(command.type) ?? reject('INVALID_COMMAND');
      const ctx = this.ctx;
      ctx.seq = seq;
      ctx.ts = command.ts;
      ctx.actor = command.actor;
      ctx.ledger = this.ledger;
      const done = part.execute(command, tx, ctx);
      ref = done.ref;
      if (done.events) events = done.events;
      reply = done.reply;
    }
    const meta = this.meta;
    meta.seq = seq;
    meta.commandId = command.id;
    meta.commandType = command.type;
    meta.actor = command.actor;
    meta.ts = command.ts;
    meta.ref = ref;
    const ledgerEvents = tx.commit(meta);
    const rebates = this.referral.drain(seq, command.type, command.ts);
    // The ledger's events first, then the part's, then the rebates (ledgerEvents is a new array).
    let all = ledgerEvents;
    if (events.length > 0 || rebates.length > 0) {
      if (all.length === 0) all = [];
      for (let i = 0; i < events.length; i++) all.push(events[i] as CoreEvent);
      for (let i = 0; i < rebates.length; i++) all.push(rebates[i] as CoreEvent);
    }
    return reply === undefined
      ? { ok: true, seq, commandId: command.id, events: all }
      : { ok: true, seq, commandId: command.id, events: all, reply };
  }

  /** Forgets ids recorded before the window and lets the parts drop what they keep for a while. */
  private prune(): void {
    for (let k = 0; k < this.queueList.length; k++) {
      const q = this.queueList[k] as IdQueue;
      const horizon = this.clock - q.windowMs;
      while (q.head < q.ids.length) {
        // Times are in recording order only for live entries: a dead position is skipped, not a stop.
        const id = q.ids[q.head] as string;
        const slot = (q.base + q.head) * MAX_QUEUES + q.index;
        if ((q.tss[q.head] as number) < horizon) {
          this.idempotency.deleteIf(id, slot);
        } else {
          // A live entry stays live until pruned (its id cannot be recorded again while it is known).
          if (q.liveAt === q.head) break;
          if (this.idempotency.get(id) === slot) {
            q.liveAt = q.head;
            break;
          }
        }
        q.head += 1;
      }
      if (q.head > 4096 && q.head * 2 > q.ids.length) {
        q.ids = q.ids.slice(q.head);
        q.digests = q.digests.slice(q.head);
        q.tss = q.tss.slice(q.head);
        q.seqs = q.seqs.slice(q.head);
        q.outcomes = q.outcomes.slice(q.head);
        q.base += q.head;
        if (q.liveAt >= 0) q.liveAt -= q.head;
        q.head = 0;
      }
    }
    if (this.seq % PART_PRUNE_EVERY === 0) {
      const horizon = this.clock - IDEMPOTENCY_WINDOW_MS;
      for (const part of this.parts) part.prune?.(horizon);
    }
  }

  // ---- queries ----

  balance(userId: string, asset: string, accountType: AccountType): AccountBalance {
    return this.ledger.balance(userId, asset, accountType);
  }

  balancesOf(userId: string): AccountBalance[] {
    return this.ledger.balancesOf(userId);
  }

  systemBalance(name: SystemAccount, asset: string): string {
    return this.ledger.systemBalance(name, asset);
  }

  holdOf(withdrawalId: string): Hold | undefined {
    return this.wallet.holdOf(withdrawalId);
  }

  assetLimits(asset: string): { decimals: number; maxAmount: bigint } | undefined {
    return this.ledger.limits(asset);
  }

  referralParent(userId: string): string | undefined {
    return this.referral.parentOf(userId);
  }

  referralShares(): string[] {
    return this.referral.shareStrings();
  }

  /** Raw views for invariant checks and the admin console (atoms as bigint). */
  userAccounts() {
    return this.ledger.userAccounts();
  }

  systemAccounts() {
    return this.ledger.systemAccounts();
  }

  openHolds(): Generator<Hold> {
    return this.wallet.openHolds();
  }

  /** The ledger's and every part's rules, and frozen == the sum of all parts' holds per account. */
  invariantViolations(): string[] {
    const problems = this.ledger.violations();
    const frozen = new Map<string, bigint>();
    for (const a of this.ledger.userAccounts()) {
      if (a.frozen !== 0n) frozen.set(`${a.userId}\u0000${a.asset}\u0000${a.accountType}`, a.frozen);
    }
    const held = new Map<string, bigint>();
    for (const part of this.parts) {
      problems.push(...part.violations());
      for (const h of part.holds()) {
        const key = `${h.userId}\u0000${h.asset}\u0000${h.accountType}`;
        held.set(key, (held.get(key) ?? 0n) + h.amount);
      }
    }
    for (const key of new Set([...held.keys(), ...frozen.keys()])) {
      const f = frozen.get(key) ?? 0n;
      const h = held.get(key) ?? 0n;
      if (f !== h) problems.push(`frozen ${f} != holds ${h} for ${key.replaceAll('\u0000', '/')}`);
    }
    return problems;
  }

  /** Number of command ids currently remembered (bounded by the window). */
  idempotencySize(): number {
    return this.idempotency.size;
  }

  // ---- snapshot and hash ----

  snapshot(): SnapshotData {
    const { head, idempotency } = this.snapshotPieces();
    return { ...head, idempotency: [...idempotency] };
  }

  /**
   * The snapshot in two pieces: the sections other than the idempotency table, built now, and the
   * table's live entries as an iterable that later commands do not change (it reads copies taken now,
   * in native code). The runtime writes a large table in slices between commands instead of stopping
   * them while one JSON string of it is built. snapshot() is the two joined.
   */
  snapshotPieces(): {
    head: Omit<SnapshotData, 'idempotency'>;
    idempotency: Iterable<SnapshotData['idempotency'][number]>;
  } {
    const queues = this.queueList.map((q) => ({
      windowMs: q.windowMs,
      index: q.index,
      first: q.base + q.head,
      ids: q.ids.slice(q.head),
      digests: q.digests.slice(q.head),
      tss: q.tss.slice(q.head),
      seqs: q.seqs.slice(q.head),
      outcomes: q.outcomes.slice(q.head),
      at: 0,
    }));
    // The index as it is now, resolving ids in the copies above (later commands change neither).
    const table = this.idempotency.clone((slot) => {
      const q = queues[slot % MAX_QUEUES] as (typeof queues)[number];
      return q.ids[(slot - q.index) / MAX_QUEUES - q.first] as string;
    });
    const parts: Record<string, unknown> = {};
    for (const part of this.parts) parts[part.name] = part.snapshot();
    return {
      head: {
        version: SNAPSHOT_VERSION,
        seq: this.seq,
        clock: this.clock,
        ledger: this.ledger.snapshot(),
        parts,
      },
      idempotency: {
        *[Symbol.iterator]() {
          // The queues merged into seq order (each queue is in seq order).
          for (;;) {
            let next: (typeof queues)[number] | undefined;
            for (const q of queues) {
              if (
                q.at < q.ids.length &&
                (next === undefined || (q.seqs[q.at] as number) < (next.seqs[next.at] as number))
              )
                next = q;
            }
            if (next === undefined) return;
            const at = next.at;
            next.at += 1;
            const id = next.ids[at] as string;
            // Live: the table points at this position.
            if (table.get(id) !== (next.first + at) * MAX_QUEUES + next.index) continue;
            const digest = next.digests[at] as Digest;
            const ts = next.tss[at] as number;
            const result = resultOf(id, next.seqs[at] as number, next.outcomes[at]);
            yield next.windowMs === IDEMPOTENCY_WINDOW_MS
              ? [id, digest, ts, result]
              : [id, digest, ts, result, next.windowMs];
          }
        },
      },
    };
  }

  static fromSnapshot(data: SnapshotData | SnapshotV1, hash: HashFn): MoneyState {
    const s = new MoneyState(hash);
    const v2 = data.version === 1 ? upgradeV1(data as SnapshotV1) : (data as SnapshotData);
    // Version 2 differs only in knowing no window but the default (its tuples have four elements).
    // Versions 2 and 3 differ only in their tuples (see SnapshotData.idempotency).
    if (v2.version !== SNAPSHOT_VERSION && v2.version !== 3 && v2.version !== 2)
      throw new Error(`unsupported snapshot version ${v2.version}`);
    s.seq = v2.seq;
    s.clock = v2.clock;
    s.ledger = Ledger.restore(v2.ledger);
    for (const part of s.parts) {
      const section = v2.parts[part.name];
      if (section !== undefined) part.restore(section, s.ledger);
    }
    for (const [id, digest, ts, result, windowMs] of v2.idempotency) {
      s.record(s.queue(windowMs ?? IDEMPOTENCY_WINDOW_MS), id, digest, ts, result.seq, outcomeOf(result));
    }
    return s;
  }

  /** Digest of the whole state: ledger, parts, idempotency table, seq and clock. */
  stateHash(): string {
    return this.hash(canonicalJson(this.snapshot()));
  }
}

/** The command id recorded at a slot (a live one: its position is still in its queue). */
function idAt(queues: readonly IdQueue[], slot: number): string {
  const q = queues[slot % MAX_QUEUES] as IdQueue;
  return q.ids[(slot - q.index) / MAX_QUEUES - q.base] as string;
}

/** A first-release snapshot as a version 2 one: the flat state split into the ledger and wallet parts. */
function upgradeV1(v1: SnapshotV1): SnapshotData {
  return {
    version: SNAPSHOT_VERSION,
    seq: v1.seq,
    // The first release kept no command time: the window starts with the next command.
    clock: 0,
    ledger: { accounts: v1.accounts, system: v1.system, assets: [] },
    parts: { wallet: { holds: v1.holds } satisfies WalletSnapshot },
    idempotency: v1.idempotency.map(([id, digest, result]) => [id, digest, 0, result]),
  };
}
