import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config';
import { createSmtpMailer, smtpServerOf } from '../../../src/server/mail/smtp-mailer';
import { parseMailText } from '../../support/outbox';

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  user: string | null;
}

/** A real SMTP server in this process (smtp-server): it keeps what arrives, or refuses while `refusing`. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to trust in a test.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        const parsed = parseMailText(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((entry) => entry.address),
          subject: parsed.subject,
          text: parsed.text,
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer (SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('sends through the server of SMTP_URL, signing in with its user and password, from MAIL_FROM', async () => {
    const logs: string[] = [];
    const mailer = createSmtpMailer({ url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: 'Talentplace <no-reply@talentplace.test>', log: (line) => logs.push(line) });
    await mailer.send({ to: 'tala@example.test', subject: 'Your billing for March 2026 is approved', text: 'Company A approved your billing for March 2026.\n' });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@talentplace.test', to: ['tala@example.test'], subject: 'Your billing for March 2026 is approved', user: 'mailer' });
    expect(smtp.received[0]!.text).toContain('Company A approved your billing for March 2026.');
    // The log names the server, never the password.
    expect(logs.join('\n')).toContain(`sent through smtp://127.0.0.1:${smtp.port}`);
    expect(logs.join('\n')).not.toContain('s3cret');
  });

  it('fails the send when the server refuses it (the event mail then retries)', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'no-reply@talentplace.test', log: () => {} });
    smtp.state.refusing = true;
    try {
      await expect(mailer.send({ to: 'tala@example.test', subject: 'Refused', text: 'x' })).rejects.toThrow(/451|busy/i);
    } finally {
      smtp.state.refusing = false;
      mailer.close();
    }
    expect(smtp.received.some((mail) => mail.subject === 'Refused')).toBe(false);
  });

  it('fails the send when no server answers', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${closed.port}`, from: 'no-reply@talentplace.test', log: () => {} });
    await expect(mailer.send({ to: 'tala@example.test', subject: 'Nobody home', text: 'x' })).rejects.toThrow();
    mailer.close();
  });
});

describe('SMTP_URL in the configuration', () => {
  it('is read when it is an smtp:// or smtps:// address, and logged without its password', () => {
    expect(readConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465' }).mail.smtpUrl).toBe('smtps://user:pw@mail.example:465');
    expect(readConfig({}).mail.smtpUrl).toBeNull();
    expect(smtpServerOf('smtps://user:pw@mail.example:465')).toBe('smtps://mail.example:465');
  });

  it('is refused at start-up when it is not an SMTP address', () => {
    expect(() => readConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => readConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL is not a URL/);
  });
});
