// The one-time password typed at login, held in memory only (never stored), to prefill the current
// password of the forced change. A reload forgets it; the field is then typed again.
let pending: string | null = null;

export function rememberOneTimePassword(password: string | null): void {
  pending = password;
}

export function takeOneTimePassword(): string | null {
  return pending;
}
