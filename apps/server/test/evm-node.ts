// A real local Ethereum node for the custody tests: Hardhat's node (EDR, prebuilt binaries from npm, no
// network needed) started as a child process on a free port, with helpers to fund accounts from its
// unlocked dev accounts, mine blocks on demand, take and revert snapshots (reorganisations), and deploy
// the test ERC-20 (fixtures/evm/TestUSDT.sol, compiled to fixtures/evm/test-usdt.json).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hash,
  http,
  type PublicClient,
  parseEther,
} from 'viem';
import { hardhat } from 'viem/chains';
import { freePort } from './crash-server';

const require = createRequire(import.meta.url);
const fixtures = fileURLToPath(new URL('./fixtures/evm/', import.meta.url));
const hardhatCli = join(dirname(require.resolve('hardhat/package.json')), 'internal/cli/bootstrap.js');
const token = JSON.parse(readFileSync(join(fixtures, 'test-usdt.json'), 'utf8')) as {
  abi: unknown[];
  bytecode: `0x${string}`;
};

export const CHAIN_ID = 31337;

export interface EvmNode {
  url: string;
  client: PublicClient;
  /** Hardhat's first dev account (unlocked on the node, 10000 ETH). */
  faucet: `0x${string}`;
  stop(): Promise<void>;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  mine(blocks?: number): Promise<void>;
  setAutomine(on: boolean): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  /** Sends ETH from the faucet (mined at once while automine is on). */
  sendEth(to: `0x${string}`, ether: string): Promise<Hash>;
  deployToken(supply: bigint): Promise<`0x${string}`>;
  sendToken(contract: `0x${string}`, to: `0x${string}`, units: bigint): Promise<Hash>;
  tokenBalance(contract: `0x${string}`, owner: `0x${string}`): Promise<bigint>;
  output(): string;
}

export async function startEvmNode(): Promise<EvmNode> {
  const port = Number(process.env.EVM_TEST_NODE_PORT ?? (await freePort()));
  const proc: ChildProcess = spawn(
    process.execPath,
    [
      hardhatCli,
      '--config',
      join(fixtures, 'hardhat.config.cjs'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: fixtures,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  let id = 0;
  const rpc = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    id += 1;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`hardhat node exited: ${out}`);
    try {
      if ((await rpc<string>('eth_chainId')) === `0x${CHAIN_ID.toString(16)}`) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`hardhat node did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const client = createPublicClient({ chain: hardhat, transport: http(url) }) as PublicClient;
  const [faucet] = await rpc<`0x${string}`[]>('eth_accounts');
  if (!faucet) throw new Error('no dev accounts');
  const wallet = createWalletClient({ account: faucet, transport: http(url), chain: hardhat });
  const waitMined = async (hash: Hash) => {
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };
  return {
    url,
    client,
    faucet,
    output: () => out,
    rpc,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGKILL');
        await exited;
      }
    },
    async mine(blocks = 1) {
      await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    async setAutomine(on) {
      await rpc('evm_setAutomine', [on]);
    },
    snapshot: () => rpc<string>('evm_snapshot'),
    async revert(snapshotId) {
      const ok = await rpc<boolean>('evm_revert', [snapshotId]);
      if (!ok) throw new Error('evm_revert refused');
    },
    async sendEth(to, ether) {
      return wallet.sendTransaction({ to, value: parseEther(ether) });
    },
    async deployToken(supply) {
      const hash = await wallet.deployContract({
        abi: token.abi,
        bytecode: token.bytecode,
        args: [supply],
      });
      await waitMined(hash);
      const receipt = await client.getTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token not deployed');
      return receipt.contractAddress;
    },
    async sendToken(contract, to, units) {
      return wallet.writeContract({
        address: contract,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, units],
      });
    },
    tokenBalance: (contract, owner) =>
      client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  };
}
