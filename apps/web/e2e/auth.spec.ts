// Sign-in flows against the real server (DEV_OUTBOX_API=true): register with an emailed code, log in,
// change the login password, log out, log in with the new password; register by phone and log in with
// the number typed differently; reset the password; the funds password; a 401 signs the user out.
//
// Test ids used here (stable, owned by the auth, user-center and settings features unless noted):
//   login page:     login-page, login-tab-account|email|phone, login-username (on the phone tab: the
//                   national number), login-country, login-password, login-submit, login-error,
//                   login-to-register, login-to-reset
//   register page:  register-page, register-tab-email|phone, register-account, register-email,
//                   register-phone, register-country, register-code, send-code, register-password,
//                   register-confirm-password, register-invite-code, register-submit, register-error
//   reset page:     reset-page, reset-tab-email|phone, reset-email, reset-phone, reset-country,
//                   reset-code, send-code,
//                   reset-password, reset-confirm-password, reset-submit, reset-error
//   field errors:   <field>-error inside each form item (e.g. target-error, password-error)
//   user centre:    user-center, user-center-guest, user-menu-<key>, user-section-<key>,
//                   login-password-form, old-password, new-password, confirm-password,
//                   login-password-submit, login-password-success, login-password-error,
//                   fund-password-form (data-mode=set|change), fund-current-password,
//                   fund-new-password, fund-confirm-password, fund-password-submit,
//                   fund-password-success, fund-password-error, fund-password-forgotten,
//                   account-overview, overview-account
//   top bar (frame engineer): topbar-login, topbar-register, topbar-avatar, topbar-logout
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const PASSWORD = 'Passw0rd!';
const NEW_PASSWORD = 'N3wPassw0rd!';

function uniqueAccount(prefix = 'u'): string {
  // Starts with a letter, 4 to 20 characters of [A-Za-z0-9_] (the shared account-name rule).
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
}

interface OutboxMessage {
  id: string;
  target: string;
  body: string;
}

/** The newest 6-digit code sent to `target` after `afterId` (the outbox lists newest first). */
async function readCode(request: APIRequestContext, target: string, afterId = '0'): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
        const body = (await res.json()) as { data: OutboxMessage[] };
        const newest = body.data.find((m) => BigInt(m.id) > BigInt(afterId));
        code = /\b(\d{6})\b/.exec(newest?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

async function lastOutboxId(request: APIRequestContext, target: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
  const body = (await res.json()) as { data: OutboxMessage[] };
  return body.data[0]?.id ?? '0';
}

/** Registers through the API (for tests whose subject is not registration). */
async function registerByApi(request: APIRequestContext, account: string, email: string): Promise<void> {
  const sent = await request.post(`/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`);
  expect(sent.ok()).toBe(true);
  const code = await readCode(request, email);
  const res = await request.post('/api/user/register', {
    data: { account, email, password: PASSWORD, confirmPassword: PASSWORD, code },
  });
  expect((await res.json()).code).toBe(200);
}

async function loginByUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\/index/);
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
}

/** Picks a country in a phone input's picker by searching for `search` (e.g. its dial code). */
async function pickCountry(page: Page, testId: string, search: string, dialCode: string): Promise<void> {
  const picker = page.getByTestId(testId);
  await picker.click();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  // The box shows the picked country's dial code.
  await expect(picker).toContainText(dialCode);
}

async function logoutByUi(page: Page): Promise<void> {
  await page.getByTestId('topbar-avatar').click();
  await page.getByTestId('topbar-logout').click();
  await expect(page.getByTestId('topbar-login')).toBeVisible();
  await expect(page.getByTestId('topbar-avatar')).toHaveCount(0);
}

async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('coin_web-token');
    return raw ? (JSON.parse(raw) as { content: string }).content : '';
  });
}

test('register, log in, change the login password, log out, log in with the new password', async ({
  page,
  request,
}) => {
  const account = uniqueAccount();
  const email = `${account}@example.com`;

  await page.goto('/user/register');
  await expect(page.getByTestId('register-page')).toBeVisible();
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('send-code').click();
  // The countdown starts only when the server accepted the request.
  await expect(page.getByTestId('send-code')).toBeDisabled();
  const code = await readCode(request, email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm-password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/user\/login/);

  await loginByUi(page, account, PASSWORD);

  await page.goto('/user/index?key=loginPwd');
  await expect(page.getByTestId('user-section-loginPwd')).toBeVisible();
  await page.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('new-password').fill(NEW_PASSWORD);
  await page.getByTestId('confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('login-password-submit').click();
  await expect(page.getByTestId('login-password-success')).toBeVisible();
  // This session survives the change; only the other devices are signed out.
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();

  await logoutByUi(page);
  expect(await storedToken(page)).toBe('');

  // The old password no longer works, and the error is shown inline.
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();

  await loginByUi(page, account, NEW_PASSWORD);
  await page.goto('/user/index?key=all');
  await expect(page.getByTestId('overview-account')).toHaveText(account);
});

test('register by phone with a picked country, then log in with the number typed differently', async ({
  page,
  request,
}) => {
  const account = uniqueAccount('p');
  // A UK mobile number of this run: 07 and nine digits nationally, +447 and the nine canonically.
  const digits = String(Date.now() % 1e9).padStart(9, '0');
  const phone = `+447${digits}`;

  await page.goto('/user/register');
  await page.getByTestId('register-tab-phone').click();
  await page.getByTestId('register-account').fill(account);
  // The number box opens once the country list has arrived.
  await expect(page.getByTestId('register-phone')).toBeEnabled();
  await pickCountry(page, 'register-country', '+44', '+44');
  // Typed nationally: trunk 0 and spaces.
  await page
    .getByTestId('register-phone')
    .fill(`07${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  // The code went to the canonical phone.
  const code = await readCode(request, phone);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm-password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/user\/login/);

  await page.getByTestId('login-tab-phone').click();
  await expect(page.getByTestId('login-username')).toBeEnabled();
  await pickCountry(page, 'login-country', '+44', '+44');
  // The same number without the trunk 0 and with dashes.
  await page
    .getByTestId('login-username')
    .fill(`7${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\/index/);
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
  await page.goto('/user/index?key=all');
  await expect(page.getByTestId('overview-account')).toHaveText(account);
});

test('register prefills the invite code and shows field errors inline', async ({ page, request }) => {
  const taken = uniqueAccount('t');
  await registerByApi(request, taken, `${taken}@example.com`);

  await page.goto('/user/register?invite_code=ABCD1234');
  await expect(page.getByTestId('register-invite-code')).toHaveValue('ABCD1234');

  // Client-side rules from the shared schemas.
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-error')).toBeVisible();
  await expect(page.getByTestId('code-error')).toBeVisible();

  // A server field error (email already registered) lands under the email field.
  await page.getByTestId('register-email').fill(`${taken}@example.com`);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('target-error')).toBeVisible();
  await expect(page.getByTestId('send-code')).toBeEnabled();
});

test('reset the password with an emailed code, then log in with it', async ({ page, request }) => {
  const account = uniqueAccount('r');
  const email = `${account}@example.com`;
  await registerByApi(request, account, email);
  const before = await lastOutboxId(request, email);

  await page.goto('/user/login');
  await page.getByTestId('login-to-reset').click();
  await expect(page).toHaveURL(/\/user\/reset/);
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('send-code').click();
  const code = await readCode(request, email, before);
  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/user\/login/);

  await loginByUi(page, account, NEW_PASSWORD);
});

test('set and then change the funds password', async ({ page, request }) => {
  const account = uniqueAccount('f');
  await registerByApi(request, account, `${account}@example.com`);
  await loginByUi(page, account, PASSWORD);

  await page.goto('/user/index?key=tardPwd');
  const form = page.getByTestId('fund-password-form');
  await expect(form).toHaveAttribute('data-mode', 'set');
  await expect(page.getByTestId('fund-password-forgotten')).toBeVisible();
  await page.getByTestId('fund-current-password').fill(PASSWORD);
  await page.getByTestId('fund-new-password').fill('fund123');
  await page.getByTestId('fund-confirm-password').fill('fund123');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-success')).toBeVisible();
  await expect(form).toHaveAttribute('data-mode', 'change');

  // A wrong old funds password is reported on its field.
  await page.getByTestId('fund-current-password').fill('wrong12');
  await page.getByTestId('fund-new-password').fill('fund456');
  await page.getByTestId('fund-confirm-password').fill('fund456');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('current-error').or(page.getByTestId('fund-password-error'))).toBeVisible();

  await page.getByTestId('fund-current-password').fill('fund123');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-success')).toBeVisible();
});

test('a 401 from the server logs the user out and returns to the root', async ({ page, request }) => {
  const account = uniqueAccount('x');
  await registerByApi(request, account, `${account}@example.com`);
  await loginByUi(page, account, PASSWORD);

  await page.goto('/user/index?key=loginPwd');
  await expect(page.getByTestId('login-password-form')).toBeVisible();

  // Revoke this browser's session behind its back, as another device or an operator would.
  const token = await storedToken(page);
  expect(token).not.toBe('');
  const revoked = await request.post('/api/user/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect((await revoked.json()).code).toBe(200);

  // The next authenticated request (this form's) gets 401: the client signs out locally and goes to '/'.
  await page.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('new-password').fill(NEW_PASSWORD);
  await page.getByTestId('confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('login-password-submit').click();
  await expect(page).toHaveURL(/\/home\/index/);
  await expect(page.getByTestId('topbar-login')).toBeVisible();
  await expect(page.getByTestId('topbar-avatar')).toHaveCount(0);
  expect(await storedToken(page)).toBe('');
});

test('entering the shell with a revoked session signs the user out', async ({ page, request }) => {
  const account = uniqueAccount('y');
  await registerByApi(request, account, `${account}@example.com`);
  await loginByUi(page, account, PASSWORD);
  const token = await storedToken(page);
  await request.post('/api/user/logout', { headers: { Authorization: `Bearer ${token}` } });

  // A reload enters the shell again: the user-info fetch gets 401 and the session is cleared.
  await page.goto('/user/index?key=all');
  await expect(page).toHaveURL(/\/home\/index/);
  await expect(page.getByTestId('topbar-login')).toBeVisible();
  expect(await storedToken(page)).toBe('');
});

test('the user centre asks a visitor to log in and returns there afterwards', async ({ page, request }) => {
  const account = uniqueAccount('g');
  await registerByApi(request, account, `${account}@example.com`);

  await page.goto('/user/index?key=tardPwd');
  await expect(page.getByTestId('user-center-guest')).toBeVisible();
  await page.getByTestId('user-center-login').click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user\/index\?key=tardPwd/);
  await expect(page.getByTestId('fund-password-form')).toBeVisible();

  // The other sections switch in place: the bank card (e2e/identity.spec.ts) and the terms of service
  // from the content area (e2e/content.spec.ts).
  await page.getByTestId('user-menu-bank').click();
  await expect(page).toHaveURL(/key=bank/);
  await expect(page.getByTestId('bank-panel')).toBeVisible();
  await page.getByTestId('user-menu-termsService').click();
  await expect(page).toHaveURL(/key=termsService/);
  await expect(page.getByTestId('terms-of-service')).toBeVisible();
});
