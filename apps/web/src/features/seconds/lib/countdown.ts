// The seconds-contract countdown (spec section 4: HH:MM:SS): time left until expiry, never below zero.
// The server's clock decides expiry; `offsetMs` (server minus browser, measured when the order was
// accepted) keeps a wrong browser clock from showing a wrong countdown.

/** Milliseconds as HH:MM:SS, rounded up to the second (a contract with 0.2 s left shows 00:00:01). */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}`;
}

/** Time left of a contract at the browser's `now`, on the server's clock. */
export function timeLeft(expiresAt: number, now: number, offsetMs: number): number {
  return Math.max(0, expiresAt - (now + offsetMs));
}
