// The deposit chain interface. An adapter hands out deposit addresses and reports outputs paying to
// them with their confirmation counts; the deposit watcher credits each (txid, vout) exactly once.
import type { NetworkFamily } from '../wallet-assets';

export interface ObservedOutput {
  txid: string;
  vout: number;
  address: string;
  asset: string;
  network: string;
  amount: string;
  confirmations: number;
  /** The confirmations this output needs, when the chain sets them (else the asset's). */
  requiredConfirmations?: number;
  /** True when the output's block left the chain (reorganisation) before it was credited. */
  dropped?: boolean;
}

export interface ChainAdapter {
  /** Part of every deposit command id: `deposit:<name>:<txid>:<vout>`. */
  readonly name: string;
  /** True for the demo chain: the UI labels it and demo funding exists. */
  readonly simulated: boolean;
  depositAddress(userId: bigint, asset: string, network: string, family: NetworkFamily): string;
  /** Confirmations a deposit of `asset` needs on this chain, when the chain sets them (else the asset's). */
  confirmationsFor?(asset: string): number | undefined;
  /** A real chain's block-explorer link of a transaction (null when none is configured). */
  explorerTxUrl?(txid: string | null): string | null;
  /** Starts watching; `onOutputs` receives every output seen or re-confirmed. Returns a stop function. */
  start(onOutputs: (outputs: ObservedOutput[]) => Promise<void>): () => void;
}

/** Runs a function periodically; injectable so tests advance time by hand. */
export interface Scheduler {
  every(ms: number, fn: () => void): () => void;
}

export const timerScheduler: Scheduler = {
  every(ms, fn) {
    const handle = setInterval(fn, ms);
    handle.unref();
    return () => clearInterval(handle);
  },
};
