// Wire schemas of identity certification (primary, advanced, email), the bank card, payment methods,
// the referral lists and the agent calls, shared by the server (validation) and the web forms (spec
// sections 3 and 5). Messages are translation keys; objects are strict so unknown fields are rejected.
import { z } from 'zod';
import { codeSchema, emailSchema, phoneSchema } from './auth-schemas';

/** Countries of spec section 3 (China, United States). */
export const KYC_COUNTRIES = ['CN', 'US'] as const;
export type KycCountry = (typeof KYC_COUNTRIES)[number];
/** Card types of spec section 3 (ID card, passport). */
export const KYC_CARD_TYPES = ['idCard', 'passport'] as const;
export type KycCardType = (typeof KYC_CARD_TYPES)[number];
export const KYC_LEVELS = ['primary', 'advanced'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
/** Review states (spec section 4): under review, passed, failed. */
export const KYC_STATUS = { pending: 0, passed: 1, failed: 2 } as const;

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

/** A mainland resident ID number: 17 digits and a check character (ISO 7064 MOD 11-2). */
export function isChineseIdNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * (CN_WEIGHTS[i] ?? 0);
  return CN_CHECK[sum % 11] === value[17];
}

/** The ID number as stored and compared: no spaces or dashes, upper case. */
export function normalizeIdNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether an ID number fits its country and card type. */
export function isValidIdNumber(value: string, country: KycCountry, cardType: KycCardType): boolean {
  if (country === 'CN' && cardType === 'idCard') return isChineseIdNumber(value);
  // Passports and other national documents: 5 to 20 letters and digits.
  return /^[A-Z0-9]{5,20}$/.test(value);
}

const noControl = (s: string) => !/\p{Cc}/u.test(s);

/** A person's name as on the document: letters (any script), spaces, dots, middle dots, hyphens, apostrophes. */
export const realNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.tooLong')
  .refine((s) => /^[\p{L}\p{M}][\p{L}\p{M} .·'-]*$/u.test(s), 'validation.realName');

export const kycPrimaryBodySchema = z
  .strictObject({
    name: realNameSchema,
    idNumber: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(32, 'validation.idNumber')
      .transform(normalizeIdNumber),
    country: z.enum(KYC_COUNTRIES, { error: 'validation.oneOf' }),
    cardType: z.enum(KYC_CARD_TYPES, { error: 'validation.oneOf' }),
  })
  .superRefine((v, ctx) => {
    if (v.idNumber.length > 0 && !isValidIdNumber(v.idNumber, v.country, v.cardType)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'validation.idNumber' });
    }
  });
export type KycPrimaryBody = z.infer<typeof kycPrimaryBodySchema>;

/** An image the caller uploaded: the link the upload call returned, or its file name. */
export const UPLOAD_NAME_PATTERN = /^(?:\/api\/uploads\/)?([a-f0-9]{32}\.(?:png|jpg|gif|webp))$/;
export const uploadRefSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.upload')
  .regex(UPLOAD_NAME_PATTERN, 'validation.upload')
  .transform((s) => UPLOAD_NAME_PATTERN.exec(s)?.[1] ?? s);

export const kycAdvancedBodySchema = z
  .strictObject({ front: uploadRefSchema, back: uploadRefSchema, hold: uploadRefSchema })
  .superRefine((v, ctx) => {
    if (v.back === v.front) ctx.addIssue({ code: 'custom', path: ['back'], message: 'validation.duplicate' });
    if (v.hold === v.front || v.hold === v.back) {
      ctx.addIssue({ code: 'custom', path: ['hold'], message: 'validation.duplicate' });
    }
  });
export type KycAdvancedBody = z.infer<typeof kycAdvancedBodySchema>;

/** Email certification: bind an email to an account that has none, confirmed by a `bind` code. */
export const bindEmailBodySchema = z.strictObject({ email: emailSchema, code: codeSchema });

/** accountVerificationBinding: bind the missing email or phone, confirmed by a `bind` code sent to it. */
export const accountBindingBodySchema = z
  .strictObject({
    type: z.enum(['email', 'phone'], { error: 'validation.oneOf' }),
    target: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254),
    code: codeSchema,
  })
  .superRefine((v, ctx) => {
    const ok = (v.type === 'email' ? emailSchema : phoneSchema).safeParse(
      v.target.replace(/[\s-]/g, ''),
    ).success;
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: v.type === 'email' ? 'validation.email' : 'validation.phone',
      });
    }
  });

const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalidType' })
    .trim()
    .max(max, 'validation.tooLong')
    .refine(noControl, 'validation.invalid')
    .optional()
    .transform((s) => (s === undefined || s === '' ? undefined : s));

const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine(noControl, 'validation.invalid');

/** Card and account numbers: 8 to 30 digits once spaces and dashes are removed. */
export const cardNumberSchema = z
  .string({ error: 'validation.required' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .regex(/^\d{8,30}$/, 'validation.cardNumber'),
  );

/** International bank code (SWIFT/BIC): 8 or 11 letters and digits. */
export const swiftCodeSchema = z
  .string({ error: 'validation.invalidType' })
  .trim()
  .toUpperCase()
  .refine((s) => s === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(s), 'validation.swift')
  .optional()
  .transform((s) => (s === undefined || s === '' ? undefined : s));

/** The bank card of spec section 3: number and bank name required, the rest optional; immutable once saved. */
export const bankCardBodySchema = z.strictObject({
  cardNo: cardNumberSchema,
  bankName: requiredText(64),
  /** "Bank address or phone". */
  bankAddress: optionalText(128),
  swiftCode: swiftCodeSchema,
  branchName: optionalText(64),
  homeAddress: optionalText(128),
});
export type BankCardBody = z.infer<typeof bankCardBodySchema>;

export const EWALLET_PROVIDERS = ['alipay', 'wechat', 'paypal', 'other'] as const;
export const PAYMENT_KINDS = ['bank', 'ewallet'] as const;
export const PAYMENT_METHODS_MAX = 10;

/** A payment method for peer-to-peer trading: a bank account or an e-wallet, in the certified name. */
export const paymentBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('bank'),
      holderName: realNameSchema,
      bankName: requiredText(64),
      account: cardNumberSchema,
      branchName: optionalText(64),
    }),
    z.strictObject({
      kind: z.literal('ewallet'),
      holderName: realNameSchema,
      provider: z.enum(EWALLET_PROVIDERS, { error: 'validation.oneOf' }),
      account: requiredText(64),
      qrCode: uploadRefSchema.optional(),
    }),
  ],
  { error: 'validation.oneOf' },
);
export type PaymentBody = z.infer<typeof paymentBodySchema>;

const pageFields = {
  current: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(10),
};

/** One generation of the caller's referrals (1 = invited directly). */
export const referralListQuerySchema = z.strictObject({
  generation: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1, 'validation.min')
    .max(3, 'validation.max'),
  ...pageFields,
});

/** getAgentList: the agent's team (all three generations unless one is asked for). */
export const agentListBodySchema = z.strictObject({
  generation: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1, 'validation.min')
    .max(3, 'validation.max')
    .optional(),
  ...pageFields,
});

/** The account tiers of spec section 1, lowest first. */
export const TIERS = ['standard', 'premium', 'professional', 'partner'] as const;
export type Tier = (typeof TIERS)[number];
