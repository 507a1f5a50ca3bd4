import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { createTransport } from 'nodemailer';
import { type MailSink, mailTo, startMailSink } from './mail-sink';
import { eventually } from './poll';

/** Resolves with the next reply line of an SMTP server (the first of a multi-line reply is enough). */
async function reply(socket: Socket): Promise<string> {
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  return chunk.toString('utf8');
}

/** Opens a mail transaction (MAIL FROM and RCPT TO accepted), then resets the connection mid-mail. */
async function resetMidMail(port: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  expect(await reply(socket)).toMatch(/^220 /);
  for (const command of ['EHLO client.test', 'MAIL FROM:<a@example.com>', 'RCPT TO:<b@example.com>']) {
    socket.write(`${command}\r\n`);
    expect(await reply(socket)).toMatch(/^250[ -]/);
  }
  socket.resetAndDestroy();
}

describe('the mail sink', () => {
  let sink: MailSink;

  beforeEach(async () => {
    sink = await startMailSink();
  });

  afterEach(async () => {
    await sink.close();
  });

  it('should keep a client that resets the connection mid-mail as a connection error, and go on receiving mail', async () => {
    await resetMidMail(sink.port);
    await eventually(
      () => Promise.resolve(sink.connectionErrors.length > 0 ? true : undefined),
      'the reset recorded by the sink',
      30_000,
    );
    expect(sink.connectionErrors[0]).toMatchObject({ code: 'ECONNRESET' });

    const transport = createTransport({ url: sink.url, ignoreTLS: true });
    await transport.sendMail({ from: 'a@example.com', to: 'c@example.com', subject: 'after', text: 'ok' });
    transport.close();
    expect(await sink.waitForMail(mailTo('c@example.com'))).toMatchObject({ subject: 'after' });
  });
});
