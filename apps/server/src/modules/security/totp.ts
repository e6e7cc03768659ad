// RFC 6238 time-based codes through otplib (a kept library; DESIGN: no hand-written crypto for solved
// problems). The app's clock decides the time, so tests can step through 30-second windows.
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now: a code typed at the end of its window still counts. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export function newTotpSecret(): string {
  // 20 random bytes (160 bits, RFC 4226's recommendation), Base32 for authenticator apps.
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'sha1' });
}

/** The time step the code belongs to (within one step of now), or undefined when it matches none. */
export function matchTotp(secret: string, code: string, now: Date): number | undefined {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOLERANCE_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

/** The current code of a secret (tests and the documented example). */
export function totpNow(secret: string, now: Date): string {
  return generateSync({ secret, epoch: Math.floor(now.getTime() / 1000), period: TOTP_PERIOD_SECONDS });
}
