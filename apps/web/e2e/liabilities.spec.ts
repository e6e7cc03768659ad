// Proof of liabilities in the browser against the real server (simulated chain): a user gets demo funds,
// an operator takes a snapshot now in /admin/liabilities, and the user opens the user centre's audit
// section, sees that snapshot, and the in-browser check (Web Crypto) says their balances are included.
//
// Test ids: liabilities feature: audit-panel, audit-snapshot (data-id), audit-core-seq, audit-check-result
// (data-ok), audit-check-<COIN>, audit-roots, audit-reserves, audit-download; console: liabilities-take,
// liabilities-row-<id>, admin-nav-liabilities; user centre: user-menu-audit, user-section-audit.
import { expect, test } from '@playwright/test';
import { PASSWORD, registerAndLogin } from './support/accounts';
import { openAdminConsole } from './support/admin-console';
import { API } from './support/session';

test.describe.configure({ mode: 'serial' });

test('a user sees the latest snapshot and the in-browser check says their balances are included', async ({
  page,
  request,
  browser,
}) => {
  const account = `pol${Date.now().toString(36)}`.slice(0, 18);
  const token = await registerAndLogin(request, account);
  // Demo funds on the simulated chain, credited after the confirmations (blocks every few seconds).
  const sent = await request.post(`${API}/assets/demoDeposit`, {
    headers: { satoken: token, 'Idempotency-Key': `pol-${account}` },
    data: { coin: 'USDT', amount: '321.5' },
  });
  expect((await sent.json()).code).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await request.post(`${API}/assets/getCurrencyAccount`, {
          headers: { satoken: token },
          data: { type: '1' },
        });
        const list = ((await res.json()) as { data: { list: Array<{ coin: string; available: string }> } })
          .data.list;
        return list.find((c) => c.coin === 'USDT')?.available ?? '0';
      },
      { timeout: 45_000 },
    )
    .toBe('321.5');

  // The operator takes a snapshot now.
  const admin = await openAdminConsole(browser, 'liabilities');
  await expect(admin).toHaveURL(/\/admin\/liabilities$/);
  await admin.getByTestId('liabilities-take').click();
  let snapshot = { id: '', coreSeq: 0 };
  await expect
    .poll(async () => {
      const res = await request.get(`${API}/liabilities/latest`);
      const body = (await res.json()) as {
        code: number;
        data?: { id: string; kind: string; coreSeq: number };
      };
      if (body.code === 200 && body.data?.kind === 'manual') snapshot = body.data;
      return snapshot.id;
    })
    .not.toBe('');
  await expect(admin.getByTestId(`liabilities-row-${snapshot.id}`)).toBeVisible();
  await admin.context().close();

  // The user opens the audit section of the user centre.
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
  await page.goto('/user/index?key=all');
  await page.getByTestId('user-menu-audit').click();
  await expect(page).toHaveURL(/\/user\/index\?key=audit/);
  await expect(page.getByTestId('user-section-audit')).toBeVisible();
  await expect(page.getByTestId('audit-snapshot')).toHaveAttribute('data-id', snapshot.id);
  await expect(page.getByTestId('audit-core-seq')).toHaveText(String(snapshot.coreSeq));
  const result = page.getByTestId('audit-check-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('All your balances are included');
  await expect(page.getByTestId('audit-check-USDT')).toHaveText('Included');
  await expect(page.getByTestId('audit-roots')).toContainText('USDT');
  await expect(page.getByTestId('audit-reserves')).toContainText('Simulated');
  await page.screenshot({ path: test.info().outputPath('audit.png'), fullPage: true });
});
