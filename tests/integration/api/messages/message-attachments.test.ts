import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import { describeEachDatabase } from '../../../support/test-database';
import { docxBytes, pdfBytes, plainZipBytes, pngBytes } from '../../../support/upload-fixtures';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Files sent with a message (the message attachment rule): PDF, pictures and office
// documents by their content, at most three and 10 MB together; stored privately and
// downloadable by the thread's two sides only. A refused set stores neither the message nor
// any file; another company, another talent and a role reading no thread are NOT_FOUND.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const SEND = 'mutation ($jobApplicationId: ID, $data: MessageInput!, $attachments: [File!]) { sendCompanyMessage(jobApplicationId: $jobApplicationId, data: $data, attachments: $attachments) { id threadId attachments { name url contentType size } } }';
const MY_SEND = 'mutation ($threadId: ID, $data: MessageInput!, $attachments: [File!]) { sendMyMessage(threadId: $threadId, data: $data, attachments: $attachments) { id } }';
const FIND = 'query ($messageId: ID!, $key: String!) { findMessageAttachment(messageId: $messageId, key: $key) { name contentType size } }';
const MY_THREAD = 'query ($id: ID!) { myMessageThread(id: $id) { messages { body attachments { name } } } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> } };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const fileCode = (answer: Answer) => (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);
const pdf = (name = 'contract.pdf') => ({ bytes: pdfBytes('Contract'), name, type: 'application/pdf' });
const docx = (name = 'statement.docx') => ({ bytes: docxBytes(), name, type: 'application/octet-stream' });

describeEachDatabase('message attachments', (kind) => {
  let f: CompaniesFixture;
  let folder: string;
  let applicationId: string;
  let talent: { token: string };
  let other: { token: string };
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-message-attachments-'));
    f = await startCompaniesFixture(kind, { storage: await createDiskFileStorage(folder) });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { jobAd: { read: true } });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { talentJobApplication: { read: true } });
    const ad = ((await f.as('owner-a', CREATE_AD, { data: { title: 'Rust engineer', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string }).id;
    const create = async (subject: string) => {
      const token = await f.h.token(subject);
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      return { token };
    };
    talent = await create('ada');
    other = await create('grace');
    applicationId = ((await f.h.call(APPLY, { token: talent.token, variables: { data: { jobAdId: ad } } })).body.data?.applyToJobAd as { id: string }).id;
  });
  afterAll(async () => {
    await f?.h.close();
    await rm(folder, { recursive: true, force: true });
  });

  const asCompany = async (subject: string, companyId: string) => ({ token: await f.h.token(subject), headers: { 'tp-domain': 'company', 'tp-company': companyId } });
  const send = async (subject: string, files: Parameters<CompaniesFixture['h']['uploadFiles']>[3], body = 'The contract, as discussed.') => {
    const { token, headers } = await asCompany(subject, f.a.id);
    return f.h.uploadFiles(SEND, token, 'attachments', files, { jobApplicationId: applicationId, data: { body } }, headers);
  };
  const stored = async () => (await readdir(folder)).length;

  it('sends a PDF and a Word document with a message, by their content, whatever their names say; each side downloads them', async () => {
    const answer = await send('owner-a', [pdf(), docx('statement.bin')]);
    expect(answer.body.errors).toBeUndefined();
    const message = answer.body.data?.sendCompanyMessage as { id: string; threadId: string; attachments: Array<{ name: string; url: string; contentType: string; size: number }> };
    expect(message.attachments.map((file) => [file.name, file.contentType])).toEqual([
      ['contract.pdf', 'application/pdf'],
      ['statement.bin', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(message.attachments[1]!.url).toMatch(new RegExp(`^/api/message-attachments/${message.id}/[0-9a-f-]{36}\\.docx$`));
    expect(await stored()).toBe(2);
    const [event] = (await f.events('message.create', message.id)).filter((row) => row.toId !== f.a.id);
    expect(event!.eventData).toMatchObject({ after: { attachments: 2 } });
    const key = message.attachments[0]!.url.split('/').at(-1)!;
    // The talent reads it (no company selected), and so does a reader of the application at the company.
    expect((await f.h.call(FIND, { token: talent.token, variables: { messageId: message.id, key } })).body.data?.findMessageAttachment).toMatchObject({ name: 'contract.pdf' });
    expect((await f.as('reader-a', FIND, { messageId: message.id, key }, f.a.id)).body.data?.findMessageAttachment).toMatchObject({ name: 'contract.pdf' });
    // Nobody else, whether the file exists or not.
    expect(code(await f.h.call(FIND, { token: other.token, variables: { messageId: message.id, key } }))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', FIND, { messageId: message.id, key }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('blind-a', FIND, { messageId: message.id, key }, f.a.id))).toBe('NOT_FOUND');
    expect(code(await f.h.call(FIND, { token: talent.token, variables: { messageId: message.id, key: '00000000-0000-4000-8000-000000000000.pdf' } }))).toBe('NOT_FOUND');
    expect(code(await f.h.call(FIND, { token: talent.token, variables: { messageId: 'nope', key } }))).toBe('NOT_FOUND');
    // She answers with a picture in the same thread.
    const reply = await f.h.uploadFiles(MY_SEND, talent.token, 'attachments', [{ bytes: await pngBytes(), name: 'signed.png', type: 'image/png' }], { threadId: message.threadId, data: { body: 'Signed.' } });
    expect(reply.body.errors).toBeUndefined();
    const thread = (await f.h.call(MY_THREAD, { token: talent.token, variables: { id: message.threadId } })).body.data?.myMessageThread as { messages: Array<{ attachments: Array<{ name: string }> }> };
    expect(thread.messages.map((each) => each.attachments.map((file) => file.name))).toEqual([['contract.pdf', 'statement.bin'], ['signed.png']]);
  });

  it('refuses a ZIP that is no office document, too many files and too much together: neither the message nor any file is kept', async () => {
    const before = await stored();
    const count = async () => ((await f.as('owner-a', 'query ($id: ID!) { findMessageThread(jobApplicationId: $id) { messages { id } } }', { id: applicationId }, f.a.id)).body.data?.findMessageThread as { messages: unknown[] }).messages.length;
    const messages = await count();
    expect(fileCode(await send('owner-a', [{ bytes: plainZipBytes(), name: 'report.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }]))).toEqual(['attachments:wrongType']);
    expect(fileCode(await send('owner-a', [pdf('1.pdf'), pdf('2.pdf'), pdf('3.pdf'), pdf('4.pdf')]))).toEqual(['attachments:tooManyFiles']);
    const half = new Uint8Array(6 * 1024 * 1024);
    half.set(pdfBytes());
    expect(fileCode(await send('owner-a', [{ bytes: half, name: 'a.pdf', type: 'application/pdf' }, { bytes: half, name: 'b.pdf', type: 'application/pdf' }]))).toEqual(['attachments:tooLargeTogether']);
    // A role that may not write stores nothing either.
    expect(code(await send('reader-a', [pdf()]))).toBe('FORBIDDEN');
    expect(await stored()).toBe(before);
    expect(await count()).toBe(messages);
  });
});
