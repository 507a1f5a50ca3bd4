import { randomBytes } from 'node:crypto';
import { type MailSink, type ReceivedMail, startMailSink } from '@pds/testing';

function printMail(mail: ReceivedMail): void {
  const lines = [
    '',
    `mail-sink    To: ${mail.to.join(', ')}  Subject: ${mail.subject}`,
    ...mail.links.map((link) => `mail-sink      ${link}`),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

/**
 * The local stack's SMTP server: account mails (verification, password reset) land here and their
 * links are printed, so a person can sign up with no mail provider and no internet.
 */
export async function startLocalMailSink(port: number): Promise<MailSink> {
  return startMailSink({ port, onMail: printMail });
}

/**
 * What the gateway needs for accounts on this machine: mail to the sink, links to the local
 * gateway, and a signing secret (a random one per run unless AUTH_JWT_SECRET is set, so sign-ins
 * end when the stack stops).
 */
export function localAccountsEnv(sink: MailSink, gatewayPort: number): Record<string, string> {
  return {
    SMTP_URL: sink.url,
    PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
    AUTH_JWT_SECRET: process.env.AUTH_JWT_SECRET ?? randomBytes(32).toString('base64url'),
  };
}
