// The main layout of spec section 2 against the built app and the real server: footer and top-bar
// visibility on each listed path (logged out), the page title (the brand from the platform config), the
// online-customer dialog and the white-paper toasts, the account menus when logged in, and logout.
//
// Test ids used here:
//   frame (app/):   app-header, topbar, footer, topbar-login, topbar-register, topbar-assets, topbar-avatar,
//                   topbar-logout, topbar-service, topbar-whitepaper, topbar-download, app-download-qr,
//                   footer-service, customer-service-dialog, account-menu-<key>, mobile-menu-button,
//                   mobile-drawer, home-page, brand-name
//   auth feature:   login-tab-account, login-username, login-password, login-submit
import { LANGUAGES } from '@coin/shared/languages';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { loginByUi } from './support/session';

/** The brand as the operator configured it (read from the server, never hard-coded here). */
async function configuredBrand(request: APIRequestContext): Promise<string> {
  const script = await (await request.get(`/platform/dev/config.js?t=${Date.now()}`)).text();
  const json = script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1);
  const brand = (JSON.parse(json) as { brandName?: string }).brandName ?? '';
  expect(brand).not.toBe('');
  return brand;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('app-header')).toBeVisible();
  // The page itself has rendered (not just the shell) before visibility is judged.
  await expect(page.locator('main.app-main > *').first()).toBeVisible();
}

const VISIBILITY: ReadonlyArray<readonly [path: string, footer: boolean, topBar: boolean]> = [
  ['/home/index', true, true],
  ['/user/login', false, false],
  ['/user/register', false, false],
  ['/user/reset', false, false],
  ['/user/index', true, true],
  ['/user/index?key=loginPwd', true, true],
  ['/pledge/index', false, true],
  ['/pledge/add', false, true],
  ['/pledge/order', false, true],
  ['/finance/detail', false, true],
  ['/finance/investment', true, true],
  ['/trade/index', false, true],
  ['/trade/index?type=sec&symbol=btc', false, true],
  ['/exchange/full-screen/BTC_USDT', false, true],
  ['/exchange/index', true, true],
  ['/exchange/full-contract/usdt', true, true],
  ['/quotes/index', true, true],
  ['/loan/index', true, true],
  ['/account/center/info', true, true],
  ['/article/main/index', true, true],
];

for (const [path, footer, topBar] of VISIBILITY) {
  test(`${path}: footer ${footer ? 'shown' : 'hidden'}, top bar ${topBar ? 'shown' : 'hidden'}`, async ({
    page,
  }) => {
    await open(page, path);
    await expect(page.getByTestId('footer')).toHaveCount(footer ? 1 : 0);
    await expect(page.getByTestId('topbar')).toHaveCount(topBar ? 1 : 0);
    if (topBar) {
      await expect(page.getByTestId('topbar-login')).toBeVisible();
      await expect(page.getByTestId('topbar-register')).toBeVisible();
      await expect(page.getByTestId('topbar-avatar')).toHaveCount(0);
      await expect(page.getByTestId('topbar-assets')).toHaveCount(0);
    }
  });
}

test('the page title is the brand on every navigation', async ({ page, request }) => {
  const brand = await configuredBrand(request);
  await open(page, '/home/index');
  await expect(page).toHaveTitle(brand);
  await expect(page.getByTestId('brand-name')).toHaveText(brand);

  // Client-side navigations keep it.
  await page.getByTestId('topbar-login').click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page).toHaveTitle(brand);
  await page.getByTestId('brand-link').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page).toHaveTitle(brand);

  for (const path of ['/quotes/index', '/account/center/kyc', '/no/such/page']) {
    await open(page, path);
    await expect(page).toHaveTitle(brand);
  }
});

test('customer service opens the 532 px dialog from the top bar and the footer', async ({ page }) => {
  await open(page, '/home/index');
  await page.getByTestId('topbar-service').click();
  const dialog = page.getByTestId('customer-service-dialog');
  await expect(dialog).toBeVisible();
  // The live chat first; the external link (issue 14: kept as an alternative) on the second tab. A fresh
  // install has no customer-service link configured: the spec's warning.
  await expect(dialog.getByTestId('support-chat')).toBeVisible();
  await page.getByTestId('cs-tab-link').click();
  await expect(page.locator('.ant-message')).toContainText('No available customer-service link');
  // Measured once the opening animation has finished.
  await expect
    .poll(async () => Math.round((await page.locator('.ant-modal').boundingBox())?.width ?? 0))
    .toBe(532);
  await page.locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('footer-service').click();
  await expect(dialog).toBeVisible();
});

test('customer service shows the configured link, or the error toasts when the call fails', async ({
  page,
}) => {
  await page.route('**/api/common/getCustomerService', (route) =>
    route.fulfill({
      json: {
        code: 200,
        msg: 'ok',
        data: { data: [{ name: 'Support', url: 'https://support.example/chat' }] },
      },
    }),
  );
  await open(page, '/home/index');
  await page.getByTestId('topbar-service').click();
  await page.getByTestId('cs-tab-link').click();
  await expect(page.getByTestId('customer-service-link')).toHaveAttribute(
    'href',
    'https://support.example/chat',
  );
  await page.locator('.ant-modal-close').click();

  await page.route('**/api/common/getCustomerService', (route) =>
    route.fulfill({ status: 500, json: { code: 500, msg: 'boom', errorCode: 'INTERNAL', data: null } }),
  );
  await page.getByTestId('footer-service').click();
  await page.getByTestId('cs-tab-link').click();
  await expect(page.locator('.ant-message')).toContainText('Failed to get customer-service info');
  await page.locator('.ant-modal-close').click();

  await page.route('**/api/common/getCustomerService', (route) => route.abort());
  await page.getByTestId('topbar-service').click();
  await page.getByTestId('cs-tab-link').click();
  await expect(page.locator('.ant-message')).toContainText('Service temporarily unavailable');
});

test('white paper: a warning without a link, an error when the call fails, a new tab with one', async ({
  page,
  context,
}) => {
  await open(page, '/home/index');
  await page.getByTestId('topbar-whitepaper').click();
  await expect(page.locator('.ant-message')).toContainText('No white paper link available');

  await page.route('**/api/common/getWhitePaperSetting', (route) => route.abort());
  await page.reload();
  await page.getByTestId('topbar-whitepaper').click();
  await expect(page.locator('.ant-message')).toContainText('White paper service temporarily unavailable');

  await page.route('**/api/common/getWhitePaperSetting', (route) =>
    route.fulfill({ json: { code: 200, msg: 'ok', url: 'https://docs.example/white-paper.pdf' } }),
  );
  await context.route('https://docs.example/**', (route) => route.fulfill({ body: 'white paper' }));
  await page.reload();
  // As a mouse does, the pointer rests on the button first: the link is prefetched and the click opens
  // the tab at once. (A click whose fetch answers after Chromium's 5 s of user activation, as on a
  // saturated CI machine, has its window.open refused as a pop-up.)
  const prefetched = page.waitForResponse('**/api/common/getWhitePaperSetting');
  await page.getByTestId('topbar-whitepaper').hover();
  await prefetched;
  const popup = context.waitForEvent('page');
  await page.getByTestId('topbar-whitepaper').click();
  expect((await popup).url()).toBe('https://docs.example/white-paper.pdf');
});

test('app download shows a QR code', async ({ page }) => {
  await open(page, '/home/index');
  await page.getByTestId('topbar-download').hover();
  await expect(page.locator('.hover-menu__panel [data-testid="app-download-qr"] svg')).toBeVisible();
  await expect(page.getByTestId('footer').getByTestId('app-download-qr').locator('svg')).toBeVisible();
});

test('the layout and the home page render and work while antd has not arrived', async ({ page }) => {
  // antd is kept off the start-up path (components/antd-scope.tsx): hold back every script that carries
  // antd's style engine until the page has been checked, then let them through.
  let release: () => void = () => {};
  const antdArrives = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('data-css-hash')) {
      held.push(route.request().url());
      await antdArrives;
    }
    await route.fulfill({ response, body });
  });

  // Not waiting for the load event: with antd on the start-up path it would never come.
  await page.goto('/home/index', { waitUntil: 'commit' });
  await expect(page.getByTestId('home-title')).toBeVisible();
  await expect(page.getByTestId('hot-coin').first()).toBeVisible();
  await expect(page.getByTestId('home-contact-support')).toBeVisible();
  await expect(page.getByTestId('topbar-login')).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  // Plain-React parts work too: a header menu and client-side navigation.
  await page.getByTestId('nav-trade').click();
  // (The spot page itself is built with antd's inputs, so the plain seconds-contract page is the target.)
  await page.locator('.hover-menu__panel a', { hasText: 'Seconds contract' }).click();
  await expect(page.getByTestId('trade-type')).toHaveText('Seconds contract');
  // Only the lazily loaded antd parts (the language switch here) were waiting.
  expect(held.length).toBeGreaterThan(0);
  await expect(page.getByTestId('language-switch')).toHaveCount(0);

  release();
  await expect(page.getByTestId('language-switch').first()).toBeVisible();
});

test('logged in: asset and account menus, then logout returns to /', async ({ page, request }) => {
  const account = `lay${Date.now().toString(36)}`.slice(0, 20);
  const email = `${account}@example.com`;
  const password = 'Passw0rd!';
  expect((await request.post(`/api/user/sendEmailCode?email=${email}&type=register`)).ok()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/api/dev/outbox?target=${email}`)).json()) as {
        data: Array<{ body: string }>;
      };
      code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const registered = await request.post('/api/user/register', {
    data: { account, email, password, confirmPassword: password, code },
  });
  expect((await registered.json()).code).toBe(200);

  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
  await expect(page.getByTestId('topbar-login')).toHaveCount(0);

  await page.getByTestId('topbar-assets').click();
  // The Assets menu leads into the one wallet area: each page once, its records included.
  await expect(page.getByTestId('assets-menu-recharge')).toHaveText('Deposit');
  await expect(page.getByTestId('assets-menu-history-deposit')).toHaveText('Deposit history');
  await expect(page.getByTestId('assets-menu-bills')).toBeVisible();

  await page.getByTestId('topbar-avatar').click();
  for (const key of ['info', 'security', 'device-management', 'kyc', 'agent-management']) {
    await expect(page.getByTestId(`account-menu-${key}`)).toBeVisible();
  }
  // Not a merchant: no merchant-management item.
  await expect(page.getByTestId('account-menu-merchant')).toHaveCount(0);
  await page.getByTestId('account-menu-security').click();
  await expect(page).toHaveURL(/\/account\/center\/security$/);

  await page.getByTestId('topbar-avatar').click();
  await page.getByTestId('topbar-logout').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page.getByTestId('topbar-login')).toBeVisible();
  await expect(page.getByTestId('topbar-avatar')).toHaveCount(0);
});

/** What is wrong with the header's row now (nothing: an empty list). */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element | null): el is HTMLElement =>
      el instanceof HTMLElement && el.offsetParent !== null;
    const nav = document.querySelector('.app-nav');
    const name = document.querySelector('.app-brand__name');
    const brand = document.querySelector('[data-testid=brand-link]');
    const topbar = document.querySelector('.app-topbar');
    const found: string[] = [];
    if (shown(nav) && nav.scrollWidth > nav.clientWidth + 1) found.push("the menu's links overflow it");
    if (shown(nav) && topbar && topbar.getBoundingClientRect().left < nav.getBoundingClientRect().right)
      found.push('the menu runs under the tools');
    if (shown(name) && name.scrollWidth > name.clientWidth + 1) found.push("the brand's name is cut");
    if (!brand || brand.getBoundingClientRect().width < 20) found.push('no brand');
    // Without the menu in the row, the drawer's button offers it.
    if (!shown(nav) && !shown(document.querySelector('[data-testid=mobile-menu-button]')))
      found.push('no way to the menu');
    return found;
  });
}

// The header's one row in every language: the menu of a longer one (Spanish, German...) used to run under
// the tools at 1280 px and cut the brand short; it now gives up room in steps (app/layout/header-fit.ts).
for (const [width, signedIn] of [
  [1280, false],
  [1100, false],
  [1280, true],
] as const) {
  const who = signedIn ? 'signed in' : 'signed out';
  test(`the header fits its row in all 14 languages at ${width} px, ${who}`, async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width, height: 700 } });
    const page = await context.newPage();
    if (signedIn) {
      // Signed in, the row holds the assets menu and the avatar instead of the two buttons.
      const account = uniqueAccount('hdr');
      await registerAndLogin(request, account);
      await loginByUi(page, account);
    }
    await page.goto('/quotes/index');
    for (const lang of LANGUAGES) {
      await page.evaluate((l) => {
        const entry = { dataType: 'string', content: l, type: 'local', datetime: Date.now() };
        localStorage.setItem('coin_web-lang', JSON.stringify(entry));
      }, lang);
      await page.reload();
      const htmlLang = ({ zh: 'zh-CN', tw: 'zh-TW' } as Record<string, string>)[lang] ?? lang;
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
      await expect(page.getByTestId(signedIn ? 'topbar-avatar' : 'topbar-login')).toBeVisible();
      // The header fits itself a frame after its words, the fonts or the logo change: poll.
      await expect
        .poll(() => headerProblems(page), { message: `${lang} at ${width} px`, timeout: 5000 })
        .toEqual([]);
    }
    await context.close();
  });
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu moves into a drawer and nothing overflows', async ({ page }) => {
    await open(page, '/home/index');
    await expect(page.getByTestId('top-menu')).toBeHidden();
    await expect(page.getByTestId('topbar-login')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Markets' }).click();
    await expect(page).toHaveURL(/\/quotes\/index$/);
    await expect(drawer).toBeHidden();
  });
});
