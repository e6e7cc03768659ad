// Sweeps: credited deposits are moved from their deposit address into the hot wallet, so withdrawals
// can be paid from one place. One sweep per (address, asset) takes the address's whole balance of the
// asset. A token sweep needs gas at the deposit address: when it lacks it, the hot wallet first sends a
// top-up (a `topup` transaction, which the deposit watcher knows is not a deposit), and the sweep waits
// for it. The native coin of an address is swept only after its token sweeps (they need its gas). Every
// step is a row (`custody_sweeps`, and its transactions in `custody_txs`), shown in the console.
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi } from 'viem';
import { custodyDeposits, custodySweeps, custodyTxs } from '@/db/schema';
import { type EvmChain, errorText, NATIVE_ASSET, tokenOf } from './evm-chain';
import type { TxOutbox } from './tx-outbox';

/** Gas assumed for a token transfer when the node cannot estimate it (the sweep's top-up covers it twice). */
const TOKEN_TRANSFER_GAS = 100_000n;

export class Sweeper {
  constructor(
    private readonly chain: EvmChain,
    private readonly outbox: TxOutbox,
  ) {}

  async tick(): Promise<void> {
    await this.openSweeps();
    await this.advance();
  }

  /** Credited deposits without a sweep get one per (address, asset), unless one is already under way. */
  private async openSweeps(): Promise<void> {
    const db = this.chain.db;
    const credited = await db
      .select()
      .from(custodyDeposits)
      .where(
        and(
          eq(custodyDeposits.chain, this.chain.name),
          eq(custodyDeposits.status, 'credited'),
          isNull(custodyDeposits.sweepId),
        ),
      )
      .orderBy(asc(custodyDeposits.id));
    const now = this.chain.clock.now();
    for (const d of credited) {
      await db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: custodySweeps.id })
          .from(custodySweeps)
          .where(
            and(
              eq(custodySweeps.chain, this.chain.name),
              eq(custodySweeps.address, d.address),
              eq(custodySweeps.asset, d.asset),
              inArray(custodySweeps.status, ['new', 'topup']),
            ),
          );
        // A sweep not yet signed takes the whole balance, this deposit included.
        const sweepId =
          open?.id ??
          (
            await tx
              .insert(custodySweeps)
              .values({
                chain: this.chain.name,
                userId: d.userId,
                address: d.address,
                asset: d.asset,
                status: 'new',
                createdAt: now,
                updatedAt: now,
              })
              .returning({ id: custodySweeps.id })
          )[0]?.id;
        if (sweepId === undefined) return;
        await tx.update(custodyDeposits).set({ sweepId, updatedAt: now }).where(eq(custodyDeposits.id, d.id));
      });
    }
  }

  private async advance(): Promise<void> {
    const db = this.chain.db;
    const sweeps = await db
      .select()
      .from(custodySweeps)
      .where(
        and(
          eq(custodySweeps.chain, this.chain.name),
          inArray(custodySweeps.status, ['new', 'topup', 'sending']),
        ),
      )
      .orderBy(asc(custodySweeps.id));
    for (const s of sweeps) {
      try {
        if (s.status === 'new') await this.start(s);
        else if (s.status === 'topup') await this.afterTopup(s);
        else await this.afterSweep(s);
      } catch (err) {
        this.chain.log.warn({ sweep: s.id.toString(), reason: errorText(err) }, 'sweep step failed');
      }
    }
  }

  private async start(s: typeof custodySweeps.$inferSelect): Promise<void> {
    const token = s.asset === NATIVE_ASSET ? undefined : tokenOf(this.chain, s.asset);
    if (!token) {
      // The native coin pays the gas of token sweeps: wait until this address has none under way.
      const [busy] = await this.chain.db
        .select({ id: custodySweeps.id })
        .from(custodySweeps)
        .where(
          and(
            eq(custodySweeps.chain, this.chain.name),
            eq(custodySweeps.address, s.address),
            ne(custodySweeps.asset, NATIVE_ASSET),
            inArray(custodySweeps.status, ['new', 'topup', 'sending']),
          ),
        );
      if (busy) return;
      await this.queueSweep(s);
      return;
    }
    // A native sweep already signed at this address takes its gas: wait until it is through.
    const [draining] = await this.chain.db
      .select({ id: custodySweeps.id })
      .from(custodySweeps)
      .where(
        and(
          eq(custodySweeps.chain, this.chain.name),
          eq(custodySweeps.address, s.address),
          eq(custodySweeps.asset, NATIVE_ASSET),
          eq(custodySweeps.status, 'sending'),
        ),
      );
    if (draining) return;
    const client = this.chain.client;
    const address = s.address as `0x${string}`;
    const hot = this.chain.keys.hot.address;
    const balance = await client.readContract({
      address: token.contract,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    let gas = TOKEN_TRANSFER_GAS;
    try {
      const estimate = await client.estimateGas({
        account: address,
        to: token.contract,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot, balance] }),
      });
      gas = (estimate * 12n) / 10n;
    } catch {
      // keep the assumption
    }
    const fees = await client.estimateFeesPerGas();
    const need = gas * fees.maxFeePerGas * 2n;
    const eth = await client.getBalance({ address });
    if (eth >= need) {
      await this.queueSweep(s);
      return;
    }
    const now = this.chain.clock.now();
    await this.chain.db.transaction(async (tx) => {
      await this.outbox.enqueue(tx, {
        kind: 'topup',
        ref: `sweep:${s.id}`,
        signer: 'hot',
        fromAddress: hot,
        recipient: s.address,
        asset: NATIVE_ASSET,
        value: (need - eth).toString(),
      });
      const [topup] = await tx
        .select({ id: custodyTxs.id })
        .from(custodyTxs)
        .where(
          and(
            eq(custodyTxs.chain, this.chain.name),
            eq(custodyTxs.kind, 'topup'),
            eq(custodyTxs.ref, `sweep:${s.id}`),
          ),
        );
      await tx
        .update(custodySweeps)
        .set({ status: 'topup', topupTxId: topup?.id ?? null, updatedAt: now })
        .where(and(eq(custodySweeps.id, s.id), eq(custodySweeps.status, 'new')));
    });
  }

  private async afterTopup(s: typeof custodySweeps.$inferSelect): Promise<void> {
    const topup = await this.txStatus(s.topupTxId);
    if (topup === 'confirmed') await this.queueSweep(s);
    else if (topup === 'reverted' || topup === 'conflict' || topup === 'skipped')
      await this.finish(s, 'failed');
  }

  private async afterSweep(s: typeof custodySweeps.$inferSelect): Promise<void> {
    const [row] = s.sweepTxId
      ? await this.chain.db.select().from(custodyTxs).where(eq(custodyTxs.id, s.sweepTxId))
      : [];
    if (!row) return;
    if (row.status === 'confirmed') await this.finish(s, 'done', row.value);
    else if (row.status === 'skipped') await this.finish(s, 'dust', '0');
    else if (row.status === 'reverted' || row.status === 'conflict') await this.finish(s, 'failed');
  }

  private async queueSweep(s: typeof custodySweeps.$inferSelect): Promise<void> {
    const now = this.chain.clock.now();
    await this.chain.db.transaction(async (tx) => {
      await this.outbox.enqueue(tx, {
        kind: 'sweep',
        ref: `sweep:${s.id}`,
        signer: `deposit:${s.userId}`,
        fromAddress: s.address,
        recipient: this.chain.keys.hot.address,
        asset: s.asset,
        value: 'all',
      });
      const [sweepTx] = await tx
        .select({ id: custodyTxs.id })
        .from(custodyTxs)
        .where(
          and(
            eq(custodyTxs.chain, this.chain.name),
            eq(custodyTxs.kind, 'sweep'),
            eq(custodyTxs.ref, `sweep:${s.id}`),
          ),
        );
      await tx
        .update(custodySweeps)
        .set({ status: 'sending', sweepTxId: sweepTx?.id ?? null, updatedAt: now })
        .where(and(eq(custodySweeps.id, s.id), inArray(custodySweeps.status, ['new', 'topup'])));
    });
  }

  private async txStatus(id: bigint | null): Promise<string | undefined> {
    if (id === null) return undefined;
    const [row] = await this.chain.db
      .select({ status: custodyTxs.status })
      .from(custodyTxs)
      .where(eq(custodyTxs.id, id));
    return row?.status;
  }

  private async finish(s: typeof custodySweeps.$inferSelect, status: string, value?: string): Promise<void> {
    await this.chain.db
      .update(custodySweeps)
      .set({ status, ...(value === undefined ? {} : { value }), updatedAt: this.chain.clock.now() })
      .where(eq(custodySweeps.id, s.id));
    if (status === 'failed')
      this.chain.log.error({ sweep: s.id.toString() }, 'sweep failed: check it by hand');
  }
}
