// Email or phone: the two ways to receive a verification code (register and reset).
import { codeSchema, emailSchema, phoneSchema } from '@coin/shared/auth-schemas';
import { z } from 'zod';

export const CONTACT_TYPES = ['email', 'phone'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/**
 * A phone as the phone inputs produce it (see composePhone): the shared rule plus the leading `+`. A
 * number without it was not composed with a country code (the country list did not load) and could
 * never match a stored phone.
 */
export const canonicalPhoneSchema = phoneSchema.regex(/^\+/, 'validation.phone');

export const contactSchema: Record<ContactType, z.ZodType<string>> = {
  email: emailSchema,
  phone: canonicalPhoneSchema,
};

/** The fields register and reset share: the kind of target, the target and the code sent to it. */
export const contactCodeShape = {
  type: z.enum(CONTACT_TYPES),
  target: z.string({ error: 'validation.required' }).trim(),
  code: codeSchema,
};

export interface ContactCodeValues {
  type: ContactType;
  target: string;
  code: string;
}

/** For a form's superRefine: the target's rule depends on the tab, so it is checked with that kind's schema. */
export function checkContactTarget(
  v: Pick<ContactCodeValues, 'type' | 'target'>,
  ctx: z.RefinementCtx,
): void {
  const target = contactSchema[v.type].safeParse(v.target);
  if (!target.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['target'],
      message: target.error.issues[0]?.message ?? 'validation.invalid',
    });
  }
}
