// Email or phone: the two ways to receive a verification code (register and reset).
import { emailSchema, phoneSchema } from '@coin/shared/auth-schemas';
import type { z } from 'zod';

export const CONTACT_TYPES = ['email', 'phone'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const contactSchema: Record<ContactType, z.ZodType<string>> = {
  email: emailSchema,
  phone: phoneSchema,
};
