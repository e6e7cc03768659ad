// Wire schemas of the account and session calls, shared by the server (validation) and the web forms.
// Messages are translation keys; objects are strict so unknown fields are rejected.
import { z } from 'zod';
import { loginPasswordSchema } from './password';
import { idSchema } from './wire-id';

export const accountNameSchema = z
  .string({ error: 'validation.required' })
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,19}$/, 'validation.account');
export const emailSchema = z
  .string({ error: 'validation.required' })
  .max(254, 'validation.email')
  .pipe(z.email({ error: 'validation.email' }));
/** Digits with an optional leading +, including the country code: 6 to 15 digits (E.164 length). */
/** The stored form of a phone: what people type minus spaces and dashes (phoneSchema then applies). */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}
export const phoneSchema = z
  .string({ error: 'validation.required' })
  .regex(/^\+?\d{6,15}$/, 'validation.phone');
export const codeSchema = z.string({ error: 'validation.required' }).regex(/^\d{6}$/, 'validation.code');
export const inviteCodeSchema = z
  .string({ error: 'validation.required' })
  .regex(/^[A-Za-z0-9]{4,16}$/, 'validation.inviteCode');
export const deviceIdSchema = z
  .string({ error: 'validation.required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.deviceId');

export const LOGIN_TYPES = ['account', 'email', 'phone'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

export const registerBodySchema = z
  .strictObject({
    account: accountNameSchema,
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    password: loginPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }),
    code: codeSchema,
    inviteCode: inviteCodeSchema.optional(),
    deviceId: deviceIdSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.email === undefined) === (v.phone === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.emailOrPhone' });
    }
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  type: z.enum(LOGIN_TYPES, { error: 'validation.oneOf' }),
  username: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254),
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128),
  deviceId: deviceIdSchema.optional(),
  /** Step 2 of a two-step login: the authenticator code (step 1 answered LOGIN_STEP1_SUCCESS). */
  googleCode: z
    .string({ error: 'validation.required' })
    .regex(/^\d{6}$/, 'validation.googleCode')
    .optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.strictObject({
  refreshToken: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(200),
});

export const CODE_PURPOSES = ['register', 'reset', 'bind', 'security'] as const;

export const sendEmailCodeQuerySchema = z.strictObject({
  email: emailSchema,
  type: z.enum(CODE_PURPOSES, { error: 'validation.oneOf' }).default('register'),
});
export const sendMobileCodeQuerySchema = z.strictObject({
  phone: phoneSchema,
  type: z.enum(CODE_PURPOSES, { error: 'validation.oneOf' }).default('register'),
});

/** Password reset with a verification code (`backPwd`, parameters in the query string per spec). */
export const backPwdQuerySchema = z
  .strictObject({
    type: z.enum(['email', 'phone'], { error: 'validation.oneOf' }),
    target: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254),
    code: codeSchema,
    password: loginPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });

export const pageQuerySchema = z.strictObject({
  current: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(10),
});

export const updateDeviceBodySchema = z.strictObject({
  id: idSchema,
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(60),
});
