// The body of GET /platform/dev/config.js: a classic script that assigns the platform config to
// window.__PLATFORM_CONFIG__ before the client bundle runs. Operators control the values, so the JSON is
// made safe to embed: '<' '>' '&' cannot close a <script> element or open a comment when the file is
// inlined, and U+2028/U+2029 (valid in JSON, line terminators in older JavaScript) cannot break the line.
export const PLATFORM_CONFIG_GLOBAL = '__PLATFORM_CONFIG__';

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function platformScript(config: unknown): string {
  return `window.${PLATFORM_CONFIG_GLOBAL} = ${scriptSafeJson(config)};\n`;
}
