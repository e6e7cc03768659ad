// The risk notice before a user's first contract order (docs/contracts.md "Risk notice and countries"):
// the server says whether this user must see it (per deployment and the user's country); once accepted
// in this browser it is not shown again to that user. Closing orders never ask.
export const NOTICE_KEY = 'contracts.riskAccepted';

/** The storage key of one user's acceptance (a shared browser asks each user). */
export function noticeKey(userId: string | undefined): string {
  return userId ? `${NOTICE_KEY}:${userId}` : NOTICE_KEY;
}

export function mustShowNotice(input: {
  riskNotice: boolean;
  direction: 1 | 2 | 3 | 4;
  accepted: boolean;
}): boolean {
  return input.riskNotice && input.direction <= 2 && !input.accepted;
}
