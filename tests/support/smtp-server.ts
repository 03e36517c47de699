import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMailText } from './outbox';

export interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  user: string | null;
  /** The whole message as it arrived (headers included). */
  raw: string;
}

/** A real SMTP server in this process (smtp-server): it keeps what arrives, or refuses while `refusing`. */
export async function startSmtpServer() {
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
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMailText(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((entry) => entry.address),
          subject: parsed.subject,
          text: parsed.text,
          user: typeof session.user === 'string' ? session.user : null,
          raw,
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
