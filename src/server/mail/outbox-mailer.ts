import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/**
 * Deletes the outbox's copies of the mail to `address` (its account was erased): each `.eml`
 * whose To header names it, whatever its case. Answers how many went; a missing folder holds none.
 */
export async function forgetOutboxMail(directory: string, address: string): Promise<number> {
  const wanted = address.trim().toLowerCase();
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  let forgotten = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(directory, name);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    // The header block, with folded lines joined (RFC 5322 2.2.3).
    const headers = text.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const to = /^to:(.*)$/im.exec(headers)?.[1]?.toLowerCase() ?? '';
    if (!to.split(/[,<>\s]+/).includes(wanted)) continue;
    await rm(file, { force: true });
    forgotten += 1;
  }
  return forgotten;
}
