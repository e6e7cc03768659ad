// Wire schemas of the account-security calls (2FA, contact binding, anti-phishing code, API keys),
// shared by the server (validation) and the web forms. Messages are translation keys; objects are strict.
import { z } from 'zod';
import { codeSchema, emailSchema, phoneSchema } from './auth-schemas';
import { idSchema } from './wire-id';

/** The six digits an authenticator app shows (RFC 6238, 30-second steps). */
export const googleCodeSchema = z
  .string({ error: 'validation.required' })
  .regex(/^\d{6}$/, 'validation.googleCode');

/** Anti-phishing code: 4 to 20 letters, digits or underscores, starting with a letter (it is shown inside emails, so no markup). */
export const antiCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,19}$/, 'validation.antiCode');

export const antiCodeBodySchema = z.strictObject({
  antiCode: antiCodeSchema,
  googleCode: googleCodeSchema.optional(),
});

/**
 * Sending a code for a contact change: `bind` goes to a new address (`target`, which must be free),
 * `security` to the address the account already has of that channel (no `target`).
 */
export const sendSecurityCodeBodySchema = z
  .strictObject({
    channel: z.enum(['email', 'sms'], { error: 'validation.oneOf' }),
    purpose: z.enum(['bind', 'security'], { error: 'validation.oneOf' }),
    target: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(254)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.purpose === 'security') {
      if (v.target !== undefined)
        ctx.addIssue({ code: 'custom', path: ['target'], message: 'validation.unknownField' });
      return;
    }
    if (v.target === undefined) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'validation.required' });
      return;
    }
    const ok = (v.channel === 'email' ? emailSchema : phoneSchema).safeParse(
      v.channel === 'email' ? v.target : v.target.replace(/[\s-]/g, ''),
    ).success;
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: v.channel === 'email' ? 'validation.email' : 'validation.phone',
      });
    }
  });

/** Bind or change the email: `code` was sent to the new address; `oldCode` to the current one (change). */
export const bindEmailBodySchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  oldCode: codeSchema.optional(),
  googleCode: googleCodeSchema.optional(),
});

/** Bind or change the phone (spaces and dashes allowed; stored without them). */
export const bindPhoneBodySchema = z.strictObject({
  phone: z
    .string({ error: 'validation.required' })
    .max(40, 'validation.phone')
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(phoneSchema),
  code: codeSchema,
  oldCode: codeSchema.optional(),
  googleCode: googleCodeSchema.optional(),
});

/** Permissions an API key may have. Withdrawals are never among them. */
export const API_KEY_PERMISSIONS = ['read', 'trade'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
export const API_KEY_MAX_IPS = 20;

/** One IPv4 or IPv6 address, or a CIDR range of either (checked precisely on the server). */
export const ipEntrySchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[0-9A-Fa-f.:]{2,45}(\/\d{1,3})?$/, 'validation.ip');

export const createApiKeyBodySchema = z.strictObject({
  label: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(40),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS, { error: 'validation.apiPermission' }), {
      error: 'validation.required',
    })
    .min(1)
    .max(API_KEY_PERMISSIONS.length),
  ipAllowlist: z.array(ipEntrySchema).max(API_KEY_MAX_IPS).optional(),
  googleCode: googleCodeSchema.optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const deleteApiKeyQuerySchema = z.strictObject({ id: idSchema });

/** getGoogleVerification/{x}: '1' returns the pending secret if one is still fresh, '2' always a new one. */
export const googleSetupParamsSchema = z.strictObject({
  x: z.enum(['1', '2'], { error: 'validation.oneOf' }),
});

/** googleVerificationBindingOrReset/{x}/{y}: x = the authenticator code, y = '1' bind, '2' reset (default). */
export const googleBindParamsSchema = z.strictObject({
  x: googleCodeSchema,
  y: z.enum(['1', '2'], { error: 'validation.oneOf' }).default('2'),
});
