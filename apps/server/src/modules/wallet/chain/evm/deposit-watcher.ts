// The deposit watcher: follows the chain block by block from its stored cursor, finds native transfers
// and ERC-20 Transfer logs to deposit addresses, and reports every pending one with its confirmations
// (head - block + 1) to the deposit service, which credits it once per (tx hash, log index) when it has
// enough. Reorganisations: before moving on, the hash of the cursor block is compared with the chain's;
// when it differs, the watcher walks back through the block hashes it kept to the last common block,
// marks the deposits above it dropped (reported as such: never credited) and scans again from there.
// A block that re-includes a dropped transfer makes it pending again.
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { getAddress, type Hash, type Log, parseAbiItem } from 'viem';
import {
  custodyBlocks,
  custodyCursors,
  custodyDeposits,
  custodyTxAttempts,
  custodyTxs,
  walletAddresses,
  walletRecharges,
} from '@/db/schema';
import type { ObservedOutput } from '../chain-adapter';
import { type EvmChain, errorText, NATIVE_ASSET, toWalletAmount } from './evm-chain';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks scanned per tick at most (a long downtime is caught up over several ticks). */
const MAX_BLOCKS_PER_TICK = 50n;
/** Block hashes kept beyond the confirmations, to find the common block of a reorganisation. */
const EXTRA_KEPT_BLOCKS = 64n;

interface Found {
  txHash: Hash;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  address: `0x${string}`;
  userId: bigint;
  asset: string;
  value: bigint;
}

export class DepositWatcher {
  /** Deposit address (checksummed) -> user id; loaded from SQL at start, extended as addresses are handed out. */
  private readonly owners = new Map<string, bigint>();

  constructor(
    private readonly chain: EvmChain,
    private readonly report: (outputs: ObservedOutput[]) => Promise<void>,
  ) {}

  async load(): Promise<void> {
    const rows = await this.chain.db
      .selectDistinct({ address: walletAddresses.address, userId: walletAddresses.userId })
      .from(walletAddresses)
      .where(eq(walletAddresses.chain, this.chain.name));
    for (const r of rows) this.owners.set(getAddress(r.address), r.userId);
  }

  watch(address: `0x${string}`, userId: bigint): void {
    this.owners.set(getAddress(address), userId);
  }

  /** One round: reorganisation check, scan of new blocks, report of the pending deposits. */
  async tick(head: bigint): Promise<void> {
    const cursor = await this.cursor(head);
    if (cursor === undefined) return;
    let from = cursor.number;
    const canonical = await this.blockHash(cursor.number);
    if (canonical !== cursor.hash) from = await this.rewind(cursor.number);
    if (from < head)
      await this.scan(from, head < from + MAX_BLOCKS_PER_TICK ? head : from + MAX_BLOCKS_PER_TICK);
    await this.reportPending(head);
  }

  private async cursor(head: bigint): Promise<{ number: bigint; hash: string } | undefined> {
    const db = this.chain.db;
    const [row] = await db.select().from(custodyCursors).where(eq(custodyCursors.chain, this.chain.name));
    if (row) return { number: row.blockNumber, hash: row.blockHash };
    // First start: from EVM_START_BLOCK, else from the current head (nothing before it is scanned).
    const start = this.chain.settings.startBlock;
    const number = start === undefined ? head : start > 0n ? start - 1n : 0n;
    const hash = await this.blockHash(number);
    if (hash === undefined) return undefined;
    await db.transaction(async (tx) => {
      await tx
        .insert(custodyCursors)
        .values({
          chain: this.chain.name,
          blockNumber: number,
          blockHash: hash,
          updatedAt: this.chain.clock.now(),
        })
        .onConflictDoNothing();
      await tx.insert(custodyBlocks).values({ chain: this.chain.name, number, hash }).onConflictDoNothing();
    });
    return { number, hash };
  }

  private async blockHash(number: bigint): Promise<string | undefined> {
    try {
      const block = await this.chain.client.getBlock({ blockNumber: number });
      return block.hash ?? undefined;
    } catch {
      // Past the head (the chain got shorter): not the block we had.
      return undefined;
    }
  }

  /**
   * The cursor block is no longer on the chain: find the newest kept block that still is, drop the
   * deposits above it, and move the cursor back to it.
   */
  private async rewind(cursorNumber: bigint): Promise<bigint> {
    const db = this.chain.db;
    const kept = await db
      .select()
      .from(custodyBlocks)
      .where(and(eq(custodyBlocks.chain, this.chain.name), lte(custodyBlocks.number, cursorNumber)))
      .orderBy(desc(custodyBlocks.number));
    let ancestor: { number: bigint; hash: string } | undefined;
    for (const b of kept) {
      if ((await this.blockHash(b.number)) === b.hash) {
        ancestor = { number: b.number, hash: b.hash };
        break;
      }
    }
    if (!ancestor) {
      throw new Error(
        `${this.chain.name}: reorganisation deeper than the ${kept.length} kept blocks; the watcher stops (operator check needed)`,
      );
    }
    const now = this.chain.clock.now();
    const dropped = await db.transaction(async (tx) => {
      const rows = await tx
        .update(custodyDeposits)
        .set({ status: 'dropped', updatedAt: now })
        .where(
          and(
            eq(custodyDeposits.chain, this.chain.name),
            gt(custodyDeposits.blockNumber, ancestor.number),
            eq(custodyDeposits.status, 'pending'),
          ),
        )
        .returning();
      await tx
        .delete(custodyBlocks)
        .where(and(eq(custodyBlocks.chain, this.chain.name), gt(custodyBlocks.number, ancestor.number)));
      await tx
        .update(custodyCursors)
        .set({ blockNumber: ancestor.number, blockHash: ancestor.hash, updatedAt: now })
        .where(eq(custodyCursors.chain, this.chain.name));
      return rows;
    });
    const credited = await db
      .select({ id: custodyDeposits.id, txHash: custodyDeposits.txHash })
      .from(custodyDeposits)
      .where(
        and(
          eq(custodyDeposits.chain, this.chain.name),
          gt(custodyDeposits.blockNumber, ancestor.number),
          eq(custodyDeposits.status, 'credited'),
        ),
      );
    if (credited.length > 0) {
      this.chain.log.error(
        { chain: this.chain.name, deposits: credited.map((c) => c.txHash) },
        'credited deposits were in blocks that left the chain: raise EVM_CONFIRMATIONS and check them by hand',
      );
    }
    this.chain.log.warn(
      {
        chain: this.chain.name,
        from: cursorNumber.toString(),
        to: ancestor.number.toString(),
        dropped: dropped.length,
      },
      'chain reorganisation: rewound the deposit watcher',
    );
    if (dropped.length > 0) await this.report(dropped.map((d) => this.output(d, 0, true)));
    return ancestor.number;
  }

  /** Scans blocks (from, to] and stores what it found, the block hashes and the new cursor at once. */
  private async scan(from: bigint, to: bigint): Promise<void> {
    const client = this.chain.client;
    const found: Found[] = [];
    const hashes: { number: bigint; hash: string }[] = [];
    const [prev] = await this.chain.db
      .select()
      .from(custodyBlocks)
      .where(and(eq(custodyBlocks.chain, this.chain.name), eq(custodyBlocks.number, from)));
    let parent = prev?.hash;
    const candidates: { tx: Hash; to: `0x${string}`; value: bigint; blockNumber: bigint; blockHash: Hash }[] =
      [];
    for (let n = from + 1n; n <= to; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      if (!block.hash) return;
      // A block that does not follow the previous one: a reorganisation mid-scan; the next tick rewinds.
      if (parent !== undefined && block.parentHash !== parent) return;
      parent = block.hash;
      hashes.push({ number: n, hash: block.hash });
      for (const tx of block.transactions) {
        if (!tx.to || tx.value === 0n) continue;
        const to = getAddress(tx.to);
        if (!this.owners.has(to)) continue;
        candidates.push({ tx: tx.hash, to, value: tx.value, blockNumber: n, blockHash: block.hash });
      }
    }
    const topups = await this.topupHashes(candidates.map((c) => c.tx));
    for (const c of candidates) {
      if (topups.has(c.tx)) continue;
      // A failed transaction keeps its value: only a successful one paid the address.
      const receipt = await client.getTransactionReceipt({ hash: c.tx });
      if (receipt.status !== 'success') continue;
      const userId = this.owners.get(c.to);
      if (userId === undefined) continue;
      found.push({
        txHash: c.tx,
        logIndex: -1,
        blockNumber: c.blockNumber,
        blockHash: c.blockHash,
        address: c.to,
        userId,
        asset: NATIVE_ASSET,
        value: c.value,
      });
    }
    if (this.chain.tokens.length > 0) {
      const logs = await client.getLogs({
        address: this.chain.tokens.map((t) => t.contract),
        event: TRANSFER,
        fromBlock: from + 1n,
        toBlock: to,
      });
      for (const log of logs) {
        const f = this.tokenTransfer(log, hashes);
        if (f === 'reorg') return;
        if (f) found.push(f);
      }
    }
    const now = this.chain.clock.now();
    const last = hashes.at(-1);
    if (!last) return;
    await this.chain.db.transaction(async (tx) => {
      for (const f of found) {
        await tx
          .insert(custodyDeposits)
          .values({
            chain: this.chain.name,
            txHash: f.txHash,
            logIndex: f.logIndex,
            blockNumber: f.blockNumber,
            blockHash: f.blockHash,
            address: f.address,
            userId: f.userId,
            asset: f.asset,
            value: f.value.toString(),
            status: toWalletAmount(this.chain, f.asset, f.value) === '0' ? 'ignored' : 'pending',
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [custodyDeposits.chain, custodyDeposits.txHash, custodyDeposits.logIndex],
            // Re-included after a reorganisation: pending again, in its new block.
            set: { blockNumber: f.blockNumber, blockHash: f.blockHash, status: 'pending', updatedAt: now },
            setWhere: eq(custodyDeposits.status, 'dropped'),
          });
        // The deposit service maps outputs to users through the handed-out addresses of each asset.
        await tx
          .insert(walletAddresses)
          .values({
            chain: this.chain.name,
            address: f.address,
            userId: f.userId,
            asset: f.asset,
            network: this.chain.settings.network,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
      if (hashes.length > 0) {
        await tx
          .insert(custodyBlocks)
          .values(hashes.map((h) => ({ chain: this.chain.name, ...h })))
          .onConflictDoUpdate({
            target: [custodyBlocks.chain, custodyBlocks.number],
            set: { hash: custodyBlocks.hash },
          });
      }
      await tx
        .update(custodyCursors)
        .set({ blockNumber: last.number, blockHash: last.hash, updatedAt: now })
        .where(eq(custodyCursors.chain, this.chain.name));
      const keep = BigInt(this.chain.settings.confirmations) + EXTRA_KEPT_BLOCKS;
      if (last.number > keep) {
        await tx
          .delete(custodyBlocks)
          .where(
            and(eq(custodyBlocks.chain, this.chain.name), lte(custodyBlocks.number, last.number - keep)),
          );
      }
    });
    if (found.length > 0) {
      this.chain.log.info(
        { chain: this.chain.name, deposits: found.length, to: last.number.toString() },
        'deposits found',
      );
    }
  }

  private tokenTransfer(
    log: Log<bigint, number, false, typeof TRANSFER>,
    hashes: { number: bigint; hash: string }[],
  ): Found | 'reorg' | undefined {
    const to = log.args.to;
    const value = log.args.value;
    if (
      !to ||
      value === undefined ||
      value === 0n ||
      log.blockNumber === null ||
      log.transactionHash === null
    )
      return undefined;
    if (log.logIndex === null || log.blockHash === null) return undefined;
    const userId = this.owners.get(getAddress(to));
    if (userId === undefined) return undefined;
    const token = this.chain.tokens.find((t) => t.contract.toLowerCase() === log.address.toLowerCase());
    if (!token) return undefined;
    // The log must come from the blocks just scanned, not from a chain that replaced them since.
    if (hashes.find((h) => h.number === log.blockNumber)?.hash !== log.blockHash) return 'reorg';
    return {
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      address: getAddress(to),
      userId,
      asset: token.asset,
      value,
    };
  }

  /** Gas top-ups the custody sent to deposit addresses: not deposits. */
  private async topupHashes(hashes: Hash[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await this.chain.db
      .select({ hash: custodyTxAttempts.txHash })
      .from(custodyTxAttempts)
      .innerJoin(custodyTxs, eq(custodyTxs.id, custodyTxAttempts.txId))
      .where(and(inArray(custodyTxAttempts.txHash, hashes), eq(custodyTxs.kind, 'topup')));
    return new Set(rows.map((r) => r.hash));
  }

  /** Pending deposits with their confirmations; those the deposit service credited are marked so. */
  private async reportPending(head: bigint): Promise<void> {
    const db = this.chain.db;
    const pending = await db
      .select()
      .from(custodyDeposits)
      .where(and(eq(custodyDeposits.chain, this.chain.name), eq(custodyDeposits.status, 'pending')));
    if (pending.length === 0) return;
    // One at a time: a deposit the core refuses (e.g. above the asset's maximum) must not hold up others.
    for (const d of pending) {
      try {
        await this.report([this.output(d, Number(head - d.blockNumber + 1n), false)]);
      } catch (err) {
        this.chain.log.error(
          { chain: this.chain.name, tx: d.txHash, logIndex: d.logIndex, reason: errorText(err) },
          'deposit not credited: check it by hand',
        );
      }
    }
    const credited = await db
      .select({ txid: walletRecharges.txid, vout: walletRecharges.vout })
      .from(walletRecharges)
      .where(
        and(
          eq(walletRecharges.chain, this.chain.name),
          inArray(
            walletRecharges.txid,
            pending.map((d) => d.txHash),
          ),
          eq(walletRecharges.status, 1),
        ),
      );
    const done = pending.filter((d) => credited.some((c) => c.txid === d.txHash && c.vout === d.logIndex));
    if (done.length === 0) return;
    await db
      .update(custodyDeposits)
      .set({ status: 'credited', updatedAt: this.chain.clock.now() })
      .where(
        and(
          inArray(
            custodyDeposits.id,
            done.map((d) => d.id),
          ),
          eq(custodyDeposits.status, 'pending'),
        ),
      );
  }

  private output(
    d: typeof custodyDeposits.$inferSelect,
    confirmations: number,
    dropped: boolean,
  ): ObservedOutput {
    return {
      txid: d.txHash,
      vout: d.logIndex,
      address: d.address,
      asset: d.asset,
      network: this.chain.settings.network,
      amount: toWalletAmount(this.chain, d.asset, BigInt(d.value)),
      confirmations: Math.max(0, confirmations),
      requiredConfirmations: this.chain.settings.confirmations,
      ...(dropped ? { dropped: true } : {}),
    };
  }
}
