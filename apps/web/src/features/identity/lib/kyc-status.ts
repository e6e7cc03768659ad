// Review states (spec section 4) as label keys and tag colours.
import type { KycStatusCode } from './identity-types';

export const KYC_STATUS_KEY: Record<KycStatusCode, 'pending' | 'passed' | 'failed'> = {
  0: 'pending',
  1: 'passed',
  2: 'failed',
};

export const KYC_STATUS_COLOR: Record<KycStatusCode, string> = { 0: 'gold', 1: 'green', 2: 'red' };

/** Whether a new request of this level may be sent: none yet, or the last one failed. */
export function maySubmit(status: KycStatusCode | undefined): boolean {
  return status === undefined || status === 2;
}

/** The full invite link of a path such as '/i&ABCD2345' on this site. */
export function inviteLink(origin: string, invitePath: string): string {
  return `${origin.replace(/\/+$/, '')}${invitePath}`;
}
