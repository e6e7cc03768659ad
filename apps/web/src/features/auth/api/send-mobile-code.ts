// POST /api/user/sendMobileCode (query `phone`, `type`).
import { apiPost, type RequestOptions } from '@/lib/api-client';
import type { CodePurpose } from './send-email-code';

export function sendMobileCode(phone: string, type: CodePurpose, options?: RequestOptions): Promise<null> {
  return apiPost<null>('/api/user/sendMobileCode', undefined, { ...options, params: { phone, type } });
}
