// POST /api/user/sendEmailCode (query `email`, `type`): one code per target per resend window.
import type { CODE_PURPOSES } from '@coin/shared/auth-schemas';
import { apiPost, type RequestOptions } from '@/lib/api-client';

export type CodePurpose = (typeof CODE_PURPOSES)[number];

export function sendEmailCode(email: string, type: CodePurpose, options?: RequestOptions): Promise<null> {
  return apiPost<null>('/api/user/sendEmailCode', undefined, { ...options, params: { email, type } });
}
