// The --app-* variables of theme.css are antd's design tokens for the two theme configs of the antd
// scope, written out so the start-up path needs no antd. This test recomputes the tokens with antd and
// fails when a variable and its token disagree (after an antd upgrade or a theme change).
import { readFileSync } from 'node:fs';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { ANTD_THEMES } from '@/components/antd-scope';

type Token = ReturnType<typeof theme.getDesignToken>;

const VARIABLES: Record<string, (t: Token) => string | number> = {
  '--app-bg-layout': (t) => t.colorBgLayout,
  '--app-bg-container': (t) => t.colorBgContainer,
  '--app-bg-elevated': (t) => t.colorBgElevated,
  '--app-bg-container-disabled': (t) => t.colorBgContainerDisabled,
  '--app-text': (t) => t.colorText,
  '--app-text-secondary': (t) => t.colorTextSecondary,
  '--app-text-tertiary': (t) => t.colorTextTertiary,
  '--app-text-disabled': (t) => t.colorTextDisabled,
  '--app-border': (t) => t.colorBorder,
  '--app-border-secondary': (t) => t.colorBorderSecondary,
  '--app-primary': (t) => t.colorPrimary,
  '--app-primary-hover': (t) => t.colorPrimaryHover,
  '--app-primary-active': (t) => t.colorPrimaryActive,
  '--app-primary-bg': (t) => t.colorPrimaryBg,
  '--app-primary-border': (t) => t.colorPrimaryBorder,
  '--app-link': (t) => t.colorLink,
  '--app-link-hover': (t) => t.colorLinkHover,
  '--app-link-active': (t) => t.colorLinkActive,
  '--app-fill': (t) => t.colorFill,
  '--app-fill-secondary': (t) => t.colorFillSecondary,
  '--app-fill-tertiary': (t) => t.colorFillTertiary,
  '--app-fill-quaternary': (t) => t.colorFillQuaternary,
  '--app-success': (t) => t.colorSuccess,
  '--app-success-bg': (t) => t.colorSuccessBg,
  '--app-error': (t) => t.colorError,
  '--app-warning': (t) => t.colorWarning,
  '--app-warning-bg': (t) => t.colorWarningBg,
  '--app-warning-border': (t) => t.colorWarningBorder,
  '--app-info-bg': (t) => t.colorInfoBg,
  // antd's Button shadows (button/style/token.ts): primary 0 2px 0 controlOutline, default below.
  '--app-control-outline': (t) => t.controlOutline,
  '--app-button-default-shadow': (t) => `0 ${t.controlOutlineWidth}px 0 ${t.controlTmpOutline}`,
  '--app-radius': (t) => `${t.borderRadius}px`,
  '--app-radius-lg': (t) => `${t.borderRadiusLG}px`,
  '--app-font': (t) => t.fontFamily,
  '--app-line-height': (t) => t.lineHeight,
  '--app-shadow': (t) => t.boxShadowTertiary,
};

/** The custom properties declared in the first rule whose selector matches `selector`. */
function declarations(css: string, selector: RegExp): Map<string, string> {
  const found = selector.exec(css);
  if (!found) throw new Error(`theme.css has no rule for ${selector}`);
  const open = css.indexOf('{', found.index);
  const close = css.indexOf('}', open);
  const result = new Map<string, string>();
  for (const match of css.slice(open + 1, close).matchAll(/(--app-[a-z-]+)\s*:\s*([^;]+);/g)) {
    result.set(match[1] as string, match[2] as string);
  }
  return result;
}

/** Comparable form: no whitespace or quotes, lower case, numbers rounded to 4 decimals. */
function normalize(value: string | number): string {
  return String(value)
    .replace(/\s+|["']/g, '')
    .toLowerCase()
    .replace(/\d*\.\d+/g, (n) => String(Number(Number(n).toFixed(4))));
}

const css = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');
const day = declarations(css, /:root,\s*body\.theme-daytime\s*\{/);
// The night rule overrides the colours; sizes and fonts come from :root.
const night = new Map([...day, ...declarations(css, /body\.theme-night\s*\{/)]);

describe('theme.css', () => {
  it.each([
    ['theme-daytime', day],
    ['theme-night', night],
  ] as const)('%s matches the antd tokens of its theme config', (name, variables) => {
    const token = theme.getDesignToken(ANTD_THEMES[name]);
    for (const [variable, fromToken] of Object.entries(VARIABLES)) {
      expect(variables.has(variable), `${name} ${variable} is declared`).toBe(true);
      expect(normalize(variables.get(variable) ?? ''), `${name} ${variable}`).toBe(
        normalize(fromToken(token)),
      );
    }
  });
});
