// Real custody in the browser: a server of its own runs CHAIN_ADAPTER=evm against a local Ethereum node
// (e2e/support/evm-custody.ts). The deposit page shows the user's real address (no "simulated" label)
// with its QR code, says that USDT's TRC20 network has no address here, and a token transfer to the
// address shows up as confirming n/3 and then completed, with the balance credited.
//
// Test ids: deposit-panel, deposit-network, deposit-unavailable, deposit-address, deposit-qr,
// deposit-simulated, demo-funding, recharge-history, recharge-status-<id>, balance-available-<COIN>.
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { type CustodyStack, startCustodyStack } from './support/evm-custody';

const API = '/api/mjkj-web/coin';
let stack: CustodyStack;

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
