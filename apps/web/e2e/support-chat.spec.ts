// Customer-service chat in the browser (issue 14): a visitor opens the floating widget, drags it (it
// stays inside the window, never above 64 px, and the release of a drag does not open the chat), sends a
// message in the 564 px dialog (the backdrop does not close it; whitespace is refused; Enter sends); an
// operator answers in /admin/support; the visitor's badge counts the reply and resets when the chat
// opens. Then the visitor signs in and the conversation is theirs (joined on login).
//
// Test ids: support-widget, support-widget-badge, support-widget-dialog, support-chat, chat-messages,
// chat-msg (data-kind own|other|system), chat-input, chat-send, chat-image, chat-load-history;
// console: admin-nav-support, support-thread-<account or chatKey>, support-thread-state, support-assign-me,
// support-canned, support-close.
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { openAdminConsole } from './support/admin-console';

test.describe.configure({ mode: 'serial' });

async function widgetBox(page: Page) {
  const box = await page.getByTestId('support-widget').boundingBox();
  if (!box) throw new Error('widget not visible');
  return box;
}

async function drag(page: Page, dx: number, dy: number) {
  const box = await widgetBox(page);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

test('a visitor chats through the widget, an operator answers, the badge counts and resets, login joins the thread', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/home/index');
  const widget = page.getByTestId('support-widget');
  await expect(widget).toBeVisible();
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };

  // Dragged far to the top left: it stops at the window's left edge and 64 px from the top.
  await drag(page, -3000, -3000);
  let box = await widgetBox(page);
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.y)).toBe(64);
  // The release of a drag is not a click: no dialog.
  await expect(page.getByTestId('support-widget-dialog')).toHaveCount(0);
  // Dragged far to the bottom right: still entirely inside the window.
  await drag(page, 5000, 5000);
  box = await widgetBox(page);
  expect(Math.round(box.x + box.width)).toBe(viewport.width);
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
  await drag(page, -400, -300);
  box = await widgetBox(page);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(64);
  await page.waitForTimeout(150);

  await widget.click();
  const dialog = page.getByTestId('support-widget-dialog');
  await expect(dialog).toBeVisible();
  await expect
    .poll(async () =>
      Math.round((await page.locator('.support-widget-modal .ant-modal').boundingBox())?.width ?? 0),
    )
    .toBe(564);
  // A click on the backdrop does not close it.
  await page.mouse.click(5, viewport.height - 5);
  await expect(dialog).toBeVisible();

  const input = dialog.getByTestId('chat-input');
  const send = dialog.getByTestId('chat-send');
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.locator('.ant-message')).toContainText('Text cannot be empty');
  const question = `Where is my deposit? ${Date.now()}`;
  await input.fill(question);
  await input.press('Enter');
  await expect(dialog.locator('[data-testid="chat-msg"][data-kind="own"]').last()).toContainText(question);
  await expect(input).toHaveValue('');
  // Ctrl+Enter starts a new line instead of sending.
  await input.fill('line one');
  await input.press('Control+Enter');
  await input.pressSequentially('line two');
  await expect(input).toHaveValue('line one\nline two');
  await input.fill('');
  await page.screenshot({ path: test.info().outputPath('widget-dialog.png') });
  await page.locator('.support-widget-modal .ant-modal-close').click();
  await expect(dialog).toBeHidden();

  // The operator answers in the support inbox.
  const admin = await openAdminConsole(browser, 'support');
  await admin.getByTestId('support-state-new').click();
  const row = admin.locator('[data-testid^="support-thread-"]').filter({ hasText: question.slice(0, 30) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(admin.getByTestId('support-thread')).toContainText(question);
  await admin.getByTestId('support-assign-me').click();
  await expect(admin.getByTestId('support-thread-state')).toHaveText('Open');
  const answer = 'Your deposit is confirmed; it will show in a minute.';
  await admin.getByTestId('chat-input').fill(answer);
  await admin.getByTestId('chat-send').click();
  await expect(admin.getByTestId('support-thread-state')).toHaveText('Waiting');
  await admin.screenshot({ path: test.info().outputPath('support-inbox.png'), fullPage: true });

  // The visitor's badge counts the reply (and the system note of the assignment) live, and resets on open.
  const badge = page.getByTestId('support-widget-badge');
  await expect(badge).toHaveText('2');
  await widget.click();
  await expect(badge).toHaveCount(0);
  await expect(dialog.locator('[data-testid="chat-msg"][data-kind="other"]').last()).toContainText(answer);
  await expect(dialog.locator('[data-testid="chat-msg"][data-kind="system"]')).toHaveCount(1);
  await page.locator('.support-widget-modal .ant-modal-close').click();

  // The visitor signs in: the conversation joins the account.
  const account = uniqueAccount('cs');
  await registerAndLogin(request, account);
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await widget.click();
  await expect(dialog.locator('[data-testid="chat-msg"][data-kind="own"]').first()).toContainText(question);
  await expect(dialog.getByTestId('chat-messages')).toContainText(
    'Messages written before signing in were added',
  );
  await admin.getByTestId('support-state-all').click();
  await expect(admin.locator(`[data-testid="support-thread-${account}"]`)).toBeVisible();
  await admin.context().close();
});

test('the online-customer dialog (532 px) offers the chat and, on its second tab, the external link', async ({
  page,
}) => {
  await page.goto('/home/index');
  await page.getByTestId('topbar-service').click();
  const dialog = page.getByTestId('customer-service-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('support-chat')).toBeVisible();
  await expect
    .poll(async () =>
      Math.round((await page.locator('.ant-modal').filter({ has: dialog }).boundingBox())?.width ?? 0),
    )
    .toBe(532);
  // The external link stays as an alternative, with the spec's warning when none is configured.
  await dialog.getByTestId('cs-tab-link').click();
  await expect(page.locator('.ant-message')).toContainText('No available customer-service link');
});
