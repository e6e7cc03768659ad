// Password fields of the change-password calls arrive base64-encoded (spec section 5: "encode old, new
// and confirm before sending"). This is a transport encoding only; TLS protects the wire.
import { z } from 'zod';

export function decodeBase64Utf8(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) return undefined;
  const text = Buffer.from(value, 'base64').toString('utf8');
  // Round-trip check rejects bytes that are not valid UTF-8.
  return Buffer.from(text, 'utf8').toString('base64') === value ? text : undefined;
}

/** A base64 string field decoded to its text; bad encoding is a field error. */
export const encodedString = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(200, 'validation.encoded')
  .transform((value, ctx) => {
    const decoded = decodeBase64Utf8(value);
    if (decoded === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.encoded' });
      return z.NEVER;
    }
    return decoded;
  });
