// Every email the platform sends to a user who set an anti-phishing code starts with that code, so a
// message without it (or with a wrong one) is recognisably not ours. Wraps whichever sender is configured
// (SMTP or the development outbox); SMS is passed through unchanged.
import { DEFAULT_LANGUAGE } from '@coin/shared/languages';
import { t } from '@/i18n/translate';
import type { MessageSender, OutgoingMessage } from '@/modules/verification/sender';

export type AntiCodeLookup = (who: {
  userId?: bigint | undefined;
  email?: string | undefined;
}) => Promise<string | undefined>;

export class AntiPhishingSender implements MessageSender {
  constructor(
    private readonly inner: MessageSender,
    private readonly lookup: AntiCodeLookup,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') return this.inner.send(message);
    const code = await this.lookup({ userId: message.userId, email: message.target });
    if (!code) return this.inner.send(message);
    const line = t(message.lang ?? DEFAULT_LANGUAGE, 'mail.antiPhishing', { code });
    return this.inner.send({ ...message, body: `${line}\n\n${message.body}` });
  }
}
