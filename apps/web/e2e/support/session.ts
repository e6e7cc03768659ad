// Signing in through the login page and demo funding on the simulated chain, shared by the specs.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { PASSWORD } from './accounts';

export const API = '/api/mjkj-web/coin';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface PairBalances {
  base: { available: string; frozen: string };
  quote: { available: string; frozen: string };
}

/** The two spot balances of a pair (`wallet/get/{base}/{quote}`). */
export async function pairBalances(
  request: APIRequestContext,
  token: string,
  base = 'btc',
  quote = 'usdt',
): Promise<PairBalances> {
  const res = await request.get(`${API}/wallet/get/${base}/${quote}`, { headers: auth(token) });
  return ((await res.json()) as { data: PairBalances }).data;
}

/** The available spot balance of a coin (USDT, or the base of its USDT pair). */
export async function spotAvailable(
  request: APIRequestContext,
  token: string,
  coin: string,
): Promise<number> {
  if (coin === 'USDT') return Number((await pairBalances(request, token)).quote.available);
  return Number((await pairBalances(request, token, coin.toLowerCase())).base.available);
}

/**
 * Demo funding on the simulated chain (as the wallet's deposit panel does), then waits until the spot
 * balance holds at least `amount` (the credit comes after the confirmations).
 */
export async function demoFund(
  request: APIRequestContext,
  token: string,
  coin: string,
  amount: string,
): Promise<void> {
  const res = await request.post(`${API}/assets/demoDeposit`, {
    headers: { ...auth(token), 'Idempotency-Key': `${coin}-${Date.now()}-${Math.random()}` },
    data: { coin, amount },
  });
  expect((await res.json()).code).toBe(200);
  await expect
    .poll(() => spotAvailable(request, token, coin), { timeout: 90_000, intervals: [500, 1000] })
    .toBeGreaterThanOrEqual(Number(amount));
}

/** Moves `amount` USDT from the user's spot account into the contract account. */
export async function toContract(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const moved = await request.post('/api/asset/transferFunds', {
    headers: { ...auth(token), 'Idempotency-Key': `ctr-t-${Date.now()}-${Math.random()}` },
    data: { coin: 'USDT', amount, from: 'spot', to: 'contract' },
  });
  expect((await moved.json()).code).toBe(200);
}

/** Demo USDT on the simulated chain, moved into the contract account. */
export async function fundContract(request: APIRequestContext, token: string, amount: string): Promise<void> {
  await demoFund(request, token, 'USDT', amount);
  await toContract(request, token, amount);
}

/** Signs in through the login page's account tab and waits for the signed-in top bar. */
export async function loginByUi(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
}
