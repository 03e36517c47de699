import { parseArgs } from 'node:util';
import { runCommand } from '../../process/command-line';
import { readConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { openMailer } from '../../mail/open-mailer';
import { createDiskFileStorage } from '../../storage/disk-file-storage';
import { applyRetention, describeRetentionRun, retentionDue } from './retention-work';

// `npm run retention`: the queue's daily retention job, once, now, for an operator (after
// shortening a company's periods, or to check what tonight's run will do with --preview). It
// uses the server's settings and database, and migrates nothing: it reads a database the server
// has already set up. Safe beside the server's own schedule: each step takes only what is due.

const usage = `Usage: npm run retention -- [--preview]

Applies the retention rule (docs/personal-data.md, "Retention") once, now, as the queue's
daily job does: ends the pool agreements past their period, erases the ended applications past
their company's period, and mails the renewal reminders (SMTP_URL, else the outbox folder).

  --preview   change nothing: list, per company, what a run now would erase and end

Environment: as for the server (DATABASE_URL, DATA_DIR, EMBEDDED_DATABASE, UPLOADS_DIR,
SMTP_URL, PUBLIC_ORIGIN). The embedded PostgreSQL server is joined while the server runs;
PGlite (EMBEDDED_DATABASE=pglite) cannot be shared: stop the server first.
`;

/** "1 ended application", "2 ended applications": the operator's output is English, as the other commands'. */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h', default: false }, preview: { type: 'boolean', default: false } }, strict: true, allowPositionals: false });
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  const config = readConfig();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embedded: config.embeddedDatabase, log });
  try {
    const now = new Date();
    if (values.preview) {
      const due = await retentionDue(database.db, now);
      if (!due.length) process.stdout.write('retention: nothing is due now\n');
      for (const company of due) process.stdout.write(`${company.companyName}: ${counted(company.applications, 'ended application')} to erase, ${counted(company.agreements, 'pool agreement')} to end\n`);
      return 0;
    }
    const mailer = openMailer(config.mail, log);
    const storage = await createDiskFileStorage(config.uploadsDir);
    const site = { origin: config.publicOrigin, productName: config.site.productName };
    const run = await applyRetention({ db: database.db, storage, site, sendMail: (message) => mailer.send(message) }, now);
    process.stdout.write(`${describeRetentionRun(run)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('retention', main, usage);
