// Proof of liabilities (docs/proof-of-liabilities.md): takes snapshots of the ledger (one consistent core
// sequence number), builds one Merkle sum tree per asset, stores snapshot, roots and leaves in SQL, writes
// every root to the hash-chained audit log in the same transaction, and answers each user's inclusion
// proofs. Snapshots are taken one at a time (a second request waits for the first).
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  buildSumTree,
  type InclusionProof,
  POL_VERSION,
  proofPath,
  type SumTree,
} from '@coin/shared/liabilities-tree';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatAtoms } from '@/core/atoms';
import type { MoneyCore } from '@/core/types';
import type { Db, Executor } from '@/db/client';
import { liabilityLeaves, liabilityRoots, liabilitySnapshots } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { readLedger } from './ledger-reading';
import { newSaltKey, salter, saltFor, sha256Hex } from './liability-hash';
import { type AssetLiabilities, buildAssetTree, saltCache } from './liability-trees';

export type SnapshotKind = 'daily' | 'manual';

/** A system account's balance at the snapshot (atoms and decimal; may be negative). */
export interface SystemAccountView {
  name: string;
  balance: string;
  atoms: string;
}

export interface AssetRootView {
  asset: string;
  /** Null when no user has an account in the asset. */
  rootHash: string | null;
  leaves: number;
  userTotal: string;
  userTotalAtoms: string;
  systemTotal: string;
  systemTotalAtoms: string;
  /** userTotal + systemTotal == 0: the ledger's zero sum, as published. */
  balanced: boolean;
  system: SystemAccountView[];
}

export interface ReservesView {
  /** Always true today: the embedded demo holds no real assets. */
  simulated: true;
  /** Custody the simulated chain implies: deposits credited minus withdrawals paid (clearing accounts). */
  assets: Array<{ asset: string; amount: string }>;
}

export interface SnapshotView {
  id: string;
  kind: SnapshotKind;
  takenAt: string;
  coreSeq: number;
  stateHash: string;
  users: number;
  assets: AssetRootView[];
  reserves: ReservesView | null;
}

export interface SnapshotSummary {
  id: string;
  kind: SnapshotKind;
  takenAt: string;
  coreSeq: number;
  stateHash: string;
  users: number;
  assets: number;
}

export interface UserProofView {
  asset: string;
  /** Decimal balance of the leaf (every account type, available + frozen). */
  balance: string;
  root: { hash: string; sum: string };
  proof: InclusionProof;
}

export interface UserProofs {
  snapshot: SnapshotView;
  userId: string;
  proofs: UserProofView[];
}

interface StoredSystemAccount {
  asset: string;
  name: string;
  balance: string;
}

export interface LiabilityServiceOptions {
  /** The in-process money core, if any (read at call time). */
  core: () => MoneyCore | undefined;
  /** Whether the simulated chain runs (reserves are then shown, labelled simulated). */
  simulatedChain: boolean;
  /** Hour of the UTC day from which the daily snapshot is due. */
  dailyHourUtc: number;
  /** Leaves kept in memory across cached trees (least recently used trees go first). */
  cacheLeaves: number;
}

/** Leaves per INSERT statement (one JSON parameter each, so no bound-parameter limit applies). */
const LEAF_INSERT_CHUNK = 20_000;

/** Rows of one asset's leaves read back in tree order, per page (bounded memory per query). */
const LEAF_READ_PAGE = 50_000;

export class LiabilityService {
  private queue: Promise<unknown> = Promise.resolve();
  /** `${snapshotId}:${asset}` -> tree, in least-recently-used order. */
  private readonly trees = new Map<string, SumTree>();
  private cachedLeaves = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly opts: LiabilityServiceOptions,
  ) {}

  /** Takes a snapshot now ('manual', audited with the operator) or the day's one ('daily'). */
  take(kind: SnapshotKind, operatorId?: bigint): Promise<SnapshotView> {
    const run = this.queue.then(() => this.takeNow(kind, operatorId));
    this.queue = run.catch(() => {});
    return run;
  }

  /** The daily snapshot when it is due and not yet taken today (idempotent per UTC day). */
  async runDue(): Promise<SnapshotView | undefined> {
    const now = this.clock.now();
    if (now.getUTCHours() < this.opts.dailyHourUtc) return undefined;
    if (await this.dailyExists(utcDay(now))) return undefined;
    const core = this.opts.core();
    if (core === undefined) return undefined;
    return this.take('daily');
  }

  private async dailyExists(day: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: liabilitySnapshots.id })
      .from(liabilitySnapshots)
      .where(and(eq(liabilitySnapshots.kind, 'daily'), eq(liabilitySnapshots.day, day)))
      .limit(1);
    return row !== undefined;
  }

  private async takeNow(kind: SnapshotKind, operatorId?: bigint): Promise<SnapshotView> {
    const core = this.opts.core();
    if (core === undefined) throw new AppError('LIABILITY_CORE_UNAVAILABLE');
    const takenAt = this.clock.now();
    const day = utcDay(takenAt);
    if (kind === 'daily' && (await this.dailyExists(day))) return this.latest();
    const reading = readLedger(core);
    if (reading === undefined) throw new AppError('LIABILITY_CORE_UNAVAILABLE');

    // The reading is a copy: building may yield to the event loop between assets.
    const saltKey = newSaltKey();
    const salts = saltCache(salter(saltKey));
    const systemByAsset = new Map<string, bigint>();
    for (const s of reading.system)
      systemByAsset.set(s.asset, (systemByAsset.get(s.asset) ?? 0n) + s.balance);
    const assets = [...new Set([...reading.perAsset.keys(), ...systemByAsset.keys()])].sort();
    const built: AssetLiabilities[] = [];
    const users = new Set<string>();
    for (const asset of assets) {
      const perUser = reading.perAsset.get(asset) ?? new Map<string, bigint>();
      for (const u of perUser.keys()) users.add(u);
      built.push({
        ...buildAssetTree(asset, perUser, salts, sha256Hex),
        systemTotal: systemByAsset.get(asset) ?? 0n,
      });
      await yieldToLoop();
    }
    const system: StoredSystemAccount[] = reading.system
      .filter((s) => s.balance !== 0n)
      .map((s) => ({ asset: s.asset, name: s.name, balance: s.balance.toString() }))
      .sort((a, b) => cmp(a.asset, b.asset) || cmp(a.name, b.name));
    const reserves = this.opts.simulatedChain ? simulatedCustody(reading.system) : null;

    const snapshotId = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(liabilitySnapshots)
        .values({
          kind,
          day,
          coreSeq: reading.seq,
          stateHash: reading.stateHash,
          saltKey,
          requestedBy: operatorId ?? null,
          users: users.size,
          systemAccounts: system,
          reserves,
          takenAt,
        })
        .onConflictDoNothing()
        .returning({ id: liabilitySnapshots.id });
      // Another process took today's daily snapshot first: nothing to add.
      if (row === undefined) return undefined;
      for (const a of built) {
        await tx.insert(liabilityRoots).values({
          snapshotId: row.id,
          asset: a.asset,
          rootHash: a.tree?.root.hash ?? null,
          userTotal: a.userTotal.toString(),
          systemTotal: a.systemTotal.toString(),
          leaves: a.userIds.length,
        });
        for (let i = 0; i < a.userIds.length; i += LEAF_INSERT_CHUNK) {
          await insertLeaves(tx, row.id, a, i, Math.min(i + LEAF_INSERT_CHUNK, a.userIds.length));
        }
      }
      if (kind === 'manual' && operatorId !== undefined) {
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: 'liabilities.snapshot',
            payload: { snapshotId: row.id.toString(), coreSeq: reading.seq, stateHash: reading.stateHash },
          },
          takenAt,
        );
      }
      // Every root in the hash-chained log: changing a published root later breaks the chain.
      for (const a of built) {
        await appendAudit(
          tx,
          {
            actorType: 'system',
            actorId: 'liabilities',
            action: 'liabilities.root',
            payload: {
              snapshotId: row.id.toString(),
              asset: a.asset,
              rootHash: a.tree?.root.hash ?? null,
              userTotal: a.userTotal.toString(),
              systemTotal: a.systemTotal.toString(),
              leaves: a.userIds.length,
              coreSeq: reading.seq,
              stateHash: reading.stateHash,
            },
          },
          takenAt,
        );
      }
      return row.id;
    });
    if (snapshotId === undefined) return this.latest();
    for (const a of built) if (a.tree) this.remember(`${snapshotId}:${a.asset}`, a.tree);
    return this.view(snapshotId);
  }

  // ---- reads ----

  async latest(): Promise<SnapshotView> {
    const [row] = await this.db
      .select({ id: liabilitySnapshots.id })
      .from(liabilitySnapshots)
      .orderBy(desc(liabilitySnapshots.id))
      .limit(1);
    if (row === undefined) throw new AppError('LIABILITY_SNAPSHOT_NOT_FOUND');
    return this.view(row.id);
  }

  async view(id: bigint, db: Executor = this.db): Promise<SnapshotView> {
    const [s] = await db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.id, id));
    if (s === undefined) throw new AppError('LIABILITY_SNAPSHOT_NOT_FOUND');
    const roots = await db
      .select()
      .from(liabilityRoots)
      .where(eq(liabilityRoots.snapshotId, id))
      .orderBy(asc(liabilityRoots.asset));
    const system = s.systemAccounts as StoredSystemAccount[];
    return {
      id: s.id.toString(),
      kind: s.kind as SnapshotKind,
      takenAt: s.takenAt.toISOString(),
      coreSeq: s.coreSeq,
      stateHash: s.stateHash,
      users: s.users,
      assets: roots.map((r) => {
        const userTotal = BigInt(r.userTotal);
        const systemTotal = BigInt(r.systemTotal);
        return {
          asset: r.asset,
          rootHash: r.rootHash,
          leaves: r.leaves,
          userTotal: formatAtoms(userTotal),
          userTotalAtoms: r.userTotal,
          systemTotal: formatAtoms(systemTotal),
          systemTotalAtoms: r.systemTotal,
          balanced: userTotal + systemTotal === 0n,
          system: system
            .filter((a) => a.asset === r.asset)
            .map((a) => ({ name: a.name, balance: formatAtoms(BigInt(a.balance)), atoms: a.balance })),
        };
      }),
      reserves: (s.reserves as ReservesView | null) ?? null,
    };
  }

  async list(
    current: number,
    size: number,
  ): Promise<{ records: SnapshotSummary[]; total: number; current: number; size: number }> {
    const rows = await this.db
      .select()
      .from(liabilitySnapshots)
      .orderBy(desc(liabilitySnapshots.id))
      .limit(size)
      .offset((current - 1) * size);
    const [total] = await this.db.select({ n: count() }).from(liabilitySnapshots);
    const ids = rows.map((r) => r.id);
    const assetCounts = new Map<string, number>();
    if (ids.length > 0) {
      const counts = await this.db
        .select({ id: liabilityRoots.snapshotId, n: count() })
        .from(liabilityRoots)
        .where(inArray(liabilityRoots.snapshotId, ids))
        .groupBy(liabilityRoots.snapshotId);
      for (const c of counts) assetCounts.set(c.id.toString(), c.n);
    }
    return {
      records: rows.map((r) => ({
        id: r.id.toString(),
        kind: r.kind as SnapshotKind,
        takenAt: r.takenAt.toISOString(),
        coreSeq: r.coreSeq,
        stateHash: r.stateHash,
        users: r.users,
        assets: assetCounts.get(r.id.toString()) ?? 0,
      })),
      total: total?.n ?? 0,
      current,
      size,
    };
  }

  /** The caller's inclusion proofs in a snapshot (the latest by default): only ever their own leaves. */
  async proofs(userId: bigint, snapshotId?: bigint): Promise<UserProofs> {
    const snapshot = snapshotId === undefined ? await this.latest() : await this.view(snapshotId);
    const id = BigInt(snapshot.id);
    const [secret] = await this.db
      .select({ saltKey: liabilitySnapshots.saltKey })
      .from(liabilitySnapshots)
      .where(eq(liabilitySnapshots.id, id));
    if (secret === undefined) throw new AppError('LIABILITY_SNAPSHOT_NOT_FOUND');
    const user = userId.toString();
    const leaves = await this.db
      .select()
      .from(liabilityLeaves)
      .where(and(eq(liabilityLeaves.snapshotId, id), eq(liabilityLeaves.userId, user)))
      .orderBy(asc(liabilityLeaves.asset));
    const salt = saltFor(secret.saltKey, user);
    const proofs: UserProofView[] = [];
    for (const leaf of leaves) {
      const root = snapshot.assets.find((a) => a.asset === leaf.asset);
      if (root?.rootHash == null) continue;
      const tree = await this.treeOf(id, leaf.asset, root.rootHash);
      proofs.push({
        asset: leaf.asset,
        balance: formatAtoms(BigInt(leaf.balance)),
        root: { hash: root.rootHash, sum: root.userTotalAtoms },
        proof: {
          version: POL_VERSION,
          asset: leaf.asset,
          userId: user,
          salt,
          balance: leaf.balance,
          path: proofPath(tree, leaf.position),
        },
      });
    }
    return { snapshot, userId: user, proofs };
  }

  /** A snapshot's tree of one asset: from memory, or rebuilt from its stored leaves and checked. */
  private async treeOf(snapshotId: bigint, asset: string, rootHash: string): Promise<SumTree> {
    const key = `${snapshotId}:${asset}`;
    const cached = this.trees.get(key);
    if (cached !== undefined) {
      this.trees.delete(key);
      this.trees.set(key, cached);
      return cached;
    }
    const hashes: string[] = [];
    const sums: bigint[] = [];
    for (let from = 0; ; from += LEAF_READ_PAGE) {
      const page = await this.db
        .select({
          position: liabilityLeaves.position,
          leafHash: liabilityLeaves.leafHash,
          balance: liabilityLeaves.balance,
        })
        .from(liabilityLeaves)
        .where(and(eq(liabilityLeaves.snapshotId, snapshotId), eq(liabilityLeaves.asset, asset)))
        .orderBy(asc(liabilityLeaves.position))
        .limit(LEAF_READ_PAGE)
        .offset(from);
      for (const r of page) {
        if (r.position !== hashes.length) throw new Error(`liability leaves of ${key} have a gap`);
        hashes.push(r.leafHash);
        sums.push(BigInt(r.balance));
      }
      if (page.length < LEAF_READ_PAGE) break;
    }
    const tree = buildSumTree(sha256Hex, hashes, sums);
    // Stored leaves that no longer give the published (and audit-logged) root were changed: refuse.
    if (tree === undefined || tree.root.hash !== rootHash) {
      throw new Error(`liability leaves of ${key} do not rebuild the published root`);
    }
    this.remember(key, tree);
    return tree;
  }

  private remember(key: string, tree: SumTree): void {
    const size = (tree.levels[0] as { hashes: string[] }).hashes.length;
    if (size > this.opts.cacheLeaves) return;
    this.trees.set(key, tree);
    this.cachedLeaves += size;
    for (const [k, t] of this.trees) {
      if (this.cachedLeaves <= this.opts.cacheLeaves) break;
      this.trees.delete(k);
      this.cachedLeaves -= (t.levels[0] as { hashes: string[] }).hashes.length;
    }
  }
}

/**
 * Leaves [from, to) of one asset as ONE statement: the rows travel as one JSON parameter and the database
 * unpacks them (jsonb_array_elements). drizzle's insert builder costs tens of microseconds per row, which at
 * a million leaves was minutes.
 */
async function insertLeaves(tx: Executor, snapshotId: bigint, a: AssetLiabilities, from: number, to: number) {
  const rows: [number, string, string, string][] = [];
  for (let k = from; k < to; k++) {
    rows.push([k, a.userIds[k] as string, (a.balances[k] as bigint).toString(), a.leafHashes[k] as string]);
  }
  // Arrays, not objects: a quarter of the JSON size; read back by position.
  await tx.execute(sql`
    insert into ${liabilityLeaves} (snapshot_id, asset, position, user_id, balance, leaf_hash)
    select ${snapshotId}, ${a.asset}, (r->>0)::integer, r->>1, (r->>2)::numeric, r->>3
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r`);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * What the simulated chain holds for the platform, per asset: deposits credited (deposit clearing is their
 * negative) minus withdrawals paid out (withdrawal clearing), at the snapshot's sequence number.
 */
function simulatedCustody(system: Iterable<{ name: string; asset: string; balance: bigint }>): ReservesView {
  const perAsset = new Map<string, bigint>();
  for (const s of system) {
    if (s.name !== 'deposit_clearing' && s.name !== 'withdrawal_clearing') continue;
    perAsset.set(s.asset, (perAsset.get(s.asset) ?? 0n) - s.balance);
  }
  return {
    simulated: true,
    assets: [...perAsset.entries()]
      .sort(([a], [b]) => cmp(a, b))
      .map(([asset, amount]) => ({ asset, amount: formatAtoms(amount) })),
  };
}
