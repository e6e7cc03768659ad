// Screenshots of /home/index for checking by eye: day and night themes, English and Chinese, 1280 px
// and 375 px wide. Written to e2e/screenshots/ (git-ignored) as home-<theme>-<lang>-<width>.png.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const OUT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));
const THEMES = ['theme-daytime', 'theme-night'] as const;
const LANGS = ['en', 'zh'] as const;
const WIDTHS = [1280, 375] as const;

for (const theme of THEMES) {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      test(`home ${theme} ${lang} ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
        // The settings store reads these coin_web entries (spec section 3 format) at start.
        await page.addInitScript(
          ([langValue, themeValue]) => {
            const entry = (content: string) =>
              JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
            localStorage.setItem('coin_web-lang', entry(langValue));
            localStorage.setItem('coin_web-themeName', entry(themeValue));
          },
          [lang, theme] as const,
        );
        await page.goto('/home/index');
        await expect(page.getByTestId('home-page')).toBeVisible();
        await expect(page.locator('body')).toHaveClass(new RegExp(theme));
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
        await expect(page.getByTestId('hot-coin').first()).toBeVisible();
        await expect(page.getByTestId('footer').getByTestId('app-download-qr').locator('svg')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${OUT_DIR}home-${theme}-${lang}-${width}.png`, fullPage: true });
      });
    }
  }
}
