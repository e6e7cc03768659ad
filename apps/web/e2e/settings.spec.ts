// Common settings (spec section 3): the language switch changes visible text and survives a reload;
// the theme switch changes the body class and survives a reload; time zone and currency persist.
//
// Test ids used here:
//   settings feature: language-switch (top-bar button), language-option-<code> (menu and select
//                     options), language-select, theme-switch (data-theme=theme-daytime|theme-night),
//                     currency-select, timezone-select, time-format-select, settings-panel,
//                     settings-preview
//   auth feature:     login-submit
//   top bar (frame engineer): topbar-login, topbar-settings (opens the drawer with the settings panel)
import { expect, type Page, test } from '@playwright/test';

/** The top bar may render the switch twice (bar and mobile drawer); use the visible one. */
function visible(page: Page, testId: string) {
  return page.locator(`[data-testid="${testId}"]:visible`).first();
}

test('language switch changes visible text, <html lang> and survives a reload', async ({ page }) => {
  await page.goto('/home/index');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const loginButton = visible(page, 'topbar-login');
  const english = ((await loginButton.textContent()) ?? '').trim();
  expect(english).not.toBe('');

  await visible(page, 'language-switch').click();
  await page.getByTestId('language-option-zh').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(loginButton).not.toHaveText(english);
  const chinese = ((await loginButton.textContent()) ?? '').trim();
  await expect(visible(page, 'language-switch')).toHaveText('简体中文');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(visible(page, 'topbar-login')).toHaveText(chinese);

  // Pages of other features follow the same choice.
  await page.goto('/user/login');
  await expect(page.getByTestId('login-submit')).toHaveText(/登\s*录/);

  // And back to English.
  await page.goto('/home/index');
  await visible(page, 'language-switch').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(visible(page, 'topbar-login')).toHaveText(english);
});

test('theme switch changes the body class and survives a reload', async ({ page }) => {
  await page.goto('/home/index');
  await expect(page.locator('body')).toHaveClass(/theme-daytime/);

  await visible(page, 'topbar-settings').click();
  const themeSwitch = visible(page, 'theme-switch');
  await expect(themeSwitch).toHaveAttribute('aria-checked', 'false');
  await themeSwitch.click();
  await expect(page.locator('body')).toHaveClass(/theme-night/);
  await expect(page.locator('body')).not.toHaveClass(/theme-daytime/);

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/theme-night/);
  await visible(page, 'topbar-settings').click();
  await expect(visible(page, 'theme-switch')).toHaveAttribute('aria-checked', 'true');

  await visible(page, 'theme-switch').click();
  await expect(page.locator('body')).toHaveClass(/theme-daytime/);
});

test('time zone choice is stored in the coin_web entry format and survives a reload', async ({ page }) => {
  await page.goto('/home/index');
  await visible(page, 'topbar-settings').click();
  const panel = visible(page, 'settings-panel');
  await expect(panel).toBeVisible();
  await expect(visible(page, 'timezone-select')).toContainText('Hong Kong');

  await visible(page, 'timezone-select').click();
  await page.keyboard.type('Kathmandu');
  await page.keyboard.press('Enter');
  await expect(visible(page, 'timezone-select')).toContainText('Kathmandu');

  const entry = await page.evaluate(() => JSON.parse(localStorage.getItem('coin_web-timezone') ?? 'null'));
  expect(entry).toMatchObject({ dataType: 'string', content: 'Asia/Kathmandu', type: 'local' });
  expect(typeof entry.datetime).toBe('number');

  await page.reload();
  await visible(page, 'topbar-settings').click();
  await expect(visible(page, 'timezone-select')).toContainText('Kathmandu');
});
