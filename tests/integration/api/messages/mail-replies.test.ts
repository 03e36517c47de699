import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailReplies } from '../../../../src/server/api/messages/mail-replies';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { startInboundMail, type InboundMail } from '../../../../src/server/mail/inbound-mail';
import { createReplyAddress } from '../../../../src/server/mail/reply-address';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import { pdfBytes, plainZipBytes } from '../../../support/upload-fixtures';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Answering a message from a mail client: the company's message is mailed to the talent with
// its words and an address unique to the thread and her; an SMTP client answering it to the
// product's own SMTP listener lands in the thread with the quoted history cut off. A wrong
// address is refused at RCPT TO, a sender who does not own the address, an oversized mail and
// a mail that is only quotes are refused, and nothing of them is stored.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const SEND = 'mutation ($jobApplicationId: ID!, $data: MessageInput!) { sendCompanyMessage(jobApplicationId: $jobApplicationId, data: $data) { id } }';
const THREAD = 'query ($jobApplicationId: ID!) { findMessageThread(jobApplicationId: $jobApplicationId) { id unreadCount messages { body fromCompany } } }';

describeEachDatabase('replies to message mails, over SMTP', (kind) => {
  let f: CompaniesFixture;
  let inbound: InboundMail;
  let applicationId: string;
  let folder: string;
  const mailed: MailMessage[] = [];
  const replyAddress = createReplyAddress(randomBytes(32).toString('base64url'), 'replies.talentplace.test');
  const talentEmail = 'ada@example.test';

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-mail-replies-'));
    const storage = await createDiskFileStorage(folder);
    f = await startCompaniesFixture(kind, { mail: { mailer: { send: async (message) => void mailed.push(message) } }, replyAddress, storage });
    inbound = await startInboundMail({ port: 0, host: '127.0.0.1', handler: createMailReplies({ db: f.h.database.db, replyAddress, storage, listeners: f.h.eventMail ? [f.h.eventMail] : [] }), log: () => {}, sizeLimit: 64 * 1024 });
    const ad = ((await f.as('owner-a', CREATE_AD, { data: { title: 'Rust engineer', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string }).id;
    const token = await f.h.token('ada', { email: talentEmail, emailVerified: true });
    await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: talentEmail, profileName: 'Ada' } } });
    applicationId = ((await f.h.call(APPLY, { token, variables: { data: { jobAdId: ad } } })).body.data?.applyToJobAd as { id: string }).id;
  });
  afterAll(async () => {
    await inbound?.close();
    await f?.h.close();
    await rm(folder, { recursive: true, force: true });
  });

  const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true });
  const messages = async () => ((await f.as('owner-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { messages: Array<{ body: string; fromCompany: boolean }> }).messages;

  it('mails the message to the talent with its words, an address of the thread and threading headers', async () => {
    await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Can you start in March?' } }, f.a.id);
    await f.h.eventMail!.settled();
    const mail = mailed.find((each) => each.to === talentEmail)!;
    expect(mail.subject).toBe('Company A sent you a message about Rust engineer');
    expect(mail.text.startsWith('Can you start in March?\n\n--\n')).toBe(true);
    expect(mail.replyTo).toMatch(/^reply\+[A-Za-z0-9_-]{64}@replies\.talentplace\.test$/);
    const thread = (await f.as('owner-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { id: string };
    expect(replyAddress.read(mail.replyTo!)).toEqual({ threadId: thread.id, userId: await f.userId('ada') });
    expect(mail.references).toBe(`<thread-${thread.id}@replies.talentplace.test>`);
    expect(mail.messageId).toMatch(/^<message-[0-9a-f-]{36}@replies\.talentplace\.test>$/);
  });

  it('adds an answer from her mail client to the thread, the quoted history cut off, unread for the company', async () => {
    const mail = mailed.find((each) => each.to === talentEmail)!;
    await transport().sendMail({
      from: `Ada <${talentEmail}>`,
      to: mail.replyTo,
      subject: `Re: ${mail.subject}`,
      inReplyTo: mail.messageId,
      text: `Yes, March works.\n\nOn Sun, 29 Nov 2026, Company A <${mail.replyTo}> wrote:\n> Can you start in March?\n`,
    });
    expect((await messages()).map((each) => [each.body, each.fromCompany])).toEqual([
      ['Can you start in March?', true],
      ['Yes, March works.', false],
    ]);
    const inbox = (await f.as('owner-a', '{ findManyMessageThread(unread: true) { items { unreadCount } } }', {}, f.a.id)).body.data?.findManyMessageThread as { items: Array<{ unreadCount: number }> };
    expect(inbox.items).toEqual([{ unreadCount: 1 }]);
  });

  it('mails her answer to the member who wrote, who answers it from his mail client as the company; a member whose role may not write is refused', async () => {
    await f.h.eventMail!.settled();
    const ownerEmail = 'owner-a@example.test';
    const mail = mailed.find((each) => each.to === ownerEmail && each.subject === 'Ada wrote to Company A about Rust engineer')!;
    expect(mail.text.startsWith('Yes, March works.\n\n--\n')).toBe(true);
    const thread = (await f.as('owner-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { id: string };
    expect(replyAddress.read(mail.replyTo!)).toEqual({ threadId: thread.id, userId: await f.userId('owner-a') });
    await transport().sendMail({ from: ownerEmail, to: mail.replyTo, subject: `Re: ${mail.subject}`, text: `Great, see you then.\n\nOn Sun, 29 Nov 2026, Ada wrote:\n> Yes, March works.\n` });
    expect((await messages()).at(-1)).toEqual({ body: 'Great, see you then.', fromCompany: true });
    // A member whose role reads applications but may not update them cannot write by mail either.
    const reader = await f.memberWithRole('mail-reader', f.a.id, 'Mail reader', { talentJobApplication: { read: true } });
    const before = (await messages()).length;
    await expect(transport().sendMail({ from: 'mail-reader@example.test', to: replyAddress.addressFor(thread.id, reader.userId), subject: 'Re', text: 'Sneaking in' })).rejects.toMatchObject({ responseCode: 550 });
    // Nor someone of another company with a forged address of this thread.
    await f.as('owner-b', '{ findMe { id } }');
    await expect(transport().sendMail({ from: 'owner-b@example.test', to: replyAddress.addressFor(thread.id, await f.userId('owner-b')), subject: 'Re', text: 'Not my company' })).rejects.toMatchObject({ responseCode: 550 });
    expect(await messages()).toHaveLength(before);
  });

  it('keeps the files attached to an answer by the message attachment rule, and refuses the whole mail when one is refused', async () => {
    const mail = mailed.find((each) => each.to === talentEmail)!;
    await transport().sendMail({ from: talentEmail, to: mail.replyTo, subject: 'Re', text: 'My signed copy.', attachments: [{ filename: 'signed.pdf', content: pdfBytes('Signed') }] });
    const THREAD_FILES = 'query ($jobApplicationId: ID!) { findMessageThread(jobApplicationId: $jobApplicationId) { messages { body attachments { name contentType } } } }';
    const files = async () => ((await f.as('owner-a', THREAD_FILES, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { messages: Array<{ body: string; attachments: unknown[] }> }).messages;
    expect((await files()).at(-1)).toEqual({ body: 'My signed copy.', attachments: [{ name: 'signed.pdf', contentType: 'application/pdf' }] });
    const before = (await files()).length;
    const kept = (await readdir(folder)).length;
    await expect(
      transport().sendMail({ from: talentEmail, to: mail.replyTo, subject: 'Re', text: 'And a script.', attachments: [{ filename: 'run.docx', content: Buffer.from(plainZipBytes()) }] }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await files()).toHaveLength(before);
    expect((await readdir(folder)).length).toBe(kept);
  });

  it('refuses an address that is not a live reply address at RCPT TO, and another sender, a quote-only mail and an oversized one after DATA; nothing is stored', async () => {
    const mail = mailed.find((each) => each.to === talentEmail)!;
    const before = (await messages()).length;
    const at = mail.replyTo!.indexOf('@');
    const forged = `${mail.replyTo!.slice(0, at - 2)}xx${mail.replyTo!.slice(at)}`;
    await expect(transport().sendMail({ from: talentEmail, to: forged, subject: 'Hi', text: 'Forged' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(transport().sendMail({ from: 'mallory@example.test', to: mail.replyTo, subject: 'Re', text: 'Not Ada' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(transport().sendMail({ from: talentEmail, to: mail.replyTo, subject: 'Re', text: 'On Sun, Company A wrote:\n> Can you start in March?\n' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(transport().sendMail({ from: talentEmail, to: mail.replyTo, subject: 'Re', text: 'x'.repeat(80 * 1024) })).rejects.toMatchObject({ responseCode: 552 });
    expect(await messages()).toHaveLength(before);
    // Malformed MIME: a multipart whose parts never come is refused, nothing stored.
    await expect(transport().sendMail({ envelope: { from: talentEmail, to: mail.replyTo! }, raw: `From: ${talentEmail}\r\nTo: ${mail.replyTo}\r\nContent-Type: multipart/mixed; boundary="nothing"\r\n\r\nno parts here\r\n` })).rejects.toMatchObject({ responseCode: 550 });
    expect(await messages()).toHaveLength(before);
    // A charset nobody knows: the text is read as it stands, whole, or refused whole.
    await transport().sendMail({ envelope: { from: talentEmail, to: mail.replyTo! }, raw: `From: ${talentEmail}\r\nTo: ${mail.replyTo}\r\nContent-Type: text/plain; charset=no-such-charset\r\n\r\nStill fine\r\n` }).catch(() => undefined);
    const after = await messages();
    expect(after.length === before || after.at(-1)?.body === 'Still fine').toBe(true);
  });
});
