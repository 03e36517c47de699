import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://host:465. */
  url: string;
  /** The From address. */
  from: string;
  log: (message: string) => void;
}

/** Where an SMTP address points, without its user name or password: for logs. */
export function smtpServerOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * The production twin of the outbox: each message goes to the SMTP server of SMTP_URL
 * through nodemailer (one connection per message, so a server that restarts costs no
 * more than one failed send, which the caller retries). Timeouts keep a silent server
 * from holding a send for minutes.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const server = smtpServerOf(options.url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      options.log(`mail: sent through ${server} (${info.messageId})`);
    },
    close: () => transport.close(),
  };
}
