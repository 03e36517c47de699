import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config';
import { createSmtpMailer, smtpServerOf } from '../../../src/server/mail/smtp-mailer';
import { startSmtpServer } from '../../support/smtp-server';

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
