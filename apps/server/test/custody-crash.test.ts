// Custody across restarts of the real server (a child process on its own data directory, killed with
// SIGKILL) against a real local Ethereum node: deposits seen before a crash and made while the server was
// down are credited once after the restart (the watcher resumes from its stored cursor); a withdrawal
// whose payout was signed and sent is not sent again after kill -9 between sending and confirmation, nor
// when the process dies between storing the signature and broadcasting it (CUSTODY_FAILPOINT); and the
// server refuses to start against a node with another chain id.

import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther } from 'viem';
import {
  english,
  generateMnemonic,
  generatePrivateKey,
  mnemonicToAccount,
  privateKeyToAddress,
} from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, api, freePort, registerAndLogin, type Server, startServer } from './crash-server';
import { CHAIN_ID, type EvmNode, startEvmNode } from './evm-node';
import { encryptFor } from './wallet-kit';

const FUND_PASSWORD = 'Fund-123456';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

let node: EvmNode;
let token: `0x${string}`;
let hot: `0x${string}`;
let dataDir: string;
let port: number;
let env: Record<string, string>;
let server: Server | undefined;

async function start(extra: Record<string, string> = {}): Promise<Server> {
  server = await startServer(dataDir, port, { ...env, ...extra });
  return server;
}
async function kill9(): Promise<void> {
  const s = server;
  if (!s) return;
  if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  await s.exited;
  server = undefined;
}
async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const base = () => {
  if (!server) throw new Error('server not running');
  return server.base;
};
async function balance(tok: string, coin: string): Promise<string> {
  const res = await api<{ list: Array<{ coin: string; available: string }> }>(
    base(),
    'GET',
    `${API}/assets/getMyBalance?type=1&coin=${coin}`,
    { token: tok },
  );
  return res.body.data.list.find((c) => c.coin === coin)?.available ?? 'missing';
}
interface Row {
  id: string;
  txid: string | null;
  status: number;
  confirmations: number;
  amount: string;
  coin: string;
}
async function rechargeRows(tok: string): Promise<Row[]> {
  const res = await api<{ records: Row[] }>(base(), 'POST', `${API}/assets/getRechargeLog`, {
    token: tok,
    body: { size: 50 },
  });
  return res.body.data.records;
}
async function withdrawalRow(tok: string, id: string): Promise<Row | undefined> {
  const res = await api<{ records: Row[] }>(base(), 'POST', `${API}/assets/getWithdrawalLog`, {
    token: tok,
    body: {},
  });
  return res.body.data.records.find((r) => r.id === id);
}

let adminToken = '';
async function adminLogin(): Promise<string> {
  if (adminToken) {
    const again = await api<{ satoken: string }>(base(), 'POST', '/api/admin/auth/login', {
      body: { username: 'admin', password: 'Admin-Passw0rd-1' },
    });
    adminToken = again.body.data.satoken;
    return adminToken;
  }
  const oneTime = readFileSync(join(dataDir, 'admin-password.txt'), 'utf8').trim();
  const login = await api<{ satoken: string }>(base(), 'POST', '/api/admin/auth/login', {
    body: { username: 'admin', password: oneTime },
  });
  const tok = login.body.data.satoken;
  const changed = await api(base(), 'POST', '/api/admin/auth/password', {
    token: tok,
    body: { oldPassword: oneTime, newPassword: 'Admin-Passw0rd-1' },
  });
  expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
  adminToken = tok;
  return tok;
}

async function requestWithdrawal(
  tok: string,
  coin: string,
  amount: string,
  address: string,
): Promise<string> {
  const key = await api<{ publicKey: string }>(base(), 'GET', `${API}/assets/withdrawalKey`, { token: tok });
  const res = await api<{ id: string; status: number }>(base(), 'POST', `${API}/assets/withdrawal`, {
    token: tok,
    body: encryptFor(key.body.data.publicKey, {
      coin,
      amount,
      address,
      tradePwd: b64(FUND_PASSWORD),
      network: 'ERC20',
    }),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** How many transactions in blocks `from`..head paid `to` (natively or as the token's recipient). */
async function paymentsTo(to: `0x${string}`, from: bigint): Promise<number> {
  const head = await node.client.getBlockNumber({ cacheTime: 0 });
  let n = 0;
  for (let b = from; b <= head; b++) {
    const block = await node.client.getBlock({ blockNumber: b, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.to?.toLowerCase() === to.toLowerCase()) n += 1;
      if (
        tx.to?.toLowerCase() === token.toLowerCase() &&
        tx.input.toLowerCase().includes(to.slice(2).toLowerCase())
      )
        n += 1;
    }
  }
  return n;
}

beforeAll(async () => {
  node = await startEvmNode();
  token = await node.deployToken(10n ** 15n);
  const mnemonic = generateMnemonic(english);
  hot = mnemonicToAccount(mnemonic, { accountIndex: 0, addressIndex: 0 }).address;
  await node.sendEth(hot, '50');
  await node.sendToken(token, hot, 1_000_000_000n);
  await node.setAutomine(false);
  dataDir = await mkdtemp(join(tmpdir(), 'custody-crash-'));
  // The mnemonic from a file (the recommended form).
  const mnemonicFile = join(dataDir, 'mnemonic.txt');
  await writeFile(mnemonicFile, `${mnemonic}\n`, { mode: 0o600 });
  port = Number(process.env.CUSTODY_TEST_PORT ?? (await freePort()));
  env = {
    CHAIN_ADAPTER: 'evm',
    EVM_RPC_URL: node.url,
    EVM_CHAIN_ID: String(CHAIN_ID),
    EVM_CONFIRMATIONS: '3',
    EVM_TOKENS: `USDT=${token}`,
    EVM_MNEMONIC_FILE: mnemonicFile,
    EVM_POLL_MS: '100',
    OPERATOR_COOLING_OFF_HOURS: '0',
    ADMIN_PASSWORD_FILE: join(dataDir, 'admin-password.txt'),
    MARKET_MAKER: 'false',
  };
}, 120_000);

afterAll(async () => {
  await kill9();
  await node?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('custody across kill -9', () => {
  it('refuses to start against a node with another chain id', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'custody-chainid-'));
    try {
      await expect(startServer(dir, await freePort(), { ...env, EVM_CHAIN_ID: '5' })).rejects.toThrow(
        /EVM_CHAIN_ID is 5 but the node at EVM_RPC_URL reports chain id 31337: refusing to start/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  let user = '';
  let mnemonicLeak = '';

  it('credits deposits once across restarts, also those made while the server was down', async () => {
    await start();
    mnemonicLeak = readFileSync(env.EVM_MNEMONIC_FILE ?? '', 'utf8')
      .trim()
      .split(' ')
      .slice(0, 3)
      .join(' ');
    user = await registerAndLogin(base(), `cust${Date.now().toString(36)}`);
    const addr = await api<{ address: `0x${string}`; simulated: boolean }>(
      base(),
      'GET',
      `${API}/assets/getDepositAddress/ETH?network=ERC20`,
      { token: user },
    );
    expect(addr.body.data.simulated).toBe(false);
    const to = addr.body.data.address;
    await node.sendEth(to, '1.25');
    await node.sendToken(token, to, 75_000_000n);
    await node.mine(1);
    await until(
      'two pending deposits',
      () => rechargeRows(user),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 0 && r.confirmations === 1),
    );
    await kill9();
    // While the server is down: a block, another deposit, another block.
    await node.mine(1);
    await node.sendEth(to, '0.5');
    await node.mine(1);
    await start();
    await until(
      'first deposits credited',
      () => balance(user, 'ETH'),
      (v) => v === '1.25',
    );
    await until(
      'token deposit credited',
      () => balance(user, 'USDT'),
      (v) => v === '75',
    );
    // Mined in the second block while down: its third confirmation is two blocks on.
    await node.mine(2);
    await until(
      'deposit made while down credited',
      () => balance(user, 'ETH'),
      (v) => v === '1.75',
    );
    // Once more: kill, restart, many blocks: nothing is credited twice.
    await kill9();
    await node.mine(3);
    await start();
    await node.mine(3);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await balance(user, 'ETH')).toBe('1.75');
    expect(await balance(user, 'USDT')).toBe('75');
    const rows = await rechargeRows(user);
    expect(rows.map((r) => r.status)).toEqual([1, 1, 1]);
    // The mnemonic never reached the log.
    expect(server?.output() ?? '').not.toContain(mnemonicLeak);
  }, 180_000);

  it('kill -9 between sending and confirmation sends a withdrawal once', async () => {
    const set = await api(base(), 'POST', '/api/user/tardPwdSet', {
      token: user,
      body: {
        loginPassword: b64('Passw0rd!'),
        password: b64(FUND_PASSWORD),
        confirmPassword: b64(FUND_PASSWORD),
      },
    });
    expect(set.body.code, JSON.stringify(set.body)).toBe(200);
    // Let the sweeps of the deposits finish first, so the hot wallet's nonce below is the payout's alone.
    await node.mine(12);
    await new Promise((r) => setTimeout(r, 1000));
    await node.mine(12);
    await new Promise((r) => setTimeout(r, 1000));
    const recipient = privateKeyToAddress(generatePrivateKey());
    const head0 = await node.client.getBlockNumber({ cacheTime: 0 });
    const nonce0 = await node.client.getTransactionCount({ address: hot, blockTag: 'pending' });
    const id = await requestWithdrawal(user, 'ETH', '0.6', recipient);
    const admin = await adminLogin();
    const approved = await api<{ status: number }>(base(), 'POST', `/api/admin/withdrawals/${id}/approve`, {
      token: admin,
      body: {},
    });
    expect(approved.body.data.status).toBe(4);
    const sent = await until(
      'payout sent',
      () => withdrawalRow(user, id),
      (r) => r?.txid?.startsWith('0x') === true,
    );
    await until(
      'payout in the mempool',
      () => node.client.getTransactionCount({ address: hot, blockTag: 'pending' }),
      (n) => n === nonce0 + 1,
    );
    await kill9();
    await start();
    await new Promise((r) => setTimeout(r, 1000));
    await node.mine(1);
    await node.mine(3);
    const done = await until(
      'withdrawal completed',
      () => withdrawalRow(user, id),
      (r) => r?.status === 1,
    );
    expect(done?.txid).toBe(sent?.txid);
    await node.mine(3);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await node.client.getBalance({ address: recipient })).toBe(parseEther('0.6'));
    expect(await node.client.getTransactionCount({ address: hot, blockTag: 'latest' })).toBe(nonce0 + 1);
    expect(await paymentsTo(recipient, head0)).toBe(1);
    // The user paid the amount and the fee shown (0.005 ETH).
    expect(await balance(user, 'ETH')).toBe('1.145');
  }, 180_000);

  it('a crash between storing the signed payout and broadcasting it still pays once', async () => {
    await kill9();
    await start({ CUSTODY_FAILPOINT: 'after-sign' });
    const recipient = privateKeyToAddress(generatePrivateKey());
    const head0 = await node.client.getBlockNumber({ cacheTime: 0 });
    const nonce0 = await node.client.getTransactionCount({ address: hot, blockTag: 'pending' });
    const id = await requestWithdrawal(user, 'USDT', '30', recipient);
    const admin = await adminLogin();
    const approved = await api<{ status: number }>(base(), 'POST', `/api/admin/withdrawals/${id}/approve`, {
      token: admin,
      body: {},
    });
    expect(approved.body.data.status).toBe(4);
    // The signer stores the signed payout and dies before sending it.
    const dying = server;
    await until(
      'server died at the failpoint',
      async () => dying?.proc.signalCode ?? null,
      (s) => s === 'SIGKILL',
    );
    server = undefined;
    expect(await node.client.getTransactionCount({ address: hot, blockTag: 'pending' })).toBe(nonce0);
    await start();
    await until(
      'payout sent after restart',
      () => node.client.getTransactionCount({ address: hot, blockTag: 'pending' }),
      (n) => n === nonce0 + 1,
    );
    await node.mine(4);
    await until(
      'withdrawal completed',
      () => withdrawalRow(user, id),
      (r) => r?.status === 1,
    );
    await node.mine(2);
    await new Promise((r) => setTimeout(r, 800));
    expect(await node.tokenBalance(token, recipient)).toBe(30_000_000n);
    expect(await node.client.getTransactionCount({ address: hot, blockTag: 'latest' })).toBe(nonce0 + 1);
    expect(await paymentsTo(recipient, head0)).toBe(1);
    expect(await balance(user, 'USDT')).toBe('44');
  }, 180_000);
});
