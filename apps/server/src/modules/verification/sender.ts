// Where verification messages go: SMTP when SMTP_URL is configured, otherwise the development outbox
// (a table tests and local demos read). SMS has no provider adapter yet and always uses the outbox.
import type { Language } from '@coin/shared/languages';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import type { Clock } from '@/lib/clock';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  /** The language the text is in (for lines a wrapping sender adds, e.g. the anti-phishing code). */
  lang?: Language;
  /** The account the message is for, when known (a code to a new address has no owner by address yet). */
  userId?: bigint;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly log: (msg: string) => void,
  ) {}
  async send(message: OutgoingMessage): Promise<void> {
    const { channel, target, subject, body } = message;
    await this.db
      .insert(outboxMessages)
      .values({ channel, target, subject, body, createdAt: this.clock.now() });
    this.log(`dev outbox: ${message.channel} to ${message.target}: ${message.body}`);
  }
}

export class SmtpSender implements MessageSender {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly fallback: MessageSender,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') return this.fallback.send(message);
    await this.transport.sendMail({
      from: this.from,
      to: message.target,
      subject: message.subject,
      text: message.body,
    });
  }
}
