// Real custody against a real local Ethereum node (Hardhat's node started by the test; a test ERC-20
// deployed as USDT): HD deposit addresses, deposits credited once after the confirmations, a
// reorganisation (snapshot and revert) that removes a deposit before it is confirmed, sweeps with gas
// top-ups into the hot wallet, withdrawals paid on chain with the shown fee, replacement of a dropped
// transaction, the solvency view, and the start-up chain-id check. The custody job runs by hand
// (EVM_POLL_MS=0, `app.wallet.custody.tick()`), blocks are mined on demand.
import { and, eq } from 'drizzle-orm';
import { formatEther, getAddress, parseEther } from 'viem';
import {
  english,
  generateMnemonic,
  generatePrivateKey,
  mnemonicToAccount,
  privateKeyToAddress,
} from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { custodySweeps, custodyTxs } from '@/db/schema';
import { EvmCustody } from '@/modules/wallet/chain/evm/evm-custody';
import { loadEvmSettings } from '@/modules/wallet/chain/evm/evm-settings';
import { CHAIN_ID, type EvmNode, startEvmNode } from './evm-node';
import { auth, bootstrapAdmin, call } from './helpers';
import { API, createWalletApp, credit, spot, walletUser, withdraw, withdrawalKey } from './wallet-kit';

const CONFIRMATIONS = 3;
let node: EvmNode;
let token: `0x${string}`;
let mnemonic: string;
let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let admin: string;

const custody = () => {
  const c = ctx.app.wallet.custody;
  if (!c) throw new Error('custody expected');
  return c;
};
/** Mines `blocks` (each with what the mempool holds) and runs one custody round after each. */
async function mineAndTick(blocks = 1) {
  for (let i = 0; i < blocks; i++) {
    await node.mine(1);
    await custody().tick();
  }
}

interface Recharge {
  coin: string;
  amount: string;
  status: number;
  confirmations: number;
  requiredConfirmations: number;
  txid: string;
  vout: number;
  reason: string | null;
  simulated: boolean;
}
async function recharges(tokenOfUser: string): Promise<Recharge[]> {
  const res = await call<{ records: Recharge[] }>(ctx.app, {
    method: 'POST',
    url: `${API}/assets/getRechargeLog`,
    headers: auth(tokenOfUser),
    payload: { size: 50 },
  });
  expect(res.status).toBe(200);
  return res.body.data.records;
}
async function depositAddress(tokenOfUser: string, coin: string) {
  const res = await call<{
    address: string;
    simulated: boolean;
    network: string;
    confirmations: number;
    chain: string;
  }>(ctx.app, {
    method: 'GET',
    url: `${API}/assets/getDepositAddress/${coin}?network=ERC20`,
    headers: auth(tokenOfUser),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  node = await startEvmNode();
  token = await node.deployToken(10n ** 15n);
  mnemonic = generateMnemonic(english);
  ctx = await createWalletApp({
    CHAIN_ADAPTER: 'evm',
    EVM_RPC_URL: node.url,
    EVM_CHAIN_ID: String(CHAIN_ID),
    EVM_CONFIRMATIONS: String(CONFIRMATIONS),
    EVM_TOKENS: `USDT=${token}`,
    EVM_MNEMONIC: mnemonic,
    EVM_POLL_MS: '0',
    EVM_REPLACE_AFTER_BLOCKS: '3',
    EVM_EXPLORER_TX_URL: 'https://explorer.example/tx/{tx}',
    OPERATOR_COOLING_OFF_HOURS: '0',
  });
  admin = (await bootstrapAdmin(ctx.app)).token;
  // The hot wallet: 100 ETH and 10,000 USDT.
  await node.sendEth(custody().hotWallet, '100');
  await node.sendToken(token, custody().hotWallet, 10_000_000_000n);
  // From here on blocks come only when a test mines them (the custody's own transactions wait for them).
  await node.setAutomine(false);
  await custody().tick();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await node?.stop();
});

describe('start-up', () => {
  it('refuses a node whose chain id is not EVM_CHAIN_ID, and a missing or invalid mnemonic', async () => {
    const base = {
      CHAIN_ADAPTER: 'evm',
      EVM_RPC_URL: node.url,
      EVM_TOKENS: `USDT=${token}`,
      EVM_MNEMONIC: mnemonic,
    };
    const open = async (env: Record<string, string>) =>
      EvmCustody.open({
        settings: loadEvmSettings(loadConfig(env)),
        db: ctx.db,
        clock: ctx.clock,
        assets: ctx.app.wallet.assets,
        log: { info: () => {}, warn: () => {}, error: () => {} },
      });
    await expect(open({ ...base, EVM_CHAIN_ID: '1' })).rejects.toThrow(
      /EVM_CHAIN_ID is 1 but the node at EVM_RPC_URL reports chain id 31337: refusing to start/,
    );
    const { EVM_MNEMONIC: _m, ...noSeed } = base;
    await expect(open({ ...noSeed, EVM_CHAIN_ID: '31337' })).rejects.toThrow(/EVM_MNEMONIC/);
    // The message names the variable, never the words.
    const bad = open({ ...base, EVM_CHAIN_ID: '31337', EVM_MNEMONIC: 'zebra apple sky' });
    await expect(bad).rejects.toThrow(/EVM_MNEMONIC: not a valid BIP-39/);
    await expect(bad).rejects.not.toThrow(/zebra/);
    // The configuration object never shows the mnemonic either.
    const config = loadConfig({ ...base, EVM_CHAIN_ID: '31337' });
    expect(JSON.stringify(config)).not.toContain(mnemonic.split(' ')[0] ?? 'x');
    expect(String(config.EVM_MNEMONIC)).toBe('[secret]');
  });
});

describe('deposit addresses', () => {
  it('gives each user one deterministic BIP-44 address per network, labelled real', async () => {
    const a = await walletUser(ctx.app);
    const b = await walletUser(ctx.app);
    const eth = await depositAddress(a.token, 'ETH');
    const usdt = await depositAddress(a.token, 'USDT');
    const again = await depositAddress(a.token, 'eth');
    const other = await depositAddress(b.token, 'ETH');
    expect(eth).toMatchObject({
      simulated: false,
      network: 'ERC20',
      confirmations: CONFIRMATIONS,
      chain: 'evm31337',
    });
    expect(usdt.address).toBe(eth.address);
    expect(again.address).toBe(eth.address);
    expect(other.address).not.toBe(eth.address);
    // Independently derived: m/44'/60'/1'/0/<userId> of the mnemonic (account 0 is the hot wallet).
    const expected = mnemonicToAccount(mnemonic, { accountIndex: 1, addressIndex: Number(a.userId) }).address;
    expect(eth.address).toBe(getAddress(expected));
    expect(custody().hotWallet).toBe(
      mnemonicToAccount(mnemonic, { accountIndex: 0, addressIndex: 0 }).address,
    );
    // Other networks have no real address here.
    const trc = await call(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getDepositAddress/USDT?network=TRC20`,
      headers: auth(a.token),
    });
    expect(trc.status).toBe(409);
    expect(trc.body.errorCode).toBe('WALLET_NETWORK_UNAVAILABLE');
  });
});

describe('deposits', () => {
  it('credits ETH and USDT once, after the confirmations, and shows them pending until then', async () => {
    const u = await walletUser(ctx.app);
    const { address } = await depositAddress(u.token, 'ETH');
    const to = address as `0x${string}`;
    const ethTx = await node.sendEth(to, '1.5');
    const usdtTx = await node.sendToken(token, to, 250_500_000n);
    await mineAndTick(1);
    let rows = await recharges(u.token);
    expect(rows).toHaveLength(2);
    const eth = rows.find((r) => r.txid === ethTx);
    const usdt = rows.find((r) => r.txid === usdtTx);
    expect(eth).toMatchObject({
      coin: 'ETH',
      amount: '1.5',
      status: 0,
      vout: -1,
      confirmations: 1,
      requiredConfirmations: 3,
      simulated: false,
    });
    expect(usdt).toMatchObject({
      coin: 'USDT',
      amount: '250.5',
      status: 0,
      confirmations: 1,
      requiredConfirmations: 3,
    });
    expect(usdt?.vout).toBeGreaterThanOrEqual(0);
    // A value finer than the asset's 8 decimals is credited truncated (the dust stays on chain).
    const dustTx = await node.sendEth(to, '0.123456789123456789');
    await mineAndTick(1);
    rows = await recharges(u.token);
    expect(rows.find((r) => r.txid === ethTx)?.confirmations).toBe(2);
    expect(rows.find((r) => r.txid === dustTx)).toMatchObject({
      amount: '0.12345678',
      confirmations: 1,
      status: 0,
    });
    expect(spot(ctx.app, u.userId, 'ETH').available).toBe('0');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('0');
    await mineAndTick(1);
    expect(spot(ctx.app, u.userId, 'ETH').available).toBe('1.5');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('250.5');
    await mineAndTick(1);
    expect(spot(ctx.app, u.userId, 'ETH').available).toBe('1.62345678');
    // More blocks and rounds change nothing: each (tx hash, log index) is credited once.
    await mineAndTick(4);
    expect(spot(ctx.app, u.userId, 'ETH').available).toBe('1.62345678');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('250.5');
    rows = await recharges(u.token);
    expect(rows.map((r) => r.status)).toEqual([1, 1, 1]);
  });

  it('never credits a deposit whose block dropped out in a reorganisation', async () => {
    // Let earlier work (sweeps) reach its confirmations first: the revert below must only undo this test.
    await mineAndTick(8);
    const u = await walletUser(ctx.app);
    const { address } = await depositAddress(u.token, 'ETH');
    const snap = await node.snapshot();
    const tx = await node.sendEth(address as `0x${string}`, '2');
    await mineAndTick(1);
    expect((await recharges(u.token))[0]).toMatchObject({ txid: tx, status: 0, confirmations: 1 });
    await mineAndTick(1);
    expect((await recharges(u.token))[0]).toMatchObject({ txid: tx, status: 0, confirmations: 2 });
    // The chain is reorganised: the blocks since the snapshot are replaced by others without the deposit.
    await node.revert(snap);
    await node.mine(4);
    await custody().tick();
    const [dropped] = await recharges(u.token);
    expect(dropped).toMatchObject({ txid: tx, status: 2, reason: 'chain.reorged', confirmations: 0 });
    await mineAndTick(5);
    const [row] = await recharges(u.token);
    expect(row).toMatchObject({ txid: tx, status: 2 });
    expect(spot(ctx.app, u.userId, 'ETH')).toEqual({ available: '0', frozen: '0' });
    expect(await node.client.getBalance({ address: address as `0x${string}` })).toBe(0n);
  });
});

describe('sweeps', () => {
  it('moves credited deposits into the hot wallet, topping up gas for the token sweep', async () => {
    const u = await walletUser(ctx.app);
    const { address } = await depositAddress(u.token, 'USDT');
    const addr = address as `0x${string}`;
    await node.sendToken(token, addr, 40_000_000n);
    await node.sendEth(addr, '0.5');
    const hot = custody().hotWallet;
    const hotUsdtBefore = await node.tokenBalance(token, hot);
    await mineAndTick(20);
    const sweeps = await ctx.db.select().from(custodySweeps).where(eq(custodySweeps.address, addr));
    expect(sweeps.map((s) => [s.asset, s.status]).sort()).toEqual([
      ['ETH', 'done'],
      ['USDT', 'done'],
    ]);
    expect(await node.tokenBalance(token, addr)).toBe(0n);
    expect(await node.tokenBalance(token, hot)).toBe(hotUsdtBefore + 40_000_000n);
    // Nothing but less than one transfer's gas is left at the deposit address.
    expect(await node.client.getBalance({ address: addr })).toBeLessThan(parseEther('0.001'));
    // The user's balances are what was deposited: sweeps and gas are the platform's business.
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('40');
    expect(spot(ctx.app, u.userId, 'ETH').available).toBe('0.5');
    const txs = await ctx.db
      .select()
      .from(custodyTxs)
      .where(and(eq(custodyTxs.fromAddress, addr), eq(custodyTxs.kind, 'sweep')));
    expect(txs.map((t) => t.status).sort()).toEqual(['confirmed', 'confirmed']);
  });
});

describe('withdrawals', () => {
  async function requestWithdrawal(u: { token: string }, coin: string, amount: string, address: string) {
    const key = await withdrawalKey(ctx.app, u.token);
    const res = await withdraw(ctx.app, u.token, key, {
      coin,
      amount,
      address,
      tradePwd: Buffer.from('Fund-123456').toString('base64'),
      network: 'ERC20',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; fee: string; total: string };
  }
  const approve = (id: string) =>
    call<{ status: number }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/approve`,
      headers: auth(admin),
      payload: {},
    });
  async function withdrawalRow(u: { token: string }, id: string) {
    const res = await call<{
      records: Array<{
        id: string;
        status: number;
        txid: string | null;
        explorerUrl?: string | null;
        fee: string;
        amount: string;
      }>;
    }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getWithdrawalLog`,
      headers: auth(u.token),
      payload: {},
    });
    return res.body.data.records.find((r) => r.id === id);
  }

  it('pays ETH and USDT on chain after review: right amount, the fee as shown, complete at the confirmations', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'ETH', '2');
    await credit(ctx.app, u.userId, 'USDT', '500');
    const recipient = privateKeyToAddress(generatePrivateKey());
    const feeEth = (
      await call<{ withdrawFee: string }>(ctx.app, {
        method: 'GET',
        url: `${API}/assets/withdrawFee?coin=ETH`,
      })
    ).body.data.withdrawFee;
    const feeUsdt = (
      await call<{ withdrawFee: string }>(ctx.app, {
        method: 'GET',
        url: `${API}/assets/withdrawFee?coin=USDT`,
      })
    ).body.data.withdrawFee;
    const e = await requestWithdrawal(u, 'ETH', '0.75', recipient);
    const t = await requestWithdrawal(u, 'USDT', '123.45', recipient);
    expect(e.fee).toBe(feeEth);
    expect(t.fee).toBe(feeUsdt);
    expect(e.total).toBe('0.755');
    // A checksum typo is refused before anything is held.
    const typo = `${recipient.slice(0, 2)}${recipient.slice(2).replace(/[a-f]/, (c) => c.toUpperCase())}`;
    if (typo !== recipient) {
      const key = await withdrawalKey(ctx.app, u.token);
      const bad = await withdraw(ctx.app, u.token, key, {
        coin: 'ETH',
        amount: '0.1',
        address: typo,
        tradePwd: Buffer.from('Fund-123456').toString('base64'),
      });
      expect(bad.body.errorCode).toBe('WALLET_ADDRESS_INVALID');
    }
    expect((await approve(e.id)).body.data.status).toBe(4);
    expect((await approve(t.id)).body.data.status).toBe(4);
    expect(spot(ctx.app, u.userId, 'ETH')).toEqual({ available: '1.245', frozen: '0.755' });
    await custody().tick();
    // Signed and sent, then mined, not yet confirmed: the user sees the hash and a link, still sending.
    const sent = await withdrawalRow(u, e.id);
    expect(sent?.txid).toMatch(/^0x[0-9a-f]{64}$/);
    await mineAndTick(1);
    const sending = await withdrawalRow(u, e.id);
    expect(sending?.txid).toBe(sent?.txid);
    expect(sending?.status).toBe(4);
    expect(sending?.txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sending?.explorerUrl).toBe(`https://explorer.example/tx/${sending?.txid}`);
    expect(await node.client.getBalance({ address: recipient })).toBe(parseEther('0.75'));
    expect(await node.tokenBalance(token, recipient)).toBe(123_450_000n);
    expect(spot(ctx.app, u.userId, 'ETH').frozen).toBe('0.755');
    await mineAndTick(CONFIRMATIONS - 1);
    const done = await withdrawalRow(u, e.id);
    expect(done).toMatchObject({ status: 1, fee: '0.005', amount: '0.75' });
    expect((await withdrawalRow(u, t.id))?.status).toBe(1);
    expect(spot(ctx.app, u.userId, 'ETH')).toEqual({ available: '1.245', frozen: '0' });
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '375.55', frozen: '0' });
    // Exactly the amounts arrived, once.
    await mineAndTick(2);
    expect(formatEther(await node.client.getBalance({ address: recipient }))).toBe('0.75');
    expect(await node.tokenBalance(token, recipient)).toBe(123_450_000n);
    const receipt = await node.client.getTransactionReceipt({ hash: done?.txid as `0x${string}` });
    expect(receipt.status).toBe('success');
  });

  it('replaces a transaction the node dropped with higher fees and the same nonce, paying once', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'ETH', '1');
    const recipient = privateKeyToAddress(generatePrivateKey());
    const w = await requestWithdrawal(u, 'ETH', '0.3', recipient);
    await mineAndTick(8);
    const hot = custody().hotWallet;
    const nonceBefore = await node.client.getTransactionCount({ address: hot });
    await approve(w.id);
    await custody().tick();
    const first = await withdrawalRow(u, w.id);
    expect(first?.txid).toMatch(/^0x/);
    // The transaction gets lost (dropped from the node's mempool); blocks pass without it.
    await node.rpc('hardhat_dropTransaction', [first?.txid]);
    await node.mine(3);
    await custody().tick();
    const second = await withdrawalRow(u, w.id);
    expect(second?.txid).toMatch(/^0x/);
    expect(second?.txid).not.toBe(first?.txid);
    const [payout] = await ctx.db
      .select()
      .from(custodyTxs)
      .where(eq(custodyTxs.txHash, second?.txid ?? ''));
    expect(payout).toMatchObject({ kind: 'payout', attempts: 2, nonce: BigInt(nonceBefore) });
    await mineAndTick(CONFIRMATIONS + 1);
    const done = await withdrawalRow(u, w.id);
    expect(done?.status).toBe(1);
    expect(await node.client.getBalance({ address: recipient })).toBe(parseEther('0.3'));
    expect(await node.client.getTransactionCount({ address: hot })).toBe(nonceBefore + 1);
  });
});

describe('solvency', () => {
  it('shows the hot wallet beside pending withdrawals and liabilities, and warns when it cannot pay', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '50000');
    const recipient = privateKeyToAddress(generatePrivateKey());
    const key = await withdrawalKey(ctx.app, u.token);
    const res = await withdraw(ctx.app, u.token, key, {
      coin: 'USDT',
      amount: '20000',
      address: recipient,
      tradePwd: Buffer.from('Fund-123456').toString('base64'),
      network: 'ERC20',
    });
    expect(res.status).toBe(200);
    const s = await call<{
      enabled: boolean;
      alarm: boolean;
      status: { hotWallet: string; chainId: number };
      assets: Array<{
        coin: string;
        hotWallet: string;
        pendingWithdrawals: string;
        userLiabilities: string;
        shortfall: string;
        covered: boolean;
        pendingCount: number;
      }>;
    }>(ctx.app, { method: 'GET', url: '/api/admin/custody/solvency', headers: auth(admin) });
    expect(s.status).toBe(200);
    expect(s.body.data.enabled).toBe(true);
    expect(s.body.data.status).toMatchObject({ chainId: CHAIN_ID, hotWallet: custody().hotWallet });
    const usdt = s.body.data.assets.find((a) => a.coin === 'USDT');
    const hotUsdt = Number(await node.tokenBalance(token, custody().hotWallet)) / 1e6;
    expect(Number(usdt?.hotWallet)).toBe(hotUsdt);
    expect(usdt?.pendingWithdrawals).toBe('20000');
    expect(usdt?.pendingCount).toBe(1);
    expect(usdt?.covered).toBe(false);
    expect(Number(usdt?.shortfall)).toBeCloseTo(20000 - hotUsdt, 6);
    // Liabilities: every user's USDT in the core.
    expect(Number(usdt?.userLiabilities)).toBeGreaterThanOrEqual(50000);
    expect(s.body.data.alarm).toBe(true);
    const eth = s.body.data.assets.find((a) => a.coin === 'ETH');
    expect(eth?.covered).toBe(true);
    const user = await call(ctx.app, {
      method: 'GET',
      url: '/api/admin/custody/solvency',
      headers: auth(u.token),
    });
    expect(user.status).toBe(401);
  });
});
