// Real custody for browser tests: a local Ethereum node (Hardhat's node from npm, no network needed) and
// a server of its own started with CHAIN_ADAPTER=evm against it (its own port and data folder, the built
// web client), so a spec can open the deposit page of a real network. The test ERC-20 is the one of the
// server tests (apps/server/test/fixtures/evm: source and compiled bytecode).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = join(repo, 'apps/server/test/fixtures/evm');
const hardhatCli = join(dirname(require.resolve('hardhat/package.json')), 'internal/cli/bootstrap.js');
// A fixed BIP-39 test mnemonic (test-only funds on a throwaway local chain).
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function started(proc: ChildProcess): () => string {
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  return () => out;
}

async function waitFor(what: string, proc: ChildProcess, output: () => string, ok: () => Promise<boolean>) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what} exited: ${output()}`);
    try {
      if (await ok()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start: ${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const pad = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

export interface CustodyStack {
  /** The custody server's base URL (its own port). */
  base: string;
  token: `0x${string}`;
  confirmations: number;
  /** The one-time admin password of the custody server's first start. */
  adminPasswordFile: string;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  mine(blocks: number): Promise<void>;
  sendToken(to: string, units: bigint): Promise<string>;
  stop(): Promise<void>;
}

export async function startCustodyStack(confirmations = 3): Promise<CustodyStack> {
  const nodePort = Number(process.env.E2E_EVM_NODE_PORT ?? (await freePort()));
  const node = spawn(
    process.execPath,
    [
      hardhatCli,
      '--config',
      join(fixtures, 'hardhat.config.cjs'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(nodePort),
    ],
    {
      cwd: fixtures,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const nodeOut = started(node);
  const rpcUrl = `http://127.0.0.1:${nodePort}`;
  let id = 0;
  const rpc = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    id += 1;
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  const procs: ChildProcess[] = [node];
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-e2e-custody-'));
  const stop = async () => {
    for (const p of procs) {
      if (p.exitCode === null && p.signalCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('hardhat node', node, nodeOut, async () => (await rpc<string>('eth_chainId')) === '0x7a69');
    const [faucet] = await rpc<string[]>('eth_accounts');
    const send = async (tx: Record<string, string>) => {
      const hash = await rpc<string>('eth_sendTransaction', [{ from: faucet, ...tx }]);
      const receipt = await rpc<{ status: string; contractAddress: string | null }>(
        'eth_getTransactionReceipt',
        [hash],
      );
      if (receipt.status !== '0x1') throw new Error('transaction failed');
      return { hash, receipt };
    };
    const artifact = JSON.parse(readFileSync(join(fixtures, 'test-usdt.json'), 'utf8')) as {
      bytecode: string;
    };
    const deployed = await send({ data: `${artifact.bytecode}${pad((10n ** 15n).toString(16))}` });
    const token = deployed.receipt.contractAddress as `0x${string}`;
    const port = Number(process.env.E2E_CUSTODY_PORT ?? (await freePort()));
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(repo, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? join(repo, 'apps/web/dist'),
        DEV_OUTBOX_API: 'true',
        LOG_LEVEL: 'warn',
        CODE_RESEND_SECONDS: '0',
        MARKET_MAKER: 'false',
        MARKET_BACKFILL_HOURS: '0',
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
        RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
        RATE_LIMIT_CODE_PER_MINUTE: '1000',
        CHAIN_ADAPTER: 'evm',
        EVM_RPC_URL: rpcUrl,
        EVM_CHAIN_ID: '31337',
        EVM_CONFIRMATIONS: String(confirmations),
        EVM_TOKENS: `USDT=${token}`,
        EVM_MNEMONIC: MNEMONIC,
        EVM_POLL_MS: '300',
        EVM_EXPLORER_TX_URL: 'https://explorer.invalid/tx/{tx}',
        ADMIN_PASSWORD_FILE: join(dataDir, 'admin-password.txt'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    procs.push(server);
    const serverOut = started(server);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      'custody server',
      server,
      serverOut,
      async () => (await fetch(`${base}/api/health`)).status === 200,
    );
    return {
      base,
      token,
      confirmations,
      adminPasswordFile: join(dataDir, 'admin-password.txt'),
      rpc,
      mine: async (blocks) => {
        await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
      },
      sendToken: async (to, units) =>
        (await send({ to: token, data: `0xa9059cbb${pad(to)}${pad(units.toString(16))}` })).hash,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
