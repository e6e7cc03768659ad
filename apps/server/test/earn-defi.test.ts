// DeFi mining over HTTP (docs/earn.md "DeFi"): an address is proven with an EIP-4361 message signed by
// a viem local account; sendApproveHash takes that proof (never an allowance) and refuses a bad
// signature, a changed message, a reused, expired or foreign nonce; an address belongs to one account;
// a stake needs a proven address, comes from the finance account and pays the stated gas fee once per
// address into the gas account; rewards are paid daily from the pool.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEarnApp,
  createProduct,
  DAY,
  type EarnTestContext,
  earnUser,
  finance,
  fundPool,
  ok,
  refused,
} from './earn-kit';
import { auth, call, tr } from './helpers';

let ctx: EarnTestContext;
let poolId: string;

interface Nonce {
  nonce: string;
  message: string;
  address: string;
}

const nonce = (token: string, address: string, chainId = 1) =>
  call<Nonce>(ctx.app, {
    method: 'POST',
    url: '/api/apiDefi/nonce',
    headers: auth(token),
    payload: { address, chainId },
  });
const prove = (token: string, message: string, signature: string) =>
  call<{ address: string; gasPaid: boolean }>(ctx.app, {
    method: 'POST',
    url: '/api/apiDefi/sendApproveHash',
    headers: auth(token),
    payload: { message, signature },
  });
const join = (token: string, address: string, amount: string) =>
  call<{ id: string; gasFee: string; amount: string }>(ctx.app, {
    method: 'POST',
    url: '/api/apiDefi/join',
    headers: auth(token),
    payload: { productId: poolId, amount, address },
  });

beforeAll(async () => {
  ctx = await createEarnApp();
  await fundPool(ctx, 'defi', '500');
  poolId = await createProduct(ctx, {
    kind: 'defi',
    name: 'USDT mining',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0018',
    cycleDays: 30,
    minAmount: '100',
    maxAmount: '5000',
    gasAsset: 'ETH',
    gasFee: '0.002',
    poolAddress: '0x1111111111111111111111111111111111111111',
  });
});
afterAll(async () => ctx.close());

describe('proving a wallet address', () => {
  it('accepts the issued message signed by the address once, and refuses everything else', async () => {
    const u = await earnUser(ctx.app, '0');
    const wallet = privateKeyToAccount(generatePrivateKey());
    const intruder = privateKeyToAccount(generatePrivateKey());
    const issued = ok(await nonce(u.token, wallet.address.toLowerCase()));
    expect(issued.address).toBe(wallet.address);
    expect(issued.message).toContain('wants you to sign in with your Ethereum account');
    expect(issued.message).toContain(wallet.address);
    expect(issued.message).toContain(`Nonce: ${issued.nonce}`);
    expect(issued.message).toContain(tr('en', 'earn.siweStatement', { brand: ctx.config.BRAND_NAME }));

    refused(
      await prove(u.token, issued.message, await intruder.signMessage({ message: issued.message })),
      422,
      'EARN_WALLET_SIGNATURE_INVALID',
    );
    refused(await prove(u.token, issued.message, '0x1234'), 422, 'EARN_WALLET_SIGNATURE_INVALID');
    const changed = issued.message.replace('Chain ID: 1', 'Chain ID: 5');
    refused(
      await prove(u.token, changed, await wallet.signMessage({ message: changed })),
      422,
      'EARN_WALLET_MESSAGE_INVALID',
    );
    // Someone else cannot use this user's nonce, even with the right signature.
    const other = await earnUser(ctx.app, '0');
    const signature = await wallet.signMessage({ message: issued.message });
    refused(await prove(other.token, issued.message, signature), 422, 'EARN_WALLET_NONCE_INVALID');
    expect(
      ok(
        await call<unknown[]>(ctx.app, {
          method: 'GET',
          url: '/api/apiDefi/addresses',
          headers: auth(u.token),
        }),
      ),
    ).toEqual([]);

    expect(ok(await prove(u.token, issued.message, signature))).toMatchObject({
      address: wallet.address.toLowerCase(),
      gasPaid: false,
    });
    refused(await prove(u.token, issued.message, signature), 422, 'EARN_WALLET_NONCE_INVALID');
    const addresses = ok(
      await call<{ address: string }[]>(ctx.app, {
        method: 'GET',
        url: '/api/apiDefi/addresses',
        headers: auth(u.token),
      }),
    );
    expect(addresses.map((a) => a.address)).toEqual([wallet.address.toLowerCase()]);

    // The same address proven by another account is refused: one account per address.
    const theirs = ok(await nonce(other.token, wallet.address));
    refused(
      await prove(other.token, theirs.message, await wallet.signMessage({ message: theirs.message })),
      409,
      'EARN_WALLET_ADDRESS_TAKEN',
    );
  });

  it('lets a message expire', async () => {
    const u = await earnUser(ctx.app, '0');
    const wallet = privateKeyToAccount(generatePrivateKey());
    const issued = ok(await nonce(u.token, wallet.address));
    ctx.clock.advance(ctx.config.EARN_SIWE_TTL_SECONDS * 1000 + 1);
    refused(
      await prove(u.token, issued.message, await wallet.signMessage({ message: issued.message })),
      422,
      'EARN_WALLET_NONCE_INVALID',
    );
  });
});

describe('mining', () => {
  it('stakes from the finance account with a proven address, charges the gas fee once, pays rewards daily', async () => {
    const u = await earnUser(ctx.app, '2000', '0.01');
    const other = await earnUser(ctx.app, '2000', '0.01');
    const wallet = privateKeyToAccount(generatePrivateKey());
    refused(await join(u.token, wallet.address, '1000'), 409, 'EARN_WALLET_NOT_PROVEN');
    const issued = ok(await nonce(u.token, wallet.address));
    ok(await prove(u.token, issued.message, await wallet.signMessage({ message: issued.message })));
    refused(await join(other.token, wallet.address, '1000'), 409, 'EARN_WALLET_NOT_PROVEN');

    const first = ok(await join(u.token, wallet.address, '1000'));
    expect(first).toMatchObject({ amount: '1000', gasFee: '0.002' });
    const second = ok(await join(u.token, wallet.address, '500'));
    expect(second.gasFee).toBe('0');
    expect(finance(ctx.app, u.userId, 'ETH').available).toBe('0.008');
    expect(finance(ctx.app, u.userId)).toEqual({ available: '500', frozen: '1500' });
    expect(ctx.app.core.systemBalance('earn_gas_fees', 'ETH')).toBe('0.002');

    ctx.clock.advance(2 * DAY + 1000);
    await ctx.app.earn.job.runDue();
    // 1500 x 0.0018 x 2 = 5.4
    expect(finance(ctx.app, u.userId).available).toBe('505.4');
    const pool = ok(
      await call<
        {
          id: string;
          totalOutput: string;
          nodes: number;
          participants: number;
          singleIncome: string;
          poolAddress: string;
        }[]
      >(ctx.app, { method: 'POST', url: '/api/defi/list' }),
    );
    expect(pool[0]).toMatchObject({
      id: poolId,
      totalOutput: '5.4',
      nodes: 1,
      participants: 1,
      singleIncome: '0.18',
      poolAddress: '0x1111111111111111111111111111111111111111',
    });
    // Another user sees none of it and cannot end it.
    refused(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/earn/redeem',
        headers: auth(other.token),
        payload: { orderId: first.id },
      }),
      404,
      'EARN_ORDER_NOT_FOUND',
    );
    const theirs = ok(
      await call<{ total: number }>(ctx.app, {
        method: 'POST',
        url: '/api/order/list?kind=defi',
        headers: auth(other.token),
      }),
    );
    expect(theirs.total).toBe(0);
    // The owner ends a stake at any time with the days mined.
    ok(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/earn/redeem',
        headers: auth(u.token),
        payload: { orderId: first.id },
      }),
    );
    expect(finance(ctx.app, u.userId)).toEqual({ available: '1505.4', frozen: '500' });
  });
});
