// The ledger part of the money core (DESIGN section 3): user accounts (available, frozen), the system
// accounts on the other side of every posting, and the per-asset limits. Products never change a balance
// directly: they stage postings in a LedgerTx, which checks the ledger's rules when it commits:
// - per asset the postings of one command sum to zero (a violation is a bug: it throws, fail-stop);
// - no user field goes negative (INSUFFICIENT_BALANCE);
// - no balance leaves what NUMERIC(38,18) and the wire hold (AMOUNT_TOO_LARGE).
// The per-operation maximum of an asset is a separate check products call on their input amounts.
// Pure: no I/O, clock or random source.
import { type Amount, ZERO } from '@coin/shared/money';
import { formatAtoms, formatAtomsCached, POW10 } from '../atoms';
import { reject } from '../rejection';
import type {
  AccountBalance,
  AccountRef,
  AccountType,
  CommandType,
  CoreEvent,
  Posting,
  SystemAccount,
} from '../types';

/** The largest magnitude NUMERIC(38,18) holds: 99,999,999,999,999,999,999.999999999999999999. */
export const MAX_BALANCE_ATOMS = 10n ** 38n - 1n;
/** A system balance may be negative down to this (the same magnitude bound). */
const MIN_SYSTEM_ATOMS = -MAX_BALANCE_ATOMS;

export interface Balance {
  available: Amount;
  frozen: Amount;
}

/** What the ledger knows of an asset (set by the `asset.configure` command). */
export interface AssetLimits {
  decimals: number;
  /** Largest amount of one operation. */
  maxAmount: Amount;
}

export interface LedgerSnapshot {
  /** [userId, asset, accountType, available, frozen], sorted. */
  accounts: [string, string, AccountType, string, string][];
  /** [name, asset, balance], sorted. */
  system: [SystemAccount, string, string][];
  /** [asset, decimals, maxAmount], sorted. */
  assets: [string, number, string][];
}

export interface CommandMeta {
  seq: number;
  commandId: string;
  commandType: CommandType;
  actor: string;
  ts: number;
  ref: string;
}

/** accountType -> asset -> key: one string per account kind, so lookups hash a known string. */
const assetKeys = new Map<string, Map<string, string>>();
/** name -> asset -> key of a system account (the same: a known string instead of a new one per lookup). */
const systemKeys = new Map<string, Map<string, string>>();
const MAX_CACHED_ASSET_KEYS = 4096;

/** `${first}\u0000${second}`, interned in `table` under group -> asset (at most MAX_CACHED_ASSET_KEYS per group). */
function internedKey(
  table: Map<string, Map<string, string>>,
  group: string,
  asset: string,
  first: string,
  second: string,
): string {
  let byAsset = table.get(group);
  if (byAsset === undefined) {
    byAsset = new Map();
    table.set(group, byAsset);
  }
  let key = byAsset.get(asset);
  if (key === undefined) {
    key = `${first}\u0000${second}`;
    if (byAsset.size < MAX_CACHED_ASSET_KEYS) byAsset.set(asset, key);
  }
  return key;
}

function assetKey(asset: string, accountType: AccountType): string {
  return internedKey(assetKeys, accountType, asset, asset, accountType);
}

function systemKey(name: SystemAccount, asset: string): string {
  return internedKey(systemKeys, name, asset, name, asset);
}

export function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

function atoms(v: string): Amount {
  const negative = v.startsWith('-');
  const [int = '0', frac = ''] = (negative ? v.slice(1) : v).split('.');
  if (!/^\d+$/.test(int) || !/^\d*$/.test(frac) || frac.length > 18) throw new Error(`bad amount: ${v}`);
  const a = BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
  return (negative ? -a : a) as Amount;
}

export class Ledger {
  /** userId -> (asset, account type) -> balance; per user so balancesOf does not scan everyone. */
  private readonly accounts = new Map<string, Map<string, Balance>>();
  private readonly system = new Map<string, Amount>();
  private readonly assets = new Map<string, AssetLimits>();

  private readonly tx = new LedgerTx(this);

  /** The tx of the next command (one object, reset: commands run one at a time). */
  begin(): LedgerTx {
    return this.tx.reset();
  }

  // ---- assets ----

  configureAsset(asset: string, limits: AssetLimits): void {
    this.assets.set(asset, limits);
  }

  limits(asset: string): AssetLimits | undefined {
    return this.assets.get(asset);
  }

  /**
   * An input amount of one operation in `asset`: at most the asset's decimals (INVALID_AMOUNT) and its
   * per-operation maximum (AMOUNT_TOO_LARGE). An asset never configured has only the ledger's bound.
   */
  checkAmount(asset: string, amount: bigint): void {
    const magnitude = amount < 0n ? -amount : amount;
    if (magnitude > MAX_BALANCE_ATOMS) reject('AMOUNT_TOO_LARGE');
    const limits = this.assets.get(asset);
    if (limits === undefined) return;
    if (magnitude % (POW10[18 - limits.decimals] as bigint) !== 0n) reject('INVALID_AMOUNT');
    if (magnitude > limits.maxAmount) reject('AMOUNT_TOO_LARGE');
  }

  // ---- accounts ----

  account(userId: string, asset: string, accountType: AccountType): Balance | undefined {
    return this.accounts.get(userId)?.get(assetKey(asset, accountType));
  }

  setAccount(userId: string, asset: string, accountType: AccountType, balance: Balance): void {
    let mine = this.accounts.get(userId);
    if (mine === undefined) {
      mine = new Map();
      this.accounts.set(userId, mine);
    }
    mine.set(assetKey(asset, accountType), balance);
  }

  systemAmount(name: SystemAccount, asset: string): Amount {
    return this.system.get(systemKey(name, asset)) ?? ZERO;
  }

  setSystem(name: SystemAccount, asset: string, balance: Amount): void {
    this.system.set(systemKey(name, asset), balance);
  }

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
    return formatAtoms(this.systemAmount(name, asset));
  }

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

  // ---- invariants ----

  /** Zero sum per asset, no negative user field, every balance within NUMERIC(38,18). */
  violations(): string[] {
    const problems: string[] = [];
    const perAsset = new Map<string, bigint>();
    for (const a of this.userAccounts()) {
      perAsset.set(a.asset, (perAsset.get(a.asset) ?? 0n) + a.available + a.frozen);
      const where = `${a.userId}/${a.asset}/${a.accountType}`;
      if (a.available < 0n) problems.push(`negative available ${where}`);
      if (a.frozen < 0n) problems.push(`negative frozen ${where}`);
      if (a.available > MAX_BALANCE_ATOMS || a.frozen > MAX_BALANCE_ATOMS)
        problems.push(`too large ${where}`);
    }
    for (const s of this.systemAccounts()) {
      perAsset.set(s.asset, (perAsset.get(s.asset) ?? 0n) + s.balance);
      const magnitude = s.balance < 0n ? -s.balance : s.balance;
      if (magnitude > MAX_BALANCE_ATOMS) problems.push(`too large ${s.name}/${s.asset}`);
    }
    for (const [asset, sum] of perAsset) {
      if (sum !== 0n) problems.push(`asset ${asset} sums to ${sum} atoms, not 0`);
    }
    return problems;
  }

  // ---- snapshot ----

  snapshot(): LedgerSnapshot {
    const accounts: LedgerSnapshot['accounts'] = [...this.userAccounts()]
      .map((a): LedgerSnapshot['accounts'][number] => [
        a.userId,
        a.asset,
        a.accountType,
        formatAtoms(a.available),
        formatAtoms(a.frozen),
      ])
      .sort((x, y) => compareText(x.slice(0, 3).join('\u0000'), y.slice(0, 3).join('\u0000')));
    const system: LedgerSnapshot['system'] = [...this.systemAccounts()]
      .map((s): LedgerSnapshot['system'][number] => [s.name, s.asset, formatAtoms(s.balance)])
      .sort((x, y) => compareText(`${x[0]}\u0000${x[1]}`, `${y[0]}\u0000${y[1]}`));
    const assets: LedgerSnapshot['assets'] = [...this.assets.entries()]
      .map(([asset, l]): LedgerSnapshot['assets'][number] => [asset, l.decimals, formatAtoms(l.maxAmount)])
      .sort((x, y) => compareText(x[0], y[0]));
    return { accounts, system, assets };
  }

  static restore(data: LedgerSnapshot): Ledger {
    const ledger = new Ledger();
    for (const [userId, asset, type, available, frozen] of data.accounts) {
      ledger.setAccount(userId, asset, type, { available: atoms(available), frozen: atoms(frozen) });
    }
    for (const [name, asset, balance] of data.system) ledger.setSystem(name, asset, atoms(balance));
    for (const [asset, decimals, maxAmount] of data.assets) {
      ledger.configureAsset(asset, { decimals, maxAmount: atoms(maxAmount) });
    }
    return ledger;
  }
}

/** Staged accounts of one tx found by a scan up to this many; beyond, by a map. */
const STAGED_SCAN_LIMIT = 16;

/** A staged account: its balance as the tx would leave it (it is the Balance balanceOf returns). */
interface Staged extends Balance {
  userId: string;
  asset: string;
  accountType: AccountType;
  /** The account as postings name it (one object for all postings of this account in the command). */
  ref: AccountRef | undefined;
  /** A posting touched it (an account only read through the tx is neither applied nor reported). */
  touched: boolean;
}

/** The system accounts as postings name them: one frozen object per account, shared by every event. */
const systemRefs = new Map<string, AccountRef>();
function systemRef(name: SystemAccount): AccountRef {
  let ref = systemRefs.get(name);
  if (ref === undefined) {
    ref = Object.freeze({ kind: 'system', name }) as AccountRef;
    systemRefs.set(name, ref);
  }
  return ref;
}

/**
 * The postings of one command, staged against the ledger. Reads through the tx see the staged balances.
 * Nothing reaches the ledger until `commit`, which checks every rule first; a tx that is dropped (the
 * command was rejected) leaves no trace. The ledger hands out one tx object, reset for each command
 * (commands run one at a time), so staging allocates only what goes out in the events.
 */
export class LedgerTx {
  /** The postings as they go out in the event; each `delta` is formatted at commit from `deltas`
   * (`deltas[i]` is posting i's; entries beyond the postings are stale: the scratch arrays of a tx keep
   * their storage from command to command, as `length = 0` would drop it). */
  private postings: Posting[] = [];
  private readonly deltas: bigint[] = [];
  /**
   * Staged balances in first-touch order (the balance events follow it). A command touches a few accounts:
   * they are found by a scan, and only a command touching many (a sweep of the book) builds an index.
   */
  private readonly stagedInOrder: Staged[] = [];
  /** How many of stagedInOrder this command staged; the objects beyond are kept for reuse (a pool). */
  private stagedCount = 0;
  private stagedIndex: Map<string, Staged> | undefined;
  /** The account stagedOf found last (cleared with the staging). */
  private last: Staged | undefined;
  private readonly onCommit: (() => void)[] = [];
  /** Scratch of commit: the assets posted and their sums. */
  private readonly assets: string[] = [];
  private readonly sums: bigint[] = [];
  private readonly sysNames: SystemAccount[] = [];
  private readonly sysAssets: string[] = [];
  private readonly sysNext: bigint[] = [];

  constructor(private readonly ledger: Ledger) {}

  /** Ready for the next command: nothing staged. */
  reset(): this {
    // (After a commit the array went out with its event and was replaced; otherwise it is ours.)
    this.postings.length = 0;
    this.stagedCount = 0;
    this.stagedIndex = undefined;
    this.last = undefined;
    this.onCommit.length = 0;
    return this;
  }

  /** Runs `fn` once the postings are applied: a part's own state change that must follow the ledger's. */
  afterCommit(fn: () => void): void {
    this.onCommit.push(fn);
  }

  private stagedOf(userId: string, asset: string, accountType: AccountType): Staged {
    // The account of the previous call again (a close posts to one account several times in a row).
    const last = this.last;
    if (
      last !== undefined &&
      last.userId === userId &&
      last.asset === asset &&
      last.accountType === accountType
    )
      return last;
    const list = this.stagedInOrder;
    const count = this.stagedCount;
    let s: Staged | undefined;
    if (this.stagedIndex !== undefined) {
      s = this.stagedIndex.get(`${userId}\u0000${assetKey(asset, accountType)}`);
    } else {
      for (let i = 0; i < count; i++) {
        const c = list[i] as Staged;
        if (c.userId === userId && c.asset === asset && c.accountType === accountType) {
          s = c;
          break;
        }
      }
    }
    if (s === undefined) {
      const current = this.ledger.account(userId, asset, accountType);
      const available = current?.available ?? ZERO;
      const frozen = current?.frozen ?? ZERO;
      if (count < list.length) {
        // An object of an earlier command's staging, refilled (it never left that command).
        s = list[count] as Staged;
        s.available = available;
        s.frozen = frozen;
        s.userId = userId;
        s.asset = asset;
        s.accountType = accountType;
        s.ref = undefined;
        s.touched = false;
      } else {
        s = { available, frozen, userId, asset, accountType, ref: undefined, touched: false };
        list.push(s);
      }
      this.stagedCount = count + 1;
      if (this.stagedIndex !== undefined) {
        this.stagedIndex.set(`${userId}\u0000${assetKey(asset, accountType)}`, s);
      } else if (count + 1 > STAGED_SCAN_LIMIT) {
        this.stagedIndex = new Map();
        for (let i = 0; i <= count; i++) {
          const c = list[i] as Staged;
          this.stagedIndex.set(`${c.userId}\u0000${assetKey(c.asset, c.accountType)}`, c);
        }
      }
    }
    this.last = s;
    return s;
  }

  user(
    userId: string,
    asset: string,
    accountType: AccountType,
    field: 'available' | 'frozen',
    delta: bigint,
  ) {
    if (delta === 0n) return;
    const s = this.stagedOf(userId, asset, accountType);
    if (s.ref === undefined) s.ref = { kind: 'user', userId, accountType };
    this.deltas[this.postings.length] = delta;
    this.postings.push({ account: s.ref, asset, field, delta: '' });
    s[field] = (s[field] + delta) as Amount;
    s.touched = true;
  }

  system(name: SystemAccount, asset: string, delta: bigint) {
    if (delta === 0n) return;
    this.deltas[this.postings.length] = delta;
    this.postings.push({ account: systemRef(name), asset, field: 'available', delta: '' });
  }

  /** Moves `amount` from available to frozen (a hold); INSUFFICIENT_BALANCE at once when it is not there. */
  freeze(userId: string, asset: string, accountType: AccountType, amount: bigint): void {
    this.requireAvailable(userId, asset, accountType, amount);
    this.user(userId, asset, accountType, 'available', -amount);
    this.user(userId, asset, accountType, 'frozen', amount);
  }

  /** The balance as this tx would leave it so far (read it within the command: the object is reused). */
  balanceOf(userId: string, asset: string, accountType: AccountType): Balance {
    return this.stagedOf(userId, asset, accountType);
  }

  requireAvailable(userId: string, asset: string, accountType: AccountType, amount: bigint): void {
    if (this.stagedOf(userId, asset, accountType).available < amount) reject('INSUFFICIENT_BALANCE');
  }

  get size(): number {
    return this.postings.length;
  }

  /**
   * Checks the rules, applies the postings and returns the command's events: one `postings` event and a
   * `balance` event per touched user account (none when nothing moved). Throws a Rejection when a rule
   * refuses (nothing applied); throws an Error when the postings do not balance (a bug).
   */
  commit(meta: CommandMeta): CoreEvent[] {
    const postings = this.postings;
    const deltas = this.deltas;
    if (postings.length === 0) {
      for (const fn of this.onCommit) fn();
      return [];
    }
    // Per-asset sums and next system balances in first-seen order; a command has a few of each (scans).
    const assets = this.assets;
    const sums = this.sums;
    let assetCount = 0;
    // The system accounts' next balances: parallel scratch arrays (name, asset, balance).
    const sysNames = this.sysNames;
    const sysAssets = this.sysAssets;
    const sysNext = this.sysNext;
    let sysCount = 0;
    for (let i = 0; i < postings.length; i++) {
      const p = postings[i] as Posting;
      const delta = deltas[i] as bigint;
      const asset = p.asset;
      let at = 0;
      while (at < assetCount && assets[at] !== asset) at++;
      if (at === assetCount) {
        assets[at] = asset;
        sums[at] = delta;
        assetCount++;
      } else {
        sums[at] = (sums[at] as bigint) + delta;
      }
      if (p.account.kind !== 'system') continue;
      const name = p.account.name;
      let k = 0;
      while (k < sysCount && (sysNames[k] !== name || sysAssets[k] !== asset)) k++;
      if (k === sysCount) {
        sysNames[k] = name;
        sysAssets[k] = asset;
        sysNext[k] = this.ledger.systemAmount(name, asset) + delta;
        sysCount++;
      } else {
        sysNext[k] = (sysNext[k] as bigint) + delta;
      }
    }
    for (let i = 0; i < assetCount; i++) {
      if (sums[i] !== 0n) throw new Error(`unbalanced postings in ${meta.commandType} for ${assets[i]}`);
    }
    const staged = this.stagedInOrder;
    const stagedCount = this.stagedCount;
    for (let i = 0; i < stagedCount; i++) {
      const s = staged[i] as Staged;
      if (!s.touched) continue;
      if (s.available < 0n || s.frozen < 0n) reject('INSUFFICIENT_BALANCE');
      if (s.available > MAX_BALANCE_ATOMS || s.frozen > MAX_BALANCE_ATOMS) reject('AMOUNT_TOO_LARGE');
    }
    for (let k = 0; k < sysCount; k++) {
      const b = sysNext[k] as bigint;
      if (b > MAX_BALANCE_ATOMS || b < MIN_SYSTEM_ATOMS) reject('AMOUNT_TOO_LARGE');
    }
    // Every check passed: apply.
    for (let i = 0; i < stagedCount; i++) {
      const s = staged[i] as Staged;
      if (!s.touched) continue;
      const current = this.ledger.account(s.userId, s.asset, s.accountType);
      if (current === undefined) {
        this.ledger.setAccount(s.userId, s.asset, s.accountType, {
          available: s.available,
          frozen: s.frozen,
        });
      } else {
        current.available = s.available;
        current.frozen = s.frozen;
      }
    }
    for (let k = 0; k < sysCount; k++) {
      this.ledger.setSystem(sysNames[k] as SystemAccount, sysAssets[k] as string, sysNext[k] as Amount);
    }
    for (const fn of this.onCommit) fn();

    for (let i = 0; i < postings.length; i++)
      (postings[i] as Posting).delta = formatAtomsCached(deltas[i] as bigint);
    // { type, ...meta, postings } with its keys in that order, built directly.
    const events: CoreEvent[] = [
      {
        type: 'postings',
        seq: meta.seq,
        commandId: meta.commandId,
        commandType: meta.commandType,
        actor: meta.actor,
        ts: meta.ts,
        ref: meta.ref,
        postings,
      },
    ];
    for (let i = 0; i < stagedCount; i++) {
      const s = staged[i] as Staged;
      if (!s.touched) continue;
      events.push({
        type: 'balance',
        seq: meta.seq,
        userId: s.userId,
        asset: s.asset,
        accountType: s.accountType,
        available: formatAtoms(s.available),
        frozen: formatAtoms(s.frozen),
      });
    }
    // The postings array went out with the event: the next command stages into a new one.
    this.postings = [];
    return events;
  }
}
