import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { GatewayEnvironment } from '../../gateway.environment';
import { AppLogger } from '@pds/observability';

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** What the mail is, for the log line (never its content: it holds a token). */
  readonly kind: string;
  readonly accountId: string;
}

/**
 * Sends account mails over SMTP (SMTP_URL) off the request's path: the answer neither waits for the
 * mail nor changes when it fails, so its timing tells nothing either. Failures are logged without
 * the mail's content.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter | undefined;
  private readonly pending = new Set<Promise<void>>();
  /** The account page of PUBLIC_BASE_URL, where every mail's link leads. */
  readonly accountPage: string;

  constructor(
    private readonly env: GatewayEnvironment,
    private readonly logger: AppLogger,
  ) {
    this.accountPage = `${env.PUBLIC_BASE_URL.replace(/\/+$/, '')}/account`;
    // Bounded waits: a stalled SMTP server must not hold mails (or shutdown) for nodemailer's minutes.
    this.transport = env.SMTP_URL
      ? createTransport({
          url: env.SMTP_URL,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : undefined;
  }

  sendInBackground(mail: OutgoingMail): void {
    const sending = this.send(mail).finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.pending);
    this.transport?.close();
  }

  private async send(mail: OutgoingMail): Promise<void> {
    const fields = { kind: mail.kind, accountId: mail.accountId };
    if (!this.transport) {
      this.logger.warn({ ...fields, reason: 'SMTP_URL is not set' }, 'mail-not-sent');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      this.logger.info(fields, 'mail-sent');
    } catch (error) {
      this.logger.error(
        {
          ...fields,
          error: error instanceof Error ? error.name : 'unknown',
        },
        'mail-failed',
      );
    }
  }
}
