// Real custody in the browser: a server of its own runs CHAIN_ADAPTER=evm against a local Ethereum node
// (e2e/support/evm-custody.ts). The deposit page shows the user's real address (no "simulated" label)
// with its QR code, says that USDT's TRC20 network has no address here, and a token transfer to the
// address shows up as confirming n/3 and then completed, with the balance credited.
//
// Test ids: deposit-panel, deposit-network, deposit-unavailable, deposit-address, deposit-qr,
// deposit-simulated, demo-funding, recharge-history, recharge-status-<id>, balance-available-<COIN>.
import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { type CustodyStack, startCustodyStack } from './support/evm-custody';

const API = '/api/mjkj-web/coin';
const FUND_PASSWORD = 'Fund-123456';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
let stack: CustodyStack;
const state = { token: '' };

/** The client side of the withdrawal body's hybrid encryption (docs/wallet-api.md). */
function encryptFor(publicKeyB64: string, payload: unknown) {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([c.update(JSON.stringify(payload), 'utf8'), c.final(), c.getAuthTag()]);
  const key = publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKeyB64, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    aesKey,
  );
  return { key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startCustodyStack(3);
});

test.afterAll(async () => {
  await stack?.stop();
});

test('the deposit page shows the real address and QR, and a token deposit confirms and is credited', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: stack.base });
  const account = uniqueAccount('cust');
  const token = await registerAndLogin(api, account);
  state.token = token;
  const expected = await api.get(`${API}/assets/getDepositAddress/USDT?network=ERC20`, {
    headers: { satoken: token },
  });
  const addressData = (await expected.json()).data as {
    address: string;
    simulated: boolean;
    confirmations: number;
  };
  expect(addressData.simulated).toBe(false);
  expect(addressData.address).toMatch(/^0x[0-9a-fA-F]{40}$/);

  await page.goto(`${stack.base}/user/login`);
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();

  await page.goto(`${stack.base}/assets/index?key=recharge`);
  await expect(page.getByTestId('deposit-panel')).toBeVisible();
  // USDT's first network is TRC20, which this server's chain does not carry.
  await expect(page.getByTestId('deposit-unavailable')).toContainText('choose another network');
  await page.locator('#deposit-network').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'ERC20' }).click();
  await expect(page.getByTestId('deposit-address')).toHaveText(addressData.address);
  await expect(page.getByTestId('deposit-simulated')).toHaveCount(0);
  await expect(page.getByTestId('demo-funding')).toHaveCount(0);
  await expect(page.getByTestId('deposit-unavailable')).toHaveCount(0);
  const qr = page.getByTestId('deposit-qr').locator('svg');
  await expect(qr).toBeVisible();
  expect(await qr.locator('path').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('deposit-panel')).toContainText('3');
  await page.screenshot({ path: testInfo.outputPath('custody-deposit.png'), fullPage: true });

  // 12.5 USDT to the address: confirming, then completed after three confirmations.
  const txid = await stack.sendToken(addressData.address, 12_500_000n);
  const history = page.getByTestId('recharge-history');
  // The watcher finds it in its next round; the list shows it after a reload, then follows it by itself.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await history.textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toContain('Confirming 1/3');
  await expect(history).toContainText(txid.slice(0, 8));
  await stack.mine(2);
  await expect(history).toContainText('Completed', { timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('custody-deposit-credited.png'), fullPage: true });
  const balance = await api.get(`${API}/assets/getMyBalance?type=1&coin=USDT`, {
    headers: { satoken: token },
  });
  const list = ((await balance.json()).data as { list: Array<{ coin: string; available: string }> }).list;
  expect(list.find((c) => c.coin === 'USDT')?.available).toBe('12.5');

  // On a phone the address and the QR code are still there, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${stack.base}/assets/index?key=recharge`);
  await page.locator('#deposit-network').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'ERC20' }).click();
  await expect(page.getByTestId('deposit-address')).toHaveText(addressData.address);
  await expect(qr).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('custody-deposit-phone.png'), fullPage: true });
  await api.dispose();
});

test('the console shows the hot wallet beside pending withdrawals and sounds the alarm when it cannot pay', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: stack.base });
  const headers = { satoken: state.token };
  const set = await api.post('/api/user/tardPwdSet', {
    headers,
    data: { loginPassword: b64(PASSWORD), password: b64(FUND_PASSWORD), confirmPassword: b64(FUND_PASSWORD) },
  });
  expect((await set.json()).code).toBe(200);
  const key = (await (await api.get(`${API}/assets/withdrawalKey`, { headers })).json()).data as {
    publicKey: string;
  };
  const sent = await api.post(`${API}/assets/withdrawal`, {
    headers,
    data: encryptFor(key.publicKey, {
      coin: 'USDT',
      amount: '10',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      tradePwd: b64(FUND_PASSWORD),
      network: 'ERC20',
    }),
  });
  expect((await sent.json()).code).toBe(200);
  await api.dispose();

  // The hot wallet was never funded: 10 USDT under review cannot be paid from it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const oneTime = readFileSync(stack.adminPasswordFile, 'utf8').trim();
  await page.goto(`${stack.base}/admin`);
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(oneTime);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('admin-newpwd')).toBeVisible();
  if (await page.getByTestId('admin-oldpwd').isVisible())
    await page.getByTestId('admin-oldpwd').fill(oneTime);
  await page.getByTestId('admin-newpwd').fill('Adm1nPassw0rd!');
  await page.getByTestId('admin-newpwd-confirm').fill('Adm1nPassw0rd!');
  await page.getByTestId('admin-newpwd-submit').click();
  await page.getByTestId('admin-nav-solvency').click();
  await expect(page.getByTestId('solvency-alarm')).toContainText('USDT short by 10');
  await expect(page.getByTestId('solvency-row-USDT')).toHaveAttribute('data-covered', 'false');
  await expect(page.getByTestId('solvency-pending-USDT')).toHaveText('10 (1)');
  await expect(page.getByTestId('solvency-row-ETH')).toHaveAttribute('data-covered', 'true');
  await expect(page.getByTestId('solvency-hot-address')).toContainText(/0x[0-9a-fA-F]{40}/);
  await page.screenshot({ path: testInfo.outputPath('custody-solvency.png'), fullPage: true });
  await context.close();
});
