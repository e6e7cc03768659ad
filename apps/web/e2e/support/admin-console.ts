// The operator console in its own browser context, signed in as the first admin. The first spec to run
// replaces the one-time password (from ADMIN_PASSWORD_FILE); later ones sign in with the new one, so any
// spec may run first (the same new password as admin.spec.ts, wallet.spec.ts and liabilities.spec.ts).
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';

export const ADMIN_NEW_PASSWORD = 'Adm1nPassw0rd!';

let devices = 0;
/**
 * A user agent of its own for each operator sign-in. The server keeps one session per operator and device
 * (a device without an id is its user agent), so two specs signing in as admin at once from the same
 * browser build would end each other's console session ('replaced').
 */
export function consoleDevice(): string {
  devices += 1;
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 e2e-console/${process.pid}.${devices}.${Date.now().toString(36)}`;
}

export async function openAdminConsole(browser: Browser, landing: string): Promise<Page> {
  const file = process.env.E2E_ADMIN_PASSWORD_FILE;
  if (!file) throw new Error('E2E_ADMIN_PASSWORD_FILE is not set (see playwright.config.ts)');
  const oneTime = readFileSync(file, 'utf8').trim();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    userAgent: consoleDevice(),
  });
  const page = await context.newPage();
  const probe = await page.request.post('/api/admin/auth/login', {
    data: { username: 'admin', password: oneTime },
  });
  const firstLogin = (await probe.json()).code === 200;
  await page.goto('/admin');
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(firstLogin ? oneTime : ADMIN_NEW_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  if (firstLogin) {
    await expect(page.getByTestId('admin-newpwd')).toBeVisible();
    if (await page.getByTestId('admin-oldpwd').isVisible())
      await page.getByTestId('admin-oldpwd').fill(oneTime);
    await page.getByTestId('admin-newpwd').fill(ADMIN_NEW_PASSWORD);
    await page.getByTestId('admin-newpwd-confirm').fill(ADMIN_NEW_PASSWORD);
    await page.getByTestId('admin-newpwd-submit').click();
  }
  await expect(page.getByTestId(`admin-nav-${landing}`)).toBeVisible();
  await page.getByTestId(`admin-nav-${landing}`).click();
  return page;
}
