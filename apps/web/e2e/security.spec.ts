// Account security in the browser (issue 13): bind a Google authenticator with a code computed here from
// the key the page shows, then log out and log in in two steps (the first answer is the step-1 control
// signal, no error toast; the second call carries the code); the security overview, the withdrawal lock
// after a password change, API keys (secret shown once) and "log out this device". Screenshots of the
// security pages in day and night themes and at 375 px go to e2e/screenshots/ for checking by eye.
//
// Test ids (features/security unless noted): security-overview, security-item-<key>, security-state-<key>,
// withdraw-lock-notice, google-setting, google-qr, google-secret, google-password, google-code,
// google-submit, google-success, google-bound, login-step2, login-google-code, login-step2-submit (auth
// feature), device-list, device-row, device-logout, api-key-form, api-key-label, api-key-perm-trade,
// api-key-submit, api-key-created, api-key-created-secret, api-key-created-close, api-key-row.
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';

const OUT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

function entry(content: string): string {
  return JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
}

async function loginByUi(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function logoutByUi(page: Page): Promise<void> {
  await page.getByTestId('topbar-avatar').click();
  await page.getByTestId('topbar-logout').click();
  await expect(page.getByTestId('topbar-login')).toBeVisible();
}

/** The current 30-second step of the real clock (the server under test uses it too). */
const step = () => Math.floor(Date.now() / 30_000);

/** The code of the step after the current one: the server accepts a step either side of now, and it is
 * later than any step used so far, so it is not refused as a reused code (no wait for the clock). */
const nextStepCode = (secret: string) => generateSync({ secret, epoch: (step() + 1) * 30 });

test('bind Google 2FA with a computed code, then log in in two steps', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = uniqueAccount('g2fa');
  await registerAndLogin(request, account);
  await loginByUi(page, account);
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();

  await page.goto('/account/center/security');
  await expect(page.getByTestId('security-state-google')).toHaveAttribute('data-state', 'off');
  await page.getByTestId('security-action-google').click();
  await expect(page).toHaveURL(/\/account\/center\/setting\/google$/);
  // The account menu is hidden on /setting/ paths.
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await expect(page.getByTestId('google-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('google-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused with the server's message and binds nothing.
  const bindStep = step();
  const right = generateSync({ secret, epoch: bindStep * 30 });
  await page.getByTestId('google-password').fill(PASSWORD);
  await page.getByTestId('google-code').fill(right === '000000' ? '111111' : '000000');
  await page.getByTestId('google-submit').click();
  await expect(page.getByTestId('code-error')).toBeVisible();
  await page.getByTestId('google-code').fill(right);
  await page.getByTestId('google-submit').click();
  await expect(page.getByTestId('google-success')).toBeVisible();
  await expect(page.getByTestId('google-bound')).toBeVisible();

  await page.goto('/account/center/security');
  await expect(page.getByTestId('security-state-google')).toHaveAttribute('data-state', 'on');

  await logoutByUi(page);
  await loginByUi(page, account);
  // Step 1 answered the control signal: the code form, no error.
  await expect(page.getByTestId('login-step2')).toBeVisible();
  await expect(page.getByTestId('login-error')).toHaveCount(0);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // Codes are single use: the one the binding took is refused with the server's words, and the next
  // step's code signs in.
  await page.getByTestId('login-google-code').fill(right);
  // (Still the binding's step, the server certainly sees it within its tolerance: "already used".)
  const sameStep = step() === bindStep;
  await page.getByTestId('login-step2-submit').click();
  // The refusal is the code field's error.
  await expect(page.getByTestId('googleCode-error')).toBeVisible();
  if (sameStep) await expect(page.getByTestId('googleCode-error')).toContainText('already used');
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByTestId('login-google-code').fill(nextStepCode(secret));
  await page.getByTestId('login-step2-submit').click();
  await expect(page).toHaveURL(/\/home\/index/);
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
});

test('a password change locks withdrawals; API keys show the secret once; log out a device', async ({
  page,
  request,
  browser,
}) => {
  const account = uniqueAccount('sec');
  await registerAndLogin(request, account);
  await loginByUi(page, account);
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();

  // API key: created with trade permission, the secret shown once in a dialog.
  await page.goto('/account/center/api-keys');
  await page.getByTestId('api-key-label').fill('my bot');
  await page.getByTestId('api-key-perm-trade').click();
  await page.getByTestId('api-key-submit').click();
  await expect(page.getByTestId('api-key-created')).toBeVisible();
  const secret = (await page.getByTestId('api-key-created-secret').innerText()).trim();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await page.getByTestId('api-key-created-close').click();
  await expect(page.getByTestId('api-key-row')).toHaveCount(1);
  await expect(page.getByTestId('api-keys')).not.toContainText(secret);

  // A second device signs in; this one logs it out.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginByUi(otherPage, account);
  await expect(otherPage.getByTestId('topbar-avatar')).toBeVisible();
  // Signed in: the API session of the set-up, this page and the other context.
  await page.goto('/account/center/device-management');
  await expect(page.getByTestId('device-row')).toHaveCount(3);
  await expect(page.locator('[data-testid="device-row"][data-current="true"]')).toHaveCount(1);
  for (const left of [2, 1]) {
    await page
      .locator('[data-testid="device-row"][data-current="false"]')
      .first()
      .getByTestId('device-logout')
      .click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expect(page.getByTestId('device-row')).toHaveCount(left);
    await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
  }
  // The other device's session is gone: its next call is a 401 and it is signed out.
  await otherPage.goto('/account/center/security');
  await expect(otherPage.getByTestId('topbar-login')).toBeVisible();
  await other.close();

  // Change the login password: withdrawals lock for 24 hours, and both pages say so.
  await page.goto('/account/center/setting/login-pwd');
  await page.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('new-password').fill('N3wPassw0rd!');
  await page.getByTestId('confirm-password').fill('N3wPassw0rd!');
  await page.getByTestId('login-password-submit').click();
  await expect(page.getByTestId('login-password-success')).toBeVisible();
  await page.goto('/account/center/security');
  await expect(page.getByTestId('withdraw-lock-notice')).toBeVisible();
  await page.goto('/account/wallet/withdrawal');
  await expect(page.getByTestId('withdraw-locked')).toBeVisible();
});

for (const [theme, width] of [
  ['theme-daytime', 1280],
  ['theme-night', 1280],
  ['theme-daytime', 375],
  ['theme-night', 375],
] as const) {
  test(`security pages ${theme} ${width}px`, async ({ page, request }) => {
    const account = uniqueAccount('shot');
    await registerAndLogin(request, account);
    await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
    await page.addInitScript(
      ([themeValue, e]) => {
        localStorage.setItem('coin_web-themeName', e.replace('__THEME__', themeValue));
      },
      [theme, entry('__THEME__')] as const,
    );
    await loginByUi(page, account);
    await expect(page.getByTestId('topbar-avatar')).toBeVisible();
    for (const [name, path, testId] of [
      ['overview', '/account/center/security', '[data-testid="security-item-devices"]'],
      ['google', '/account/center/setting/google', '[data-testid="google-qr"] svg'],
      ['api-keys', '/account/center/api-keys', '[data-testid="api-key-form"]'],
      ['devices', '/account/center/device-management', '[data-testid="device-row"]'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(testId).first()).toBeVisible();
      await expect(page.locator('body')).toHaveClass(new RegExp(theme));
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT_DIR}security-${name}-${theme}-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name}: no horizontal scrolling`).toBeLessThanOrEqual(0);
    }
  });
}
