// Websocket Origin check (DESIGN section 8): browsers always send Origin on a websocket handshake and a
// websocket is not protected by CORS, so a foreign page could otherwise ride a user's connection.
// Requests without Origin are non-browser clients and are allowed.

export function parseAllowedOrigins(value: string): { any: boolean; origins: Set<string> } {
  const items = value
    .split(',')
    .map((s) => s.trim().replace(/\/$/, '').toLowerCase())
    .filter(Boolean);
  return { any: items.includes('*'), origins: new Set(items) };
}

export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: { any: boolean; origins: Set<string> },
): boolean {
  if (origin === undefined) return true;
  if (allowed.any) return true;
  const normalized = origin.trim().replace(/\/$/, '').toLowerCase();
  if (allowed.origins.has(normalized)) return true;
  let originHost: string;
  try {
    originHost = new URL(normalized).host;
  } catch {
    return false;
  }
  return host !== undefined && originHost !== '' && originHost === host.trim().toLowerCase();
}
