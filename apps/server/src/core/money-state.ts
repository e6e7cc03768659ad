// The money core's state machine (DESIGN section 3): ledger accounts, withdrawal holds and the
// idempotency table, changed only by `apply(command)`. Pure and deterministic: no I/O, no clock, no random
// source, no node imports; the hash function is passed in. Replaying the same commands from the same state
// gives the same state, bit for bit, which `stateHash()` makes checkable.
import {
  type Amount,
  add,
  isPositive,
  mul,
  neg,
  roundTo,
  splitByRatio,
  sub,
  tryParseAmount,
  ZERO,
} from '@coin/shared/money';
import { formatAtoms } from './atoms';
import { canonicalJson } from './canonical-json';
import {
  ACCOUNT_TYPES,
  type AccountBalance,
  type AccountRef,
  type AccountType,
  type Command,
  type CommandResult,
  type CoreError,
  type CoreEvent,
  type Hold,
  type Posting,
  type SystemAccount,
} from './types';

/** A digest function over a string (sha256 hex in production; injected so the core stays free of node). */
export type HashFn = (input: string) => string;

/** Fee split of withdrawal and swap fees: 90 % fee revenue, 10 % security fund. */
const FEE_WEIGHTS = [9n, 1n] as const;
const SNAPSHOT_VERSION = 1;
const ASSET_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
const MAX_ID_LENGTH = 200;

interface Balance {
  available: Amount;
  frozen: Amount;
}

interface HoldState {
  userId: string;
  asset: string;
  amount: Amount;
  fee: Amount;
}

interface IdempotencyEntry {
  digest: string;
  result: CommandResult;
}

class Rejection {
  constructor(readonly error: CoreError) {}
}

function reject(error: CoreError): never {
  throw new Rejection(error);
}

function userKey(userId: string, asset: string, accountType: AccountType): string {
  return `${userId}\u0000${asset}\u0000${accountType}`;
}

/** Key of an account inside one user's map. */
function assetKey(asset: string, accountType: AccountType): string {
  return `${asset}\u0000${accountType}`;
}

function systemKey(name: SystemAccount, asset: string): string {
  return `${name}\u0000${asset}`;
}

function isAccountType(v: unknown): v is AccountType {
  return typeof v === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(v);
}

function requireString(v: unknown, maxLength = MAX_ID_LENGTH): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > maxLength) reject('INVALID_COMMAND');
  return v;
}

function requireAsset(v: unknown): string {
  if (typeof v !== 'string' || !ASSET_PATTERN.test(v)) reject('INVALID_COMMAND');
  return v;
}

/** Optional asset decimals in a payload: an integer 0..18; absent means 18 (the journal's old commands). */
function optionalDecimals(v: unknown): number {
  if (v === undefined) return 18;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 18) reject('INVALID_COMMAND');
  return v;
}

/**
 * A canonical decimal (the exact output of formatAmount: no '+', no leading or trailing zeros, at most
 * 18 decimals). Canonical form keeps the idempotency digest unambiguous: '1.5' and '1.50' are one amount.
 */
function parseCanonical(v: unknown, sign: 'positive' | 'nonNegative' | 'nonZero'): Amount {
  if (typeof v !== 'string') reject('INVALID_AMOUNT');
  const parsed = tryParseAmount(v);
  if (!parsed.ok || formatAtoms(parsed.value) !== v) reject('INVALID_AMOUNT');
  const a = parsed.value;
  if (sign === 'positive' && a <= 0n) reject('INVALID_AMOUNT');
  if (sign === 'nonNegative' && a < 0n) reject('INVALID_AMOUNT');
  if (sign === 'nonZero' && a === 0n) reject('INVALID_AMOUNT');
  return a;
}

/** Collects a command's postings, checks them, and applies them only when every check passed. */
class PostingSet {
  readonly postings: { account: AccountRef; asset: string; field: 'available' | 'frozen'; delta: Amount }[] =
    [];

  user(
    userId: string,
    asset: string,
    accountType: AccountType,
    field: 'available' | 'frozen',
    delta: Amount,
  ) {
    if (delta !== 0n)
      this.postings.push({ account: { kind: 'user', userId, accountType }, asset, field, delta });
  }

  system(name: SystemAccount, asset: string, delta: Amount) {
    if (delta !== 0n)
      this.postings.push({ account: { kind: 'system', name }, asset, field: 'available', delta });
  }
}

export interface CommandOutcome {
  result: CommandResult;
  /** False when the command was a retry of a recorded id (nothing changed, no new seq). */
  fresh: boolean;
}

export interface SnapshotData {
  version: number;
  seq: number;
  /** [userId, asset, accountType, available, frozen], sorted. */
  accounts: [string, string, AccountType, string, string][];
  /** [name, asset, balance], sorted. */
  system: [SystemAccount, string, string][];
  /** [withdrawalId, userId, asset, amount, fee], sorted by withdrawalId. */
  holds: [string, string, string, string, string][];
  /** [commandId, digest, result] in seq order. */
  idempotency: [string, string, CommandResult][];
}

export class MoneyState {
  private seq = 0;
  /** userId -> (asset, account type) -> balance; per user so balancesOf does not scan everyone. */
  private readonly accounts = new Map<string, Map<string, Balance>>();
  private readonly system = new Map<string, Amount>();
  private readonly holds = new Map<string, HoldState>();
  private readonly idempotency = new Map<string, IdempotencyEntry>();

  constructor(private readonly hash: HashFn) {}

  lastSeq(): number {
    return this.seq;
  }

  /** The digest that decides "same payload": type, actor and payload (not ts: a retry may carry a newer ts). */
  commandDigest(command: Command): string {
    const c = command as { type?: unknown; actor?: unknown; payload?: unknown };
    return this.hash(canonicalJson({ type: c.type, actor: c.actor, payload: c.payload }));
  }

  /**
   * The recorded answer for a command id without applying anything: the first result for the same
   * payload, IDEMPOTENCY_MISMATCH for another payload, undefined for an unknown id.
   */
  /** The recorded result of an id, whatever the payload. */
  resultOf(commandId: string): CommandResult | undefined {
    return this.idempotency.get(commandId)?.result;
  }

  lookup(command: Command): CommandResult | undefined {
    const entry = typeof command?.id === 'string' ? this.idempotency.get(command.id) : undefined;
    if (entry === undefined) return undefined;
    if (entry.digest === this.commandDigest(command)) return entry.result;
    // A reused id with another payload changes nothing and takes no seq; it points at the first command.
    return { ok: false, seq: entry.result.seq, commandId: command.id, error: 'IDEMPOTENCY_MISMATCH' };
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
    try {
      const set = new PostingSet();
      const ref = this.plan(command, set);
      const events = this.commit(command, seq, ref, set);
      result = { ok: true, seq, commandId: command.id, events };
    } catch (e) {
      if (!(e instanceof Rejection)) throw e;
      result = { ok: false, seq, commandId: command.id, error: e.error };
    }
    this.seq = seq;
    this.idempotency.set(command.id, { digest: this.commandDigest(command), result });
    return { result, fresh: true };
  }

  // ---- planning: validate and compute postings; throws Rejection, changes nothing ----

  private plan(command: Command, set: PostingSet): string {
    requireString(command.id);
    requireString(command.actor);
    if (typeof command.ts !== 'number' || !Number.isSafeInteger(command.ts) || command.ts < 0) {
      reject('INVALID_COMMAND');
    }
    const p = (command as { payload?: unknown }).payload;
    if (typeof p !== 'object' || p === null) reject('INVALID_COMMAND');
    switch (command.type) {
      case 'deposit.credit': {
        const { userId, asset, amount, ref } = command.payload;
        requireString(userId);
        requireAsset(asset);
        const a = parseCanonical(amount, 'positive');
        const r = requireString(ref, 500);
        set.system('deposit_clearing', asset, neg(a));
        set.user(userId, asset, 'spot', 'available', a);
        return r;
      }
      case 'withdraw.freeze': {
        const { userId, asset, amount, fee, withdrawalId } = command.payload;
        requireString(userId);
        requireAsset(asset);
        requireString(withdrawalId);
        const a = parseCanonical(amount, 'positive');
        const f = parseCanonical(fee, 'nonNegative');
        if (this.holds.has(withdrawalId)) reject('HOLD_EXISTS');
        const total = add(a, f);
        set.user(userId, asset, 'spot', 'available', neg(total));
        set.user(userId, asset, 'spot', 'frozen', total);
        return withdrawalId;
      }
      case 'withdraw.complete': {
        const { withdrawalId } = command.payload;
        requireString(withdrawalId);
        const decimals = optionalDecimals(command.payload.decimals);
        const hold = this.holds.get(withdrawalId) ?? reject('HOLD_NOT_FOUND');
        // In whole units of the asset; any finer dust of the fee (a hold frozen with more decimals than
        // the asset has) goes to fee revenue with the remainder, so the parts still sum to the fee.
        const [revenue = ZERO, fund = ZERO] = splitByRatio(hold.fee, FEE_WEIGHTS, decimals);
        set.user(hold.userId, hold.asset, 'spot', 'frozen', neg(add(hold.amount, hold.fee)));
        set.system('withdrawal_clearing', hold.asset, hold.amount);
        set.system('fee_revenue', hold.asset, revenue);
        set.system('security_fund', hold.asset, fund);
        return withdrawalId;
      }
      case 'withdraw.release': {
        const { withdrawalId, reason } = command.payload;
        requireString(withdrawalId);
        if (reason !== 'rejected' && reason !== 'cancelled') reject('INVALID_COMMAND');
        const hold = this.holds.get(withdrawalId) ?? reject('HOLD_NOT_FOUND');
        const total = add(hold.amount, hold.fee);
        set.user(hold.userId, hold.asset, 'spot', 'frozen', neg(total));
        set.user(hold.userId, hold.asset, 'spot', 'available', total);
        return withdrawalId;
      }
      case 'transfer': {
        const { userId, asset, amount, from, to } = command.payload;
        requireString(userId);
        requireAsset(asset);
        if (!isAccountType(from) || !isAccountType(to)) reject('INVALID_COMMAND');
        const a = parseCanonical(amount, 'positive');
        if (from === to) reject('SAME_ACCOUNT');
        set.user(userId, asset, from, 'available', neg(a));
        set.user(userId, asset, to, 'available', a);
        return `${from}->${to}`;
      }
      case 'swap': {
        const { userId, fromAsset, toAsset, amount, price, feeRate, priceRef } = command.payload;
        requireString(userId);
        requireAsset(fromAsset);
        requireAsset(toAsset);
        const decimals = optionalDecimals(command.payload.toDecimals);
        const r = requireString(priceRef, 500);
        if (fromAsset === toAsset) reject('INVALID_COMMAND');
        const a = parseCanonical(amount, 'positive');
        const px = parseCanonical(price, 'positive');
        const rate = parseCanonical(feeRate, 'nonNegative');
        if (rate >= parseCanonical('1', 'positive')) reject('INVALID_AMOUNT');
        // The user never receives more than the quote: receive rounds down, the fee rounds up, both to
        // toAsset's decimals, so no balance gets more decimals than the asset has.
        const receive = roundTo(mul(a, px, 'down'), decimals, 'down');
        const fee = roundTo(mul(receive, rate, 'up'), decimals, 'up');
        const net = sub(receive, fee);
        if (!isPositive(net)) reject('INVALID_AMOUNT');
        const [revenue = ZERO, fund = ZERO] = splitByRatio(fee, FEE_WEIGHTS, decimals);
        set.user(userId, fromAsset, 'spot', 'available', neg(a));
        set.system('swap_desk', fromAsset, a);
        set.system('swap_desk', toAsset, neg(receive));
        set.user(userId, toAsset, 'spot', 'available', net);
        set.system('fee_revenue', toAsset, revenue);
        set.system('security_fund', toAsset, fund);
        return r;
      }
      case 'adjust': {
        const { userId, asset, accountType, amount, ref } = command.payload;
        requireString(userId);
        requireAsset(asset);
        if (!isAccountType(accountType)) reject('INVALID_COMMAND');
        const r = requireString(ref, 500);
        if (typeof amount !== 'string') reject('INVALID_AMOUNT');
        // Signed: '-' followed by a canonical positive amount, or a canonical positive amount.
        const a = amount.startsWith('-')
          ? neg(parseCanonical(amount.slice(1), 'positive'))
          : parseCanonical(amount, 'positive');
        set.user(userId, asset, accountType, 'available', a);
        set.system('adjustment', asset, neg(a));
        return r;
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  /** Checks the planned postings (balance per asset, no negative user field), then applies them. */
  private commit(command: Command, seq: number, ref: string, set: PostingSet): CoreEvent[] {
    const perAsset = new Map<string, bigint>();
    const next = new Map<string, Balance>();
    const touched: {
      key: string;
      userId: string;
      asset: string;
      accountType: AccountType;
      balance: Balance;
    }[] = [];
    for (const p of set.postings) {
      perAsset.set(p.asset, (perAsset.get(p.asset) ?? 0n) + p.delta);
      if (p.account.kind !== 'user') continue;
      const key = userKey(p.account.userId, p.asset, p.account.accountType);
      let b = next.get(key);
      if (b === undefined) {
        const current = this.account(p.account.userId, p.asset, p.account.accountType);
        b = { available: current?.available ?? ZERO, frozen: current?.frozen ?? ZERO };
        next.set(key, b);
        touched.push({
          key,
          userId: p.account.userId,
          asset: p.asset,
          accountType: p.account.accountType,
          balance: b,
        });
      }
      b[p.field] = add(b[p.field], p.delta);
    }
    for (const sum of perAsset.values()) {
      if (sum !== 0n) throw new Error(`unbalanced postings in ${command.type}`);
    }
    for (const b of next.values()) {
      if (b.available < 0n || b.frozen < 0n) reject('INSUFFICIENT_BALANCE');
    }
    // Every check passed: apply.
    for (const t of touched) this.setAccount(t.userId, t.asset, t.accountType, t.balance);
    for (const p of set.postings) {
      if (p.account.kind !== 'system') continue;
      const key = systemKey(p.account.name, p.asset);
      this.system.set(key, add(this.system.get(key) ?? ZERO, p.delta));
    }
    this.updateHolds(command);

    const postings: Posting[] = set.postings.map((p) => ({
      account: p.account,
      asset: p.asset,
      field: p.field,
      delta: formatAtoms(p.delta),
    }));
    const events: CoreEvent[] = [
      {
        type: 'postings',
        seq,
        commandId: command.id,
        commandType: command.type,
        actor: command.actor,
        ts: command.ts,
        ref,
        postings,
      },
    ];
    for (const t of touched) {
      const b = t.balance;
      events.push({
        type: 'balance',
        seq,
        userId: t.userId,
        asset: t.asset,
        accountType: t.accountType,
        available: formatAtoms(b.available),
        frozen: formatAtoms(b.frozen),
      });
    }
    return events;
  }

  private updateHolds(command: Command): void {
    switch (command.type) {
      case 'withdraw.freeze': {
        const { userId, asset, amount, fee, withdrawalId } = command.payload;
        this.holds.set(withdrawalId, {
          userId,
          asset,
          amount: parseCanonical(amount, 'positive'),
          fee: parseCanonical(fee, 'nonNegative'),
        });
        return;
      }
      case 'withdraw.complete':
      case 'withdraw.release':
        this.holds.delete(command.payload.withdrawalId);
        return;
      default:
        return;
    }
  }

  private account(userId: string, asset: string, accountType: AccountType): Balance | undefined {
    return this.accounts.get(userId)?.get(assetKey(asset, accountType));
  }

  private setAccount(userId: string, asset: string, accountType: AccountType, balance: Balance): void {
    let mine = this.accounts.get(userId);
    if (mine === undefined) {
      mine = new Map();
      this.accounts.set(userId, mine);
    }
    mine.set(assetKey(asset, accountType), balance);
  }

  // ---- queries ----

  balance(userId: string, asset: string, accountType: AccountType): AccountBalance {
    const b = this.account(userId, asset, accountType);
    return {
      asset,
      accountType,
      available: formatAtoms(b?.available ?? ZERO),
      frozen: formatAtoms(b?.frozen ?? ZERO),
    };
  }

  /** Every account the user has ever touched, sorted by asset then account type. */
  balancesOf(userId: string): AccountBalance[] {
    const out: AccountBalance[] = [];
    for (const [key, b] of this.accounts.get(userId) ?? []) {
      const [asset = '', accountType = 'spot'] = key.split('\u0000');
      out.push({
        asset,
        accountType: accountType as AccountType,
        available: formatAtoms(b.available),
        frozen: formatAtoms(b.frozen),
      });
    }
    return out.sort((x, y) =>
      x.asset === y.asset ? compareText(x.accountType, y.accountType) : compareText(x.asset, y.asset),
    );
  }

  systemBalance(name: SystemAccount, asset: string): string {
    return formatAtoms(this.system.get(systemKey(name, asset)) ?? ZERO);
  }

  holdOf(withdrawalId: string): Hold | undefined {
    const h = this.holds.get(withdrawalId);
    if (h === undefined) return undefined;
    return {
      withdrawalId,
      userId: h.userId,
      asset: h.asset,
      amount: formatAtoms(h.amount),
      fee: formatAtoms(h.fee),
    };
  }

  /** Raw views for invariant checks and the admin console (atoms as bigint). */
  *userAccounts(): Generator<{
    userId: string;
    asset: string;
    accountType: AccountType;
    available: bigint;
    frozen: bigint;
  }> {
    for (const [userId, mine] of this.accounts) {
      for (const [key, b] of mine) {
        const [asset = '', accountType = 'spot'] = key.split('\u0000');
        yield {
          userId,
          asset,
          accountType: accountType as AccountType,
          available: b.available,
          frozen: b.frozen,
        };
      }
    }
  }

  *systemAccounts(): Generator<{ name: SystemAccount; asset: string; balance: bigint }> {
    for (const [key, balance] of this.system) {
      const [name = '', asset = ''] = key.split('\u0000');
      yield { name: name as SystemAccount, asset, balance };
    }
  }

  *openHolds(): Generator<Hold> {
    for (const id of this.holds.keys()) {
      const h = this.holdOf(id);
      if (h !== undefined) yield h;
    }
  }

  // ---- snapshot and hash ----

  snapshot(): SnapshotData {
    const accounts: SnapshotData['accounts'] = [...this.userAccounts()]
      .map((a): SnapshotData['accounts'][number] => [
        a.userId,
        a.asset,
        a.accountType,
        formatAtoms(a.available),
        formatAtoms(a.frozen),
      ])
      .sort((x, y) => compareText(x.slice(0, 3).join('\u0000'), y.slice(0, 3).join('\u0000')));
    const system: SnapshotData['system'] = [...this.systemAccounts()]
      .map((s): SnapshotData['system'][number] => [s.name, s.asset, formatAtoms(s.balance)])
      .sort((x, y) => compareText(`${x[0]}\u0000${x[1]}`, `${y[0]}\u0000${y[1]}`));
    const holds: SnapshotData['holds'] = [...this.holds.entries()]
      .map(([id, h]): SnapshotData['holds'][number] => [
        id,
        h.userId,
        h.asset,
        formatAtoms(h.amount),
        formatAtoms(h.fee),
      ])
      .sort((x, y) => compareText(x[0], y[0]));
    const idempotency: SnapshotData['idempotency'] = [...this.idempotency.entries()]
      .map(([id, e]): SnapshotData['idempotency'][number] => [id, e.digest, e.result])
      .sort((x, y) => x[2].seq - y[2].seq);
    return { version: SNAPSHOT_VERSION, seq: this.seq, accounts, system, holds, idempotency };
  }

  static fromSnapshot(data: SnapshotData, hash: HashFn): MoneyState {
    if (data.version !== SNAPSHOT_VERSION) throw new Error(`unsupported snapshot version ${data.version}`);
    const s = new MoneyState(hash);
    s.seq = data.seq;
    const atoms = (v: string) => {
      const r = tryParseAmount(v);
      if (!r.ok) throw new Error(`bad amount in snapshot: ${v}`);
      return r.value;
    };
    for (const [userId, asset, type, available, frozen] of data.accounts) {
      s.setAccount(userId, asset, type, { available: atoms(available), frozen: atoms(frozen) });
    }
    for (const [name, asset, balance] of data.system) s.system.set(systemKey(name, asset), atoms(balance));
    for (const [id, userId, asset, amount, fee] of data.holds) {
      s.holds.set(id, { userId, asset, amount: atoms(amount), fee: atoms(fee) });
    }
    for (const [id, digest, result] of data.idempotency) s.idempotency.set(id, { digest, result });
    return s;
  }

  /** Digest of all balances, holds, system accounts and the idempotency table. */
  stateHash(): string {
    return this.hash(canonicalJson(this.snapshot()));
  }
}

function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
