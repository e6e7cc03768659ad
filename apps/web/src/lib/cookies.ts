// Owns the two session cookies of spec section 4 ("logout clears ... both cookies") and their 7-day
// lifetime (spec section 9). They mirror the access and refresh tokens for parity with the spec's
// session model; the server authenticates by header only and never reads them, so they are not a CSRF
// vector. SameSite=Strict keeps them off cross-site requests anyway.

export const COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600;

export const SESSION_COOKIES = {
  token: 'coin_web-access-token',
  refreshToken: 'coin_web-refresh-token',
} as const;

export type SessionCookie = keyof typeof SESSION_COOKIES;

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

function secureFlag(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
}

export function setCookie(name: string, value: string, maxAgeSeconds = COOKIE_MAX_AGE_SECONDS): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secureFlag()}`;
}

export function getCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function removeCookie(name: string): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict${secureFlag()}`;
}

export function setSessionCookies(token: string, refreshToken: string): void {
  setCookie(SESSION_COOKIES.token, token);
  setCookie(SESSION_COOKIES.refreshToken, refreshToken);
}

export function clearSessionCookies(): void {
  removeCookie(SESSION_COOKIES.token);
  removeCookie(SESSION_COOKIES.refreshToken);
}
