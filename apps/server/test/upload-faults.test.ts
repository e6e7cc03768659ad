// Multipart faults on the upload routes (hardening issue): a body cut off before its closing boundary,
// a missing or wrong boundary, a broken part header, too many parts or files, an oversized file or a
// body that is not multipart at all are each a clear 4xx with an error code, and nothing is stored
// (no row, no file). Before, busboy's parse errors ("Part terminated early", "Unexpected end of form",
// "Boundary not found") fell through to 500.

import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletUploads } from '@/db/schema';
import { auth, call, expectError, tr } from './helpers';
import { createWalletApp, pngBytes, upload, walletUser } from './wallet-kit';

const MAX_BYTES = 2048;
let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let token: string;

beforeAll(async () => {
  ctx = await createWalletApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  token = (await walletUser(ctx.app)).token;
});
afterAll(async () => {
  await ctx.close();
});

const boundary = `----faults${randomBytes(6).toString('hex')}`;
const multipartType = `multipart/form-data; boundary=${boundary}`;
const filePart = (bytes: Buffer, name = 'file') =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const fieldPart = (i: number) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`);
const close = Buffer.from(`--${boundary}--\r\n`);

async function stored(): Promise<{ rows: number; files: number }> {
  const rows = (await ctx.db.select().from(walletUploads)).length;
  let files = 0;
  try {
    files = readdirSync(ctx.uploadDir).length;
  } catch {
    files = 0;
  }
  return { rows, files };
}

describe('multipart faults on /api/common/upload/OSS and the cgform alias', () => {
  it.each<[string, string, Buffer, number, string]>([
    ['no closing boundary', multipartType, filePart(pngBytes()), 400, 'UPLOAD_MALFORMED'],
    [
      'cut off inside the file',
      multipartType,
      filePart(pngBytes()).subarray(0, 100),
      400,
      'UPLOAD_MALFORMED',
    ],
    [
      'no boundary parameter',
      'multipart/form-data',
      Buffer.concat([filePart(pngBytes()), close]),
      400,
      'UPLOAD_MALFORMED',
    ],
    [
      'another boundary than the body uses',
      'multipart/form-data; boundary=not-this-one',
      Buffer.concat([filePart(pngBytes()), close]),
      400,
      'UPLOAD_MALFORMED',
    ],
    [
      // busboy skips a part it cannot name: what is left has no file.
      'a part header without a value',
      multipartType,
      Buffer.from(`--${boundary}\r\nContent-Disposition\r\n\r\nzz\r\n--${boundary}--\r\n`),
      400,
      'UPLOAD_MISSING',
    ],
    ['random bytes', multipartType, randomBytes(300), 400, 'UPLOAD_MALFORMED'],
    [
      'too many parts',
      multipartType,
      Buffer.concat([filePart(pngBytes()), ...Array.from({ length: 10 }, (_, i) => fieldPart(i)), close]),
      413,
      'UPLOAD_TOO_MANY_PARTS',
    ],
    [
      'two files',
      multipartType,
      Buffer.concat([filePart(pngBytes()), filePart(pngBytes(), 'second'), close]),
      413,
      'UPLOAD_TOO_MANY_PARTS',
    ],
    [
      'a file over the limit',
      multipartType,
      Buffer.concat([filePart(Buffer.concat([pngBytes(), randomBytes(MAX_BYTES)])), close]),
      413,
      'UPLOAD_TOO_LARGE',
    ],
    ['a JSON body', 'application/json', Buffer.from('{"file":"x"}'), 400, 'UPLOAD_MISSING'],
    ['an XML body', 'application/xml', Buffer.from('<file/>'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])(
    '%s: a 4xx with an error code, nothing stored',
    async (_name, contentType, payload, status, errorCode) => {
      const before = await stored();
      for (const url of ['/api/common/upload/OSS', '/api/mjkj-web/cgform-api/upload/file']) {
        for (const lang of ['en', 'ja'] as const) {
          const res = await call(ctx.app, {
            method: 'POST',
            url,
            headers: { ...auth(token), 'content-type': contentType, lang },
            payload,
          });
          expectError(res, status, errorCode, lang);
          expect(res.body.msg).not.toBe(tr(lang, 'errors.INTERNAL_ERROR'));
        }
      }
      expect(await stored()).toEqual(before);
    },
  );

  it('a well-formed upload still works after the faults', async () => {
    const res = await upload(ctx.app, token, pngBytes());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
