import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface OutboxMailerOptions {
  /** Folder the messages are written to, one `.eml` file each (e.g. `DATA_DIR/outbox`). */
  directory: string;
  /** The From address. */
  from: string;
  log: (message: string) => void;
}

/**
 * The embedded default: each message becomes a complete MIME file (nodemailer builds
 * it, so it opens in any mail program) in the outbox folder, and a log line names it.
 * A person trying the product on their machine reads what would have been sent there.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | null = null;
  return {
    async send(message) {
      ready ??= mkdir(options.directory, { recursive: true });
      await ready;
      const info = await transport.sendMail({ from: options.from, ...message });
      // Time first, so a listing of the folder is in the order the mail was sent.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.directory, name);
      // Written aside, then renamed: a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      options.log(`mail: written to ${file}`);
    },
  };
}
