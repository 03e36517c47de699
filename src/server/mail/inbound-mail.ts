import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { errorMessage } from '../../lib/text/error-message';

// The product's own SMTP listener for answers to its mails (replies to a message mail land
// in their conversation). It is meant to sit behind an MX or a provider's inbound relay,
// which accepts mail from the internet, checks SPF, DKIM and DMARC, and hands it on here:
// so no authentication and no TLS of its own. A recipient that is not a live reply address
// is refused at RCPT TO (550), before the body is sent; a mail over the size bound is
// refused (552) and nothing of it is kept; a mail the handler refuses (wrong sender, a
// thread that is gone, nothing left once quotes are cut) gets 550 with the reason. MIME is
// read by mailparser; a body that cannot be read is refused whole, never stored in part.

/** As large as a mail with a few attachments may be: beyond it the mail is refused unread. */
export const INBOUND_MAIL_SIZE_LIMIT = 10 * 1024 * 1024;

/** A file attached to a mail: its name as the sender's client gave it, and its bytes. */
export interface InboundAttachment {
  name: string;
  bytes: Uint8Array;
}

export interface InboundMailHandler {
  acceptsRecipient(address: string): boolean;
  receive(mail: { to: string; from: string; text: string; attachments: InboundAttachment[] }): Promise<{ ok: true } | { ok: false; reason: string }>;
}

export interface InboundMail {
  port: number;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * Whether a multipart of the mail never reaches its closing delimiter ("--boundary--"): the
 * mail was cut off on its way. mailparser reads what there is of the part it stopped in as
 * if it were whole, so the reply would be stored cut off mid-word; refusing it keeps it out.
 * A plain-text body that merely shows such a header line is refused too, which is rare.
 */
function hasUnclosedMultipart(raw: Buffer): boolean {
  const text = raw.toString('latin1');
  for (const [header] of text.matchAll(/^content-type:.*(?:\r?\n[ \t].*)*/gim)) {
    const unfolded = header.replace(/\r?\n[ \t]/g, ' ');
    const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;"]+))/i.exec(unfolded);
    if (/^content-type:\s*multipart\//i.test(unfolded) && boundary && !text.includes(`\n--${boundary[1] ?? boundary[2]}--`)) return true;
  }
  return false;
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startInboundMail(options: { port: number; host: string; handler: InboundMailHandler; log: (message: string) => void; sizeLimit?: number }): Promise<InboundMail> {
  const { handler, log } = options;
  const sizeLimit = options.sizeLimit ?? INBOUND_MAIL_SIZE_LIMIT;
  const server = new SMTPServer({
    banner: 'replies only',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: sizeLimit,
    // Replies trickle in: a flood of connections is not someone answering a message.
    maxClients: 100,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= 1) return callback(smtpError(452, 'One reply address per mail'));
      if (!handler.acceptsRecipient(address.address)) return callback(smtpError(550, 'No such reply address'));
      callback();
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readAll(stream);
        if (stream.sizeExceeded || raw.length > sizeLimit) return callback(smtpError(552, `Message larger than ${sizeLimit} bytes`));
        if (hasUnclosedMultipart(raw)) {
          log('mail: a reply by mail was refused (a multipart part was cut off)');
          return callback(smtpError(550, 'Message could not be read: a part was cut off'));
        }
        const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
        const from = parsed.from?.value[0]?.address ?? '';
        const to = session.envelope.rcptTo[0]?.address ?? '';
        // Files the sender attached, not the pictures an HTML body shows inline (a signature's logo).
        const attachments = parsed.attachments.filter((attachment) => !attachment.related).map((attachment) => ({ name: attachment.filename ?? 'attachment', bytes: new Uint8Array(attachment.content) }));
        const outcome = await handler.receive({ to, from, text: parsed.text ?? '', attachments });
        if (outcome.ok) {
          log(`mail: a reply by mail was added to its conversation`);
          return callback(null, 'Added to the conversation');
        }
        log(`mail: a reply by mail was refused (${outcome.reason})`);
        callback(smtpError(550, `Reply refused: ${outcome.reason}`));
      })().catch((error: unknown) => {
        log(`mail: a reply by mail could not be read (${errorMessage(error)})`);
        callback(smtpError(550, 'Message could not be read'));
      });
    },
  });
  server.on('error', (error) => log(`mail: inbound listener error (${errorMessage(error)})`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  log(`mail: taking replies over SMTP on ${options.host}:${port}`);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
