import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, forgetOutboxMail } from '../../../src/server/mail/outbox-mailer';

// The embedded default's outbox folder: every mail as a file, and, once an account is erased,
// none of its copies left (docs/personal-data.md, "Deleting your own account").

describe('the outbox folder', () => {
  it("forgets the copies of an erased account's mail, whatever the address's case, and keeps everyone else's", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'tp-outbox-'));
    const mailer = createOutboxMailer({ directory, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} });
    await mailer.send({ to: 'Erased.Person@example.test', subject: 'Your billing is approved', text: 'Approved.' });
    await mailer.send({ to: '"Erased Person" <erased.person@example.test>', subject: 'A new message', text: 'Hello.' });
    await mailer.send({ to: 'erased.person@example.test.other', subject: 'Someone whose address only starts alike', text: 'Hi.' });
    await mailer.send({ to: 'someone-else@example.test', subject: 'Not hers', text: 'Hi.' });
    expect(readdirSync(directory)).toHaveLength(4);

    expect(await forgetOutboxMail(directory, 'erased.person@example.test')).toBe(2);
    const left = readdirSync(directory).map((name) => readFileSync(path.join(directory, name), 'utf8'));
    expect(left.map((text) => /^Subject: (.*)$/m.exec(text)?.[1]).sort()).toEqual(['Not hers', 'Someone whose address only starts alike']);
    expect(await forgetOutboxMail(path.join(directory, 'missing'), 'erased.person@example.test')).toBe(0);
  });
});
