import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** Where answers go (a message mail's reply address); empty when the mail names none. */
  replyTo: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes an RFC 2047 header (nodemailer encodes non-ASCII subjects); the white space between two encoded words is no part of the text. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** One single-part text mail as the outbox mailer writes it (nodemailer's MIME output). */
export function parseMail(file: string): OutboxMail {
  return parseMailText(readFileSync(file, 'utf8'), file);
}

/** The same from the message itself, e.g. as an SMTP server received it (CRLF lines). */
export function parseMailText(message: string, file = ''): OutboxMail {
  const raw = message.replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file, to: header('To'), subject: decodeHeader(header('Subject')), text, replyTo: header('Reply-To') };
}

/** Every mail in an outbox folder, oldest first. */
export function readOutbox(directory: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((name) => parseMail(path.join(directory, name)));
}

/** The newest mail to an address, waiting briefly for it to arrive. */
export async function waitForMail(directory: string, to: string, options: { subject?: RegExp; timeoutMs?: number } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const found = readOutbox(directory)
      .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && (!options.subject || options.subject.test(mail.subject)))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${directory}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first address in a mail's text that starts with the given prefix. */
export function linkIn(mail: OutboxMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in "${mail.subject}"`);
  return link;
}
