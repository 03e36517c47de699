import { countedMailer } from '../metrics/metrics';
import { tracedMailer } from '../tracing/spans';
import type { MailConfig } from './mail-config';
import type { Mailer } from './mailer';
import { createOutboxMailer, forgetOutboxMail } from './outbox-mailer';
import { createSmtpMailer, smtpServerOf } from './smtp-mailer';

// Which way the product's mail goes, decided in one place for the server and the operator's
// commands: SMTP when SMTP_URL says where; else the embedded default, the outbox folder under
// DATA_DIR, which keeps a copy of each mail.

/** The mailer of these settings, counted and traced. */
export function openMailer(mail: MailConfig, log: (message: string) => void): Mailer {
  if (mail.smtpUrl) {
    log(`mail: sent through ${smtpServerOf(mail.smtpUrl)}`);
    return countedMailer(tracedMailer(createSmtpMailer({ url: mail.smtpUrl, from: mail.from, log })));
  }
  log(`mail: written to the outbox folder ${mail.outboxDir} (nothing is sent)`);
  return countedMailer(tracedMailer(createOutboxMailer({ directory: mail.outboxDir, from: mail.from, log })));
}

/** Forgets the copies that mailer keeps of the mail to `address` (the outbox's; a mail handed to SMTP has left); answers how many. */
export function forgetKeptMail(mail: MailConfig, address: string): Promise<number> {
  return mail.smtpUrl ? Promise.resolve(0) : forgetOutboxMail(mail.outboxDir, address);
}
