// Real custody on an Ethereum-style chain (CHAIN_ADAPTER=evm), behind the chain-adapter interface: HD
// deposit addresses, the deposit watcher, the signer (tx-outbox.ts) for withdrawal payouts and sweeps,
// and the solvency figures of the console. One job round (`tick`) follows the chain, then tracks and
// signs transactions, then moves sweeps on; rounds never overlap. Start-up refuses a node whose chain id
// is not EVM_CHAIN_ID. Money still moves only through the core: deposits through the deposit service's
// `deposit.credit`, payouts through the withdrawal service's `withdraw.complete`.
import { add, cmp, formatAmount, parseAmount, sub, ZERO } from '@coin/shared/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createPublicClient, erc20Abi, getAddress, http, isAddress } from 'viem';
import { type MoneyCore, SYSTEM_ACCOUNTS } from '@/core/types';
import type { Db, Executor } from '@/db/client';
import { custodyDeposits, custodySweeps, custodyTxs, walletWithdrawals } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { NetworkFamily, WalletAssets } from '../../wallet-assets';
import type { ChainPayouts } from '../../withdraw-service';
import type { ChainAdapter, ObservedOutput } from '../chain-adapter';
import { DepositWatcher } from './deposit-watcher';
import {
  type ChainToken,
  type CustodyLog,
  chainAssets,
  type EvmChain,
  errorText,
  toChainUnits,
  tokenOf,
  toWalletAmount,
} from './evm-chain';
import { type EvmSettings, explorerLink } from './evm-settings';
import { HdKeys } from './hd-keys';
import { Sweeper } from './sweeper';
import { type CustodyTx, TxOutbox } from './tx-outbox';

export interface SolvencyRow {
  coin: string;
  /** On-chain balance of the hot wallet (truncated to the asset's decimals). */
  hotWallet: string;
  /** Credited deposits still at deposit addresses (not yet swept). */
  awaitingSweep: string;
  /** Withdrawals under review or being sent on this network (amounts the users receive). */
  pendingWithdrawals: string;
  pendingCount: number;
  /** All user balances of the asset (the negated sum of the system accounts). */
  userLiabilities: string;
  /** The hot wallet cannot pay what is pending: shortfall > 0. */
  shortfall: string;
  covered: boolean;
}

export interface CustodyStatus {
  chain: string;
  chainId: number;
  network: string;
  confirmations: number;
  hotWallet: string;
  head: string | null;
  lastTickAt: string | null;
  lastError: string | null;
}

type PayoutListener = (
  withdrawalId: string,
  txid: string,
  outcome: 'hash' | 'confirmed' | 'reverted',
) => Promise<void>;

export class EvmCustody implements ChainAdapter {
  readonly name: string;
  readonly simulated = false;
  readonly payouts: ChainPayouts;
  private readonly watcher: DepositWatcher;
  private readonly outbox: TxOutbox;
  private readonly sweeper: Sweeper;
  private report: ((outputs: ObservedOutput[]) => Promise<void>) | undefined;
  private payoutListener: PayoutListener | undefined;
  private running: Promise<void> | undefined;
  private head: bigint | undefined;
  private lastTickAt: Date | undefined;
  private lastError: string | undefined;

  private constructor(private readonly chain: EvmChain) {
    this.name = chain.name;
    this.watcher = new DepositWatcher(chain, (outputs) => this.report?.(outputs) ?? Promise.resolve());
    this.outbox = new TxOutbox(chain);
    this.sweeper = new Sweeper(chain, this.outbox);
    this.outbox.setOwner('payout', {
      onHash: (row, hash) => this.payoutListener?.(row.ref, hash, 'hash') ?? Promise.resolve(),
      onFinal: async (row, outcome) => {
        if (outcome === 'skipped' || !row.txHash) return;
        await this.payoutListener?.(row.ref, row.txHash, outcome);
      },
    });
    const networkOf = chain.settings.network.toUpperCase();
    this.payouts = {
      pays: (asset, network) => network.toUpperCase() === networkOf && chainAssets(chain).includes(asset),
      validAddress: (address) => isAddress(address, { strict: true }),
      enqueue: (exec, row) => this.enqueuePayout(exec, row),
      explorerUrl: (txid) => explorerLink(chain.settings.explorerTxUrl, txid),
    };
  }

  /** Connects, refuses a wrong chain id, reads the tokens' decimals and the known deposit addresses. */
  static async open(deps: {
    settings: EvmSettings;
    db: Db;
    clock: Clock;
    assets: WalletAssets;
    log: CustodyLog;
  }): Promise<EvmCustody> {
    const { settings } = deps;
    const client = createPublicClient({
      transport: http(settings.rpcUrl, { retryCount: 1, timeout: 15_000 }),
    });
    const chainId = await client.getChainId();
    if (chainId !== settings.chainId) {
      throw new Error(
        `EVM_CHAIN_ID is ${settings.chainId} but the node at EVM_RPC_URL reports chain id ${chainId}: refusing to start`,
      );
    }
    const tokens: ChainToken[] = [];
    for (const t of settings.tokens) {
      const asset = deps.assets.find(t.asset);
      if (!asset) throw new Error(`EVM_TOKENS: ${t.asset} is not a wallet asset`);
      const decimals = await client.readContract({
        address: t.contract,
        abi: erc20Abi,
        functionName: 'decimals',
      });
      if (decimals < asset.decimals) {
        throw new Error(
          `EVM_TOKENS: ${t.asset} has ${decimals} decimals on chain, fewer than the wallet's ${asset.decimals}`,
        );
      }
      tokens.push({ asset: t.asset, contract: t.contract, decimals });
    }
    const keys = new HdKeys(settings.mnemonic, settings.hotAccount);
    const custody = new EvmCustody({
      name: `evm${settings.chainId}`,
      settings,
      client,
      keys,
      tokens,
      db: deps.db,
      clock: deps.clock,
      assets: deps.assets,
      log: deps.log,
    });
    await custody.watcher.load();
    deps.log.info(
      { chain: custody.name, hotWallet: keys.hot.address, tokens: tokens.map((t) => t.asset) },
      'EVM custody ready',
    );
    return custody;
  }

  get hotWallet(): `0x${string}` {
    return this.chain.keys.hot.address;
  }

  /** The withdrawal service is told of payout hashes and outcomes (set by the wallet plugin). */
  onPayout(listener: PayoutListener): void {
    this.payoutListener = listener;
  }

  depositAddress(userId: bigint, asset: string, network: string, family: NetworkFamily): string {
    if (family !== 'evm' || !this.payouts.pays(asset, network))
      throw new AppError('WALLET_NETWORK_UNAVAILABLE');
    const address = this.chain.keys.depositAddress(userId);
    this.watcher.watch(address, userId);
    return address;
  }

  explorerTxUrl(txid: string | null): string | null {
    return explorerLink(this.chain.settings.explorerTxUrl, txid);
  }

  confirmationsFor(asset: string): number | undefined {
    return chainAssets(this.chain).includes(asset) ? this.chain.settings.confirmations : undefined;
  }

  start(onOutputs: (outputs: ObservedOutput[]) => Promise<void>): () => void {
    this.report = onOutputs;
    const ms = this.chain.settings.pollMs;
    if (ms <= 0) return () => {};
    const handle = setInterval(() => {
      if (this.running) return;
      void this.tick().catch(() => {});
    }, ms);
    handle.unref();
    return () => clearInterval(handle);
  }

  /** One round of the custody job; concurrent callers share the round in flight. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits for a round in flight (before the database closes). */
  async idle(): Promise<void> {
    await this.running?.catch(() => {});
  }

  /**
   * Follows the chain, then signs and tracks transactions, then moves sweeps on. Each step runs even when
   * an earlier one failed (a node hiccup while scanning must not hold up payouts); the first error is
   * kept for the console and thrown.
   */
  private async round(): Promise<void> {
    let head: bigint;
    try {
      head = await this.chain.client.getBlockNumber({ cacheTime: 0 });
    } catch (err) {
      this.fail(err);
      throw err;
    }
    this.head = head;
    let first: unknown;
    for (const step of [
      () => this.watcher.tick(head),
      () => this.outbox.tick(head),
      () => this.sweeper.tick(),
    ]) {
      try {
        await step();
      } catch (err) {
        first ??= err;
        this.fail(err);
      }
    }
    this.lastTickAt = this.chain.clock.now();
    if (first !== undefined) throw first;
    this.lastError = undefined;
  }

  private fail(err: unknown): void {
    this.lastError = errorText(err);
    this.chain.log.warn({ chain: this.name, reason: this.lastError }, 'custody round failed');
  }

  private async enqueuePayout(exec: Executor, row: typeof walletWithdrawals.$inferSelect): Promise<void> {
    await this.outbox.enqueue(exec, {
      kind: 'payout',
      ref: row.withdrawalId,
      signer: 'hot',
      fromAddress: this.hotWallet,
      recipient: getAddress(row.address),
      asset: row.asset,
      value: toChainUnits(this.chain, row.asset, formatAmount(parseAmount(row.amount))).toString(),
    });
  }

  status(): CustodyStatus {
    return {
      chain: this.name,
      chainId: this.chain.settings.chainId,
      network: this.chain.settings.network,
      confirmations: this.chain.settings.confirmations,
      hotWallet: this.hotWallet,
      head: this.head?.toString() ?? null,
      lastTickAt: this.lastTickAt?.toISOString() ?? null,
      lastError: this.lastError ?? null,
    };
  }

  /** Per asset: hot wallet beside pending withdrawals and user liabilities; short when it cannot pay. */
  async solvency(core: MoneyCore): Promise<SolvencyRow[]> {
    const rows: SolvencyRow[] = [];
    const db = this.chain.db;
    for (const coin of chainAssets(this.chain)) {
      const token = tokenOf(this.chain, coin);
      const hot = token
        ? await this.chain.client.readContract({
            address: token.contract,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [this.hotWallet],
          })
        : await this.chain.client.getBalance({ address: this.hotWallet });
      const [pending] = await db
        .select({
          total: sql<string | null>`sum(${walletWithdrawals.amount})`,
          n: sql<number>`count(*)::int`,
        })
        .from(walletWithdrawals)
        .where(
          and(
            eq(walletWithdrawals.asset, coin),
            sql`upper(${walletWithdrawals.network}) = ${this.chain.settings.network.toUpperCase()}`,
            inArray(walletWithdrawals.status, [0, 4]),
          ),
        );
      const unswept = await db
        .select({ value: custodyDeposits.value })
        .from(custodyDeposits)
        .leftJoin(custodySweeps, eq(custodySweeps.id, custodyDeposits.sweepId))
        .where(
          and(
            eq(custodyDeposits.chain, this.name),
            eq(custodyDeposits.asset, coin),
            eq(custodyDeposits.status, 'credited'),
            sql`(${custodySweeps.status} is null or ${custodySweeps.status} not in ('done', 'dust'))`,
          ),
        );
      const awaiting = unswept.reduce((s, r) => s + BigInt(r.value), 0n);
      let system = ZERO;
      for (const name of SYSTEM_ACCOUNTS) system = add(system, parseAmount(core.systemBalance(name, coin)));
      const pendingAmount = parseAmount(pending?.total ?? '0');
      const hotAmount = parseAmount(toWalletAmount(this.chain, coin, hot));
      const short = cmp(pendingAmount, hotAmount) > 0 ? sub(pendingAmount, hotAmount) : ZERO;
      rows.push({
        coin,
        hotWallet: formatAmount(hotAmount),
        awaitingSweep: toWalletAmount(this.chain, coin, awaiting),
        pendingWithdrawals: formatAmount(pendingAmount),
        pendingCount: pending?.n ?? 0,
        userLiabilities: formatAmount(sub(ZERO, system)),
        shortfall: formatAmount(short),
        covered: short === ZERO,
      });
    }
    return rows;
  }

  /** Recent outgoing transactions (payouts, sweeps, top-ups) for the console. */
  async transactions(limit: number): Promise<Array<ReturnType<typeof txView>>> {
    const rows = await this.chain.db
      .select()
      .from(custodyTxs)
      .where(eq(custodyTxs.chain, this.name))
      .orderBy(sql`${custodyTxs.id} desc`)
      .limit(limit);
    return rows.map((r) => txView(this.chain, r));
  }

  /** For tests: the payout row of a withdrawal. */
  payoutOf(withdrawalId: string): Promise<CustodyTx | undefined> {
    return this.outbox.byRef('payout', withdrawalId);
  }
}

function txView(chain: EvmChain, r: CustodyTx) {
  const known = r.value !== 'all';
  return {
    id: r.id.toString(),
    kind: r.kind,
    ref: r.ref,
    coin: r.asset,
    from: r.fromAddress,
    to: r.recipient,
    amount: known ? toWalletAmount(chain, r.asset, BigInt(r.value)) : null,
    nonce: r.nonce?.toString() ?? null,
    status: r.status,
    txid: r.txHash,
    explorerUrl: explorerLink(chain.settings.explorerTxUrl, r.txHash),
    attempts: r.attempts,
    minedBlock: r.minedBlock?.toString() ?? null,
    gasCostWei: r.gasCost,
    error: r.error,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}
