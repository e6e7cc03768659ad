// The signer: every outgoing transaction (withdrawal payouts from the hot wallet, sweeps from deposit
// addresses, gas top-ups) goes through here, and a crash at any point never sends twice:
//
// 1. An intent is a `custody_txs` row (status queued, unique per kind and ref), written in the same SQL
//    transaction as the decision that caused it (e.g. the operator's approval).
// 2. Signing fixes the nonce (the larger of the stored next nonce and the chain's pending count) and
//    stores the signed bytes (`custody_tx_attempts`) and status `signed` BEFORE anything is broadcast.
// 3. A `signed` or `sent` row is (re)broadcast with its stored bytes: the same transaction, the same hash.
//    After a restart the node answers "already known" or "nonce too low"; neither makes a second payment.
// 4. A sent transaction not mined after EVM_REPLACE_AFTER_BLOCKS blocks is replaced: the same nonce,
//    recipient and value with higher EIP-1559 fees, stored as a new attempt before it is broadcast. All
//    attempts share the nonce, so at most one of them can ever be mined.
// 5. Each round the receipts of all attempts are looked up (a reorganisation can make a mined one vanish:
//    it is sent again); when the nonce is used on chain by none of them the row is a `conflict` for an
//    operator. At EVM_CONFIRMATIONS the row is final (`confirmed` or `reverted`) and its owner is told.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, type Hash, keccak256, type TransactionReceipt } from 'viem';
import type { Executor } from '@/db/client';
import { custodyNonces, custodyTxAttempts, custodyTxs } from '@/db/schema';
import { type EvmChain, errorText, NATIVE_ASSET, tokenOf } from './evm-chain';

export type CustodyTx = typeof custodyTxs.$inferSelect;
export type TxKind = 'payout' | 'sweep' | 'topup';
export type TxOutcome = 'confirmed' | 'reverted' | 'skipped';

export interface TxIntent {
  kind: TxKind;
  ref: string;
  signer: string;
  fromAddress: string;
  recipient: string;
  asset: string;
  /** On-chain units, or 'all' (a sweep: the whole balance, for the native coin less the gas). */
  value: string;
}

export interface TxOwner {
  /** A new hash for the row (signed, replaced or the one mined). */
  onHash?(row: CustodyTx, hash: string): Promise<void>;
  /** The row is final: confirmed or reverted at EVM_CONFIRMATIONS, or skipped (a sweep of nothing). */
  onFinal(row: CustodyTx, outcome: TxOutcome): Promise<void>;
}

/** Fee bump of a replacement: at least +12.5 % (nodes require +10 %) over the previous attempt. */
const BUMP_NUM = 1125n;
const BUMP_DEN = 1000n;

const ALREADY_SENT =
  /already known|nonce too low|known transaction|already imported|replacement transaction underpriced|nonce has already been used/i;

export class TxOutbox {
  private readonly owners = new Map<TxKind, TxOwner>();

  constructor(private readonly chain: EvmChain) {}

  setOwner(kind: TxKind, owner: TxOwner): void {
    this.owners.set(kind, owner);
  }

  /** Writes an intent (idempotent per kind and ref) with the caller's executor (its SQL transaction). */
  async enqueue(exec: Executor, intent: TxIntent): Promise<void> {
    const now = this.chain.clock.now();
    await exec
      .insert(custodyTxs)
      .values({ chain: this.chain.name, ...intent, status: 'queued', createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  }

  async byRef(kind: TxKind, ref: string): Promise<CustodyTx | undefined> {
    const [row] = await this.chain.db
      .select()
      .from(custodyTxs)
      .where(and(eq(custodyTxs.chain, this.chain.name), eq(custodyTxs.kind, kind), eq(custodyTxs.ref, ref)));
    return row;
  }

  async tick(head: bigint): Promise<void> {
    await this.track(head);
    await this.signQueued(head);
  }

  // ---- sent transactions: broadcast, receipts, replacement, finality ----

  private async track(head: bigint): Promise<void> {
    const rows = await this.chain.db
      .select()
      .from(custodyTxs)
      .where(
        and(eq(custodyTxs.chain, this.chain.name), inArray(custodyTxs.status, ['signed', 'sent', 'mined'])),
      )
      .orderBy(asc(custodyTxs.nonce), asc(custodyTxs.id));
    for (const row of rows) {
      try {
        await this.trackOne(row, head);
      } catch (err) {
        this.chain.log.warn(
          { tx: row.id.toString(), kind: row.kind, reason: errorText(err) },
          'custody transaction check failed',
        );
        await this.note(row.id, errorText(err));
      }
    }
  }

  private async trackOne(row: CustodyTx, head: bigint): Promise<void> {
    const attempts = await this.attempts(row.id);
    const latest = attempts.at(-1);
    if (!latest || row.nonce === null) return;
    const receipt = await this.findReceipt(attempts.map((a) => a.txHash as Hash));
    if (receipt) {
      const confirmations = head - receipt.blockNumber + 1n;
      if (row.status !== 'mined' || row.txHash !== receipt.transactionHash) {
        await this.update(row.id, {
          status: 'mined',
          txHash: receipt.transactionHash,
          minedBlock: receipt.blockNumber,
          gasCost: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
          error: null,
        });
        await this.owners.get(row.kind as TxKind)?.onHash?.(row, receipt.transactionHash);
      }
      if (confirmations >= BigInt(this.chain.settings.confirmations)) {
        const fresh = { ...row, txHash: receipt.transactionHash, minedBlock: receipt.blockNumber };
        // The owner acts first (e.g. withdraw.complete); only then is the row final, so a crash in
        // between repeats the owner's idempotent step instead of skipping it.
        const outcome = receipt.status === 'success' ? 'confirmed' : 'reverted';
        await this.owners.get(row.kind as TxKind)?.onFinal(fresh, outcome);
        await this.update(row.id, { status: outcome });
      }
      return;
    }
    // Not mined (or its block left the chain). Was the nonce used by something else?
    const used = await this.chain.client.getTransactionCount({
      address: row.fromAddress as `0x${string}`,
      blockTag: 'latest',
    });
    if (BigInt(used) > row.nonce) {
      // Look once more: the receipt may have appeared between the two questions.
      if (await this.findReceipt(attempts.map((a) => a.txHash as Hash))) return;
      await this.update(row.id, {
        status: 'conflict',
        error: `nonce ${row.nonce} used by a transaction this server did not sign`,
      });
      this.chain.log.error(
        { tx: row.id.toString(), nonce: row.nonce.toString() },
        'custody nonce used elsewhere',
      );
      return;
    }
    if (
      row.status === 'sent' &&
      row.sentAtBlock !== null &&
      head - row.sentAtBlock >= BigInt(this.chain.settings.replaceAfterBlocks)
    ) {
      await this.replace(row, latest, head);
      return;
    }
    await this.broadcast(row, latest.raw as `0x${string}`, head);
  }

  private async findReceipt(hashes: Hash[]): Promise<TransactionReceipt | undefined> {
    for (const hash of hashes) {
      try {
        return await this.chain.client.getTransactionReceipt({ hash });
      } catch {
        // not mined
      }
    }
    return undefined;
  }

  /** Sends stored bytes; "already known" and "nonce too low" mean it was sent before (or mined). */
  private async broadcast(row: CustodyTx, raw: `0x${string}`, head: bigint): Promise<boolean> {
    try {
      await this.chain.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!ALREADY_SENT.test(message)) {
        await this.note(row.id, message.slice(0, 500));
        this.chain.log.warn(
          { tx: row.id.toString(), kind: row.kind, reason: message.slice(0, 200) },
          'broadcast refused',
        );
        return false;
      }
    }
    if (row.status === 'signed')
      await this.update(row.id, { status: 'sent', sentAtBlock: head, error: null });
    return true;
  }

  private async replace(
    row: CustodyTx,
    latest: typeof custodyTxAttempts.$inferSelect,
    head: bigint,
  ): Promise<void> {
    const fees = await this.chain.client.estimateFeesPerGas();
    const bump = (v: bigint) => (v * BUMP_NUM + BUMP_DEN - 1n) / BUMP_DEN;
    const maxPriorityFeePerGas = max(fees.maxPriorityFeePerGas, bump(BigInt(latest.maxPriorityFeePerGas)));
    const maxFeePerGas = max(fees.maxFeePerGas, bump(BigInt(latest.maxFeePerGas)), maxPriorityFeePerGas);
    const raw = await this.sign(
      row,
      row.nonce ?? 0n,
      BigInt(row.value),
      BigInt(row.gasLimit ?? '0'),
      maxFeePerGas,
      maxPriorityFeePerGas,
    );
    const hash = keccak256(raw);
    await this.chain.db.transaction(async (tx) => {
      await tx.insert(custodyTxAttempts).values({
        txId: row.id,
        attempt: latest.attempt + 1,
        txHash: hash,
        raw,
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
        createdAt: this.chain.clock.now(),
      });
      await tx
        .update(custodyTxs)
        .set({
          txHash: hash,
          attempts: latest.attempt + 1,
          sentAtBlock: head,
          updatedAt: this.chain.clock.now(),
        })
        .where(eq(custodyTxs.id, row.id));
    });
    this.chain.log.info(
      { tx: row.id.toString(), attempt: latest.attempt + 1, maxFeePerGas: maxFeePerGas.toString() },
      'replaced a stuck transaction',
    );
    await this.owners.get(row.kind as TxKind)?.onHash?.(row, hash);
    await this.broadcast({ ...row, status: 'sent' }, raw, head);
  }

  // ---- queued intents: nonce, fees, signature, stored, then broadcast ----

  private async signQueued(head: bigint): Promise<void> {
    const queued = await this.chain.db
      .select()
      .from(custodyTxs)
      .where(and(eq(custodyTxs.chain, this.chain.name), eq(custodyTxs.status, 'queued')))
      .orderBy(asc(custodyTxs.id));
    const blocked = new Set(
      (
        await this.chain.db
          .select({ from: custodyTxs.fromAddress })
          .from(custodyTxs)
          .where(and(eq(custodyTxs.chain, this.chain.name), eq(custodyTxs.status, 'signed')))
      ).map((r) => r.from),
    );
    for (const row of queued) {
      // A sender whose signed transaction the node refused waits: later nonces could not be mined anyway.
      if (blocked.has(row.fromAddress)) continue;
      try {
        const sent = await this.signOne(row, head);
        if (!sent) blocked.add(row.fromAddress);
      } catch (err) {
        blocked.add(row.fromAddress);
        this.chain.log.warn(
          { tx: row.id.toString(), kind: row.kind, reason: errorText(err) },
          'custody transaction not signed',
        );
        await this.note(row.id, errorText(err));
      }
    }
  }

  private async signOne(row: CustodyTx, head: bigint): Promise<boolean> {
    const client = this.chain.client;
    const from = row.fromAddress as `0x${string}`;
    const fees = await client.estimateFeesPerGas();
    const token = row.asset === NATIVE_ASSET ? undefined : tokenOf(this.chain, row.asset);
    let value: bigint;
    let gas: bigint;
    if (row.value === 'all') {
      if (token) {
        value = await client.readContract({
          address: token.contract,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [from],
        });
        gas = value === 0n ? 0n : await this.gasOf(row, value, token.contract);
      } else {
        gas = 21_000n;
        const balance = await client.getBalance({ address: from });
        value = balance - gas * fees.maxFeePerGas;
      }
      if (value <= 0n) {
        await this.update(row.id, { status: 'skipped', value: '0', error: 'nothing to sweep after gas' });
        await this.owners.get(row.kind as TxKind)?.onFinal({ ...row, status: 'skipped' }, 'skipped');
        return true;
      }
    } else {
      value = BigInt(row.value);
      gas = await this.gasOf(row, value, token?.contract);
    }
    const nonce = await this.nextNonce(from);
    const raw = await this.sign(row, nonce, value, gas, fees.maxFeePerGas, fees.maxPriorityFeePerGas);
    const hash = keccak256(raw);
    const now = this.chain.clock.now();
    // Stored before it is broadcast: after a crash the same bytes are sent again, never a new transaction.
    const stored = await this.chain.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(custodyTxs)
        .set({
          status: 'signed',
          nonce,
          gasLimit: gas.toString(),
          value: value.toString(),
          txHash: hash,
          attempts: 1,
          updatedAt: now,
          error: null,
        })
        .where(and(eq(custodyTxs.id, row.id), eq(custodyTxs.status, 'queued')))
        .returning();
      if (!claimed) return false;
      await tx.insert(custodyTxAttempts).values({
        txId: row.id,
        attempt: 1,
        txHash: hash,
        raw,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        createdAt: now,
      });
      await tx
        .insert(custodyNonces)
        .values({ chain: this.chain.name, address: from, nextNonce: nonce + 1n })
        .onConflictDoUpdate({
          target: [custodyNonces.chain, custodyNonces.address],
          set: { nextNonce: sql`greatest(${custodyNonces.nextNonce}, ${(nonce + 1n).toString()}::bigint)` },
        });
      return true;
    });
    if (!stored) return true;
    const signed = {
      ...row,
      status: 'signed',
      nonce,
      value: value.toString(),
      gasLimit: gas.toString(),
      txHash: hash,
    };
    await this.owners.get(row.kind as TxKind)?.onHash?.(signed, hash);
    if (this.chain.settings.failpoint === 'after-sign') {
      // Test-only (CUSTODY_FAILPOINT): die like kill -9 between storing the signature and broadcasting.
      process.kill(process.pid, 'SIGKILL');
    }
    return this.broadcast(signed, raw, head);
  }

  private async gasOf(row: CustodyTx, value: bigint, contract: `0x${string}` | undefined): Promise<bigint> {
    const account = row.fromAddress as `0x${string}`;
    if (!contract)
      return this.chain.client.estimateGas({ account, to: row.recipient as `0x${string}`, value });
    const estimate = await this.chain.client.estimateGas({
      account,
      to: contract,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [row.recipient as `0x${string}`, value],
      }),
    });
    // Headroom: a token's gas can differ a little between estimate and execution.
    return (estimate * 12n) / 10n;
  }

  private async nextNonce(address: `0x${string}`): Promise<bigint> {
    const [stored] = await this.chain.db
      .select()
      .from(custodyNonces)
      .where(and(eq(custodyNonces.chain, this.chain.name), eq(custodyNonces.address, address)));
    const pending = BigInt(await this.chain.client.getTransactionCount({ address, blockTag: 'pending' }));
    return max(stored?.nextNonce ?? 0n, pending);
  }

  private async sign(
    row: CustodyTx,
    nonce: bigint,
    value: bigint,
    gas: bigint,
    maxFeePerGas: bigint,
    maxPriorityFeePerGas: bigint,
  ): Promise<`0x${string}`> {
    const account = this.chain.keys.signer(row.signer);
    if (account.address.toLowerCase() !== row.fromAddress.toLowerCase())
      throw new Error(`signer ${row.signer} is not ${row.fromAddress}`);
    const token = row.asset === NATIVE_ASSET ? undefined : tokenOf(this.chain, row.asset);
    const recipient = row.recipient as `0x${string}`;
    return account.signTransaction({
      type: 'eip1559',
      chainId: this.chain.settings.chainId,
      nonce: Number(nonce),
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      ...(token
        ? {
            to: token.contract,
            value: 0n,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, value] }),
          }
        : { to: recipient, value }),
    });
  }

  private async attempts(txId: bigint) {
    return this.chain.db
      .select()
      .from(custodyTxAttempts)
      .where(eq(custodyTxAttempts.txId, txId))
      .orderBy(asc(custodyTxAttempts.attempt));
  }

  private async update(id: bigint, set: Partial<typeof custodyTxs.$inferInsert>): Promise<void> {
    await this.chain.db
      .update(custodyTxs)
      .set({ ...set, updatedAt: this.chain.clock.now() })
      .where(eq(custodyTxs.id, id));
  }

  private async note(id: bigint, error: string): Promise<void> {
    await this.update(id, { error });
  }
}

function max(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a > b ? a : b));
}
