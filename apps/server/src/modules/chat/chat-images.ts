// Chat images: the upload service's rules (magic bytes, size limit, random names; sniffImage from the
// wallet's upload service) applied to a thread. Each image belongs to one thread and its uploader; only
// that thread's readers get it back (by token, so the web client shows it from an object URL).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHAT_IMAGE_NAME_PATTERN, CHAT_IMAGE_PREFIX } from '@coin/shared/chat';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { chatImages, chatThreads } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { sniffImage } from '@/modules/wallet/upload-service';
import type { ChatService } from './chat-service';
import type { ChatPrincipal, ThreadRow } from './chat-types';

export class ChatImages {
  private ready: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly dir: string,
    private readonly chat: ChatService,
  ) {}

  async save(thread: ThreadRow, uploader: ChatPrincipal, bytes: Buffer) {
    const kind = sniffImage(bytes);
    if (!kind) throw new AppError('UPLOAD_NOT_IMAGE');
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    await this.db.insert(chatImages).values({
      name,
      threadId: thread.id,
      uploaderType: uploader.type,
      uploaderId: uploader.id,
      contentType: kind.type,
      size: bytes.length,
      createdAt: this.clock.now(),
    });
    return { link: `${CHAT_IMAGE_PREFIX}${name}`, name, size: bytes.length, contentType: kind.type };
  }

  /** The image for a reader of its thread; anyone else, and unknown names, get NOT_FOUND. */
  async open(name: string, reader: ChatPrincipal) {
    if (!CHAT_IMAGE_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const [row] = await this.db.select().from(chatImages).where(eq(chatImages.name, name));
    if (!row) throw new AppError('NOT_FOUND');
    const [thread] = await this.db.select().from(chatThreads).where(eq(chatThreads.id, row.threadId));
    if (!thread || !(await this.chat.mayAccess(thread, reader))) throw new AppError('NOT_FOUND');
    const bytes = await readFile(join(this.dir, name)).catch(() => undefined);
    if (!bytes) throw new AppError('NOT_FOUND');
    return { bytes, contentType: row.contentType };
  }
}
