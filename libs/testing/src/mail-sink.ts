import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { mailPackages } from './lazy-packages';

export interface ReceivedMail {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  /** Every http(s) link in the text, in order. */
  readonly links: string[];
}

type MailMatch = (mail: ReceivedMail) => boolean;

export interface MailSink {
  readonly port: number;
  /** What an app's SMTP_URL should be to send here. */
  readonly url: string;
  readonly mails: readonly ReceivedMail[];
  /** Connections a client broke off mid-mail (a reset, say): the client's failure, kept, never thrown. */
  readonly connectionErrors: readonly Error[];
  /** Resolves with the first mail for which `match` holds (already received or yet to come). */
  waitForMail(match: MailMatch, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface MailSinkOptions {
  readonly port?: number;
  readonly onMail?: (mail: ReceivedMail) => void;
}

const LINK = /https?:\/\/\S+/g;

/** The value of `parameter` in the first link of the mail that has it (a mailed token). */
export function linkParameter(mail: ReceivedMail, parameter: string): string | undefined {
  for (const link of mail.links) {
    const value = new URL(link).searchParams.get(parameter);
    if (value !== null) return value;
  }
  return undefined;
}

/** Mails addressed to `address` (case-insensitive). */
export function mailTo(address: string): MailMatch {
  return (mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase());
}

async function parseMail(stream: NodeJS.ReadableStream): Promise<ReceivedMail> {
  const { simpleParser } = await mailPackages();
  const parsed = await simpleParser(stream as never);
  const addresses = [parsed.to ?? []].flat().flatMap((group) => group.value);
  const text = parsed.text ?? '';
  return {
    to: addresses.map((entry) => entry.address ?? '').filter((address) => address !== ''),
    subject: parsed.subject ?? '',
    text,
    links: text.match(LINK) ?? [],
  };
}

/** Every mail received, and callers waiting for one that matches. */
class MailBox {
  readonly mails: ReceivedMail[] = [];
  private readonly waiters = new Set<(mail: ReceivedMail) => void>();

  add(mail: ReceivedMail): void {
    this.mails.push(mail);
    for (const waiter of this.waiters) waiter(mail);
  }

  waitFor(match: MailMatch, timeoutMs: number): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const seen = this.mails.find(match);
      if (seen) {
        resolve(seen);
        return;
      }
      const waiter = (mail: ReceivedMail): void => {
        if (!match(mail)) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching mail within ${timeoutMs} ms; received ${this.mails.length}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}

/**
 * A local SMTP server (no TLS, no authentication) that keeps every mail it receives: the sink of
 * tests and of the local stack, so sign-up works with no mail provider.
 */
export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const box = new MailBox();
  const { SMTPServer } = await mailPackages();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      parseMail(stream).then(
        (mail) => {
          box.add(mail);
          options.onMail?.(mail);
          callback();
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  const connectionErrors: Error[] = [];
  // smtp-server emits a connection's error mid-mail on the server; unheard, it would end the process.
  server.on('error', (error) => {
    connectionErrors.push(error);
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails: box.mails,
    connectionErrors,
    waitForMail: (match, timeoutMs = 15_000) => box.waitFor(match, timeoutMs),
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
