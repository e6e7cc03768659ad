// Accounts for browser tests, made through the real API of the server under test: a unique account
// name, the verification code read from the dev outbox (DEV_OUTBOX_API), registration and login.
import { type APIRequestContext, expect } from '@playwright/test';

export const PASSWORD = 'Passw0rd!';

/** A fresh account name (at most 20 characters). */
export function uniqueAccount(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
}

/** The newest six-digit code sent to `target`, waiting for it to arrive. */
export async function readCode(request: APIRequestContext, target: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
        const body = (await res.json()) as { data: Array<{ body: string }> };
        code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

/** Registers `account` (email `<account>@example.com`, PASSWORD) and logs in; returns the token. */
export async function registerAndLogin(request: APIRequestContext, account: string): Promise<string> {
  const email = `${account}@example.com`;
  const sent = await request.post(`/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`);
  expect(sent.ok()).toBe(true);
  const code = await readCode(request, email);
  const reg = await request.post('/api/user/register', {
    data: { account, email, password: PASSWORD, confirmPassword: PASSWORD, code },
  });
  expect((await reg.json()).code).toBe(200);
  const login = await request.post('/api/user/login', {
    data: { type: 'account', username: account, password: PASSWORD },
  });
  const body = (await login.json()) as { code: number; data: { satoken: string } };
  expect(body.code).toBe(200);
  return body.data.satoken;
}
