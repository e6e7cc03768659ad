// A SIMULATED chain for demos and tests: no real coins exist here. Addresses are deterministic per
// user, asset and network (HMAC with the app secret) and shaped like the family's real addresses;
// "incoming transfers" are created by demo funding and gain one confirmation per simulated block.
import { createHmac } from 'node:crypto';
import type { NetworkFamily } from '../wallet-assets';
import type { ChainAdapter, ObservedOutput, Scheduler } from './chain-adapter';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function encode(bytes: Buffer, alphabet: string, length: number): string {
  let out = '';
  // Each output character takes one byte of a long enough HMAC stream (uniform enough for a demo).
  for (let i = 0; i < length; i++) out += alphabet[(bytes[i % bytes.length] ?? 0) % alphabet.length];
  return out;
}

interface PendingOutput extends ObservedOutput {
  /** Block height that included it; confirmations = height - includedAt + 1. */
  includedAt: number;
}

export class SimulatedChain implements ChainAdapter {
  readonly name = 'sim';
  readonly simulated = true;
  private height = 0;
  private seq = 0;
  private pending: PendingOutput[] = [];
  private listener: ((outputs: ObservedOutput[]) => Promise<void>) | undefined;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly secret: string,
    private readonly scheduler: Scheduler,
    private readonly blockMs: number,
    /** Outputs stop being reported once they have this many confirmations (the highest requirement). */
    private readonly maxConfirmations: () => number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  depositAddress(userId: bigint, asset: string, network: string, family: NetworkFamily): string {
    const h = (i: number) =>
      createHmac('sha256', this.secret).update(`sim-address:${userId}:${asset}:${network}:${i}`).digest();
    const bytes = Buffer.concat([h(0), h(1), h(2), h(3)]);
    switch (family) {
      case 'evm':
        return `0x${bytes.subarray(0, 20).toString('hex')}`;
      case 'btc':
        return `bc1q${encode(bytes, B32, 38)}`;
      case 'ltc':
        return `ltc1q${encode(bytes, B32, 38)}`;
      case 'ada':
        return `addr1q${encode(bytes, B32, 57)}`;
      case 'trx':
        return `T${encode(bytes, B58, 33)}`;
      case 'xrp':
        return `r${encode(bytes, B58, 33)}`;
      case 'doge':
        return `D${encode(bytes, B58, 33)}`;
      case 'dot':
        return `1${encode(bytes, B58, 47)}`;
      case 'sol':
        return encode(bytes, B58, 44);
    }
  }

  start(onOutputs: (outputs: ObservedOutput[]) => Promise<void>): () => void {
    this.listener = onOutputs;
    if (this.blockMs <= 0) return () => {};
    return this.scheduler.every(this.blockMs, () => {
      void this.mine(1);
    });
  }

  /**
   * A simulated incoming transfer to `address`, included in the next block (0 confirmations now).
   * The txid is unique per call (the height and a counter), like a real chain's.
   */
  async send(input: {
    address: string;
    asset: string;
    network: string;
    amount: string;
  }): Promise<ObservedOutput> {
    this.seq += 1;
    const txid = createHmac('sha256', this.secret)
      .update(`sim-tx:${this.height}:${this.seq}:${input.address}:${input.amount}:${Date.now()}`)
      .digest('hex');
    const output: PendingOutput = { ...input, txid, vout: 0, confirmations: 0, includedAt: this.height + 1 };
    this.pending.push(output);
    await this.report([output]);
    return { ...output };
  }

  /** Re-adds outputs still confirming after a restart (from the deposit table). */
  restore(outputs: ObservedOutput[]): void {
    for (const o of outputs) {
      if (this.pending.some((p) => p.txid === o.txid && p.vout === o.vout)) continue;
      this.pending.push({ ...o, includedAt: this.height - o.confirmations + 1 });
    }
  }

  /** Mines `blocks` simulated blocks and resolves after the watcher processed every report. */
  mine(blocks = 1): Promise<void> {
    this.work = this.work.then(async () => {
      for (let i = 0; i < blocks; i++) {
        this.height += 1;
        const max = this.maxConfirmations();
        for (const p of this.pending) p.confirmations = Math.max(0, this.height - p.includedAt + 1);
        const reported = this.pending.filter((p) => p.includedAt <= this.height);
        this.pending = this.pending.filter((p) => p.confirmations < max);
        if (reported.length > 0) await this.report(reported);
      }
    });
    // A failed report must not wedge the block loop: the outputs are reported again next block.
    this.work = this.work.catch((err: unknown) => this.onError(err));
    return this.work;
  }

  private async report(outputs: PendingOutput[]): Promise<void> {
    if (!this.listener) return;
    await this.listener(outputs.map(({ includedAt: _h, ...o }) => o));
  }
}
