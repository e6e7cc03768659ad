// Image uploads (payment screenshots, chat images, KYC photos): checked by magic bytes, never by the
// name or the declared type; stored under random names; served only to the owner or an operator.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { walletUploads } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { UPLOAD_LINK_PREFIX } from './deposit-service';

const IMAGE_TYPES = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    type: 'image/jpeg',
    ext: 'jpg',
    test: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    type: 'image/gif',
    ext: 'gif',
    test: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

export function sniffImage(bytes: Buffer): { type: string; ext: string } | undefined {
  return IMAGE_TYPES.find((t) => t.test(bytes));
}

const NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export class UploadService {
  private ready: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly dir: string,
  ) {}

  async save(userId: bigint, bytes: Buffer) {
    const kind = sniffImage(bytes);
    if (!kind) throw new AppError('UPLOAD_NOT_IMAGE');
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    await this.db
      .insert(walletUploads)
      .values({ name, userId, contentType: kind.type, size: bytes.length, createdAt: this.clock.now() });
    return { link: `${UPLOAD_LINK_PREFIX}${name}`, name, size: bytes.length, contentType: kind.type };
  }

  /** The file for its owner or any operator; anyone else gets NOT_FOUND (no hint that it exists). */
  async open(name: string, viewer: { userId?: bigint; operator: boolean }) {
    if (!NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const [row] = await this.db.select().from(walletUploads).where(eq(walletUploads.name, name)).limit(1);
    if (!row || (!viewer.operator && row.userId !== viewer.userId)) throw new AppError('NOT_FOUND');
    const bytes = await readFile(join(this.dir, name)).catch(() => undefined);
    if (!bytes) throw new AppError('NOT_FOUND');
    return { bytes, contentType: row.contentType };
  }
}
