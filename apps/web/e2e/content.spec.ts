// Content in the browser (issue 14): an operator writes a news item in English and Chinese in the CMS
// (/admin/content), previews and publishes it; readers see it in each language and English with the
// fallback note in a third; the help centre's breadcrumb starts with 'All' then the parent chain, with
// category paths for top-level items and section paths below; a language change outside the article
// index returns to the index; the home page shows the notices strip; the user centre shows the terms of
// service and the help centre.
//
// Test ids: content feature: news-page, news-list, news-link-<id>, news-detail, news-detail-title,
// content-fallback-note, notice-banner, notice-banner-<id>, article-page, article-breadcrumb,
// breadcrumb-all, article-node-<id>, article-category-<code>, article-content, article-title,
// rich-html, terms-of-service, help-centre; console: admin-nav-content, cms-tab-<kind>, cms-new-<kind>,
// cms-lang, cms-title, cms-summary, cms-markdown, cms-preview, cms-preview-html, cms-save,
// cms-row-<id>, cms-publish-<id>, cms-unpublish-<id>, cms-status-<id>.
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { openAdminConsole } from './support/admin-console';

test.describe.configure({ mode: 'serial' });

function visible(page: Page, testId: string) {
  return page.locator(`[data-testid="${testId}"]:visible`).first();
}

async function switchLanguage(page: Page, code: string) {
  await visible(page, 'language-switch').click();
  await page.locator(`[data-testid="language-option-${code}"]:visible`).first().click();
}

test('an operator publishes a news item in Chinese and English; each language shows its text', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const en = `Listing: NEW token ${stamp}`;
  const zh = `新币上线 ${stamp}`;
  const admin = await openAdminConsole(browser, 'content');
  await admin.getByTestId('cms-tab-news').click();
  await admin.getByTestId('cms-new-news').click();
  await admin.getByTestId('cms-title').fill(en);
  await admin
    .getByTestId('cms-markdown')
    .fill('## Trading opens\n\nDeposits are **open**. <script>alert(1)</script>');
  await admin.getByTestId('cms-preview').click();
  const preview = admin.getByTestId('cms-preview-html');
  await expect(preview.locator('h2')).toHaveText('Trading opens');
  await expect(preview.locator('script')).toHaveCount(0);
  await admin.getByTestId('cms-lang').click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '简体中文' }).click();
  await expect(admin.getByTestId('cms-title')).toHaveValue('');
  await admin.getByTestId('cms-title').fill(zh);
  await admin.getByTestId('cms-markdown').fill('## 交易开放\n\n充值已**开放**。');
  await admin.getByTestId('cms-save').click();
  const row = admin.locator('[data-testid^="cms-row-"]').filter({ hasText: en });
  await expect(row).toBeVisible();
  const id = ((await row.getAttribute('data-testid')) ?? '').replace('cms-row-', '');
  await expect(admin.getByTestId(`cms-status-${id}`)).toHaveText('Draft');

  // A draft is not public.
  await page.goto(`/news/index?tab=news&id=${id}`);
  await expect(page.getByTestId('content-not-found')).toBeVisible();

  await admin.getByTestId(`cms-publish-${id}`).click();
  await expect(admin.getByTestId(`cms-status-${id}`)).toHaveText('Published');
  await admin.screenshot({ path: test.info().outputPath('cms.png'), fullPage: true });
  await admin.context().close();

  await page.goto('/news/index');
  await expect(page.getByTestId('news-list')).toContainText(en);
  await page.getByTestId(`news-link-${id}`).click();
  await expect(page.getByTestId('news-detail-title')).toHaveText(en);
  await expect(page.getByTestId('rich-html').locator('h2')).toHaveText('Trading opens');
  await expect(page.getByTestId('content-fallback-note')).toHaveCount(0);

  await switchLanguage(page, 'zh');
  await expect(page.getByTestId('news-detail-title')).toHaveText(zh);
  await expect(page.getByTestId('rich-html').locator('h2')).toHaveText('交易开放');
  await page.screenshot({ path: test.info().outputPath('news-zh.png'), fullPage: true });

  // No German text: English with the visible note.
  await switchLanguage(page, 'de');
  await expect(page.getByTestId('news-detail-title')).toHaveText(en);
  await expect(page.getByTestId('content-fallback-note')).toBeVisible();
  await switchLanguage(page, 'en');
});

test('the article breadcrumb starts with All, category vs section paths, and the language-change rule', async ({
  page,
}) => {
  await page.goto('/article/main/index');
  await expect(page.getByTestId('breadcrumb-all')).toHaveText('All');
  await page.getByTestId('article-category-legal').locator('.ant-card-head a').click();
  await expect(page).toHaveURL(/\/article\/main\/categories\/\d+$/);
  const crumbs = page.getByTestId('article-breadcrumb').locator('li');
  await expect(crumbs).toHaveText(['All', 'Legal']);

  await page.getByTestId('article-main').getByRole('link', { name: 'Risk notices' }).click();
  await expect(page).toHaveURL(/\/article\/main\/sections\/\d+$/);
  await expect(crumbs).toHaveText(['All', 'Legal', 'Risk notices']);
  await expect(crumbs.nth(1).locator('a')).toHaveAttribute('href', /\/article\/main\/categories\/\d+$/);
  await expect(crumbs.nth(2).locator('a')).toHaveAttribute('href', /\/article\/main\/sections\/\d+$/);

  await page.getByTestId('article-link-risk_disclosure').click();
  await expect(page).toHaveURL(/\/article\/main\/content\/article\/\d+$/);
  await expect(crumbs).toHaveText(['All', 'Legal', 'Risk notices', 'Risk disclosure']);
  await expect(page.getByTestId('rich-html')).toContainText('not activated');
  await page.screenshot({ path: test.info().outputPath('article.png'), fullPage: true });

  // A language change outside the index returns to the index, now in Chinese.
  await switchLanguage(page, 'zh');
  await expect(page).toHaveURL(/\/article\/main\/index$/);
  await expect(page.getByTestId('article-category-legal')).toContainText('法律条款');
  // On the index itself the page stays.
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('article-category-legal')).toContainText('Legal');
  await expect(page).toHaveURL(/\/article\/main\/index$/);
  await page.getByTestId('breadcrumb-all').click();
  await expect(page).toHaveURL(/\/article\/main\/index$/);
});

test('the home notices strip, the news centre notices tab, and the user centre terms and help', async ({
  page,
  request,
}) => {
  await page.goto('/home/index');
  const banner = page.getByTestId('notice-banner');
  await expect(banner).toContainText('Risk notice');
  await banner.getByRole('link', { name: /Risk notice/ }).click();
  await expect(page).toHaveURL(/\/news\/index\?.*tab=notices/);
  await expect(page.getByTestId('news-detail-title')).toContainText('Risk notice');

  const account = uniqueAccount('ct');
  await registerAndLogin(request, account);
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await page.goto('/user/index?key=termsService');
  await expect(page.getByTestId('terms-of-service')).toContainText('Terms of service');
  await expect(page.getByTestId('terms-of-service')).toContainText('credited within 24 hours');
  await page.goto('/user/index?key=helper');
  await expect(page.getByTestId('help-centre')).toContainText('Getting started');
  await page.setViewportSize({ width: 375, height: 720 });
  await page.goto('/article/main/index');
  await expect(page.getByTestId('article-page')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('help-375.png'), fullPage: true });
});
