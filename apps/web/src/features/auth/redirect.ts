// Where to go after login: the `redirect` query parameter when it is a path inside this app, otherwise
// the home page. Anything absolute or protocol-relative is ignored, so a crafted link cannot send a
// freshly logged-in user to another site.

export const AFTER_LOGIN_PATH = '/home/index';

export function safeRedirect(raw: unknown): string {
  if (typeof raw !== 'string') return AFTER_LOGIN_PATH;
  let value = raw.trim();
  // TanStack Router JSON-encodes search values that look like JSON; undo that for a quoted string.
  if (value.startsWith('"') && value.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') value = parsed;
    } catch {
      return AFTER_LOGIN_PATH;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return AFTER_LOGIN_PATH;
  // Going back to a sign-in page after signing in would be a dead end.
  if (/^\/user\/(login|register|reset)(\/|\?|$)/.test(value)) return AFTER_LOGIN_PATH;
  return value;
}

export function redirectFromSearch(searchStr: string): string {
  return safeRedirect(new URLSearchParams(searchStr).get('redirect') ?? undefined);
}
