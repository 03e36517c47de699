import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHeldMessages, type HeldMessages } from '../../../../src/server/api/messages/held-messages';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// A company's message templates and one message to several applications: templates are
// kept by the members who may write to talents, named uniquely in the company, with only
// known merge fields; another company's template is NOT_FOUND. A message to several
// applications reaches each talent in her own thread, its merge fields filled in for her,
// all or none.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const TEMPLATES = '{ findManyMessageTemplate { id name body } }';
const CREATE = 'mutation ($data: MessageTemplateInput!) { createOneMessageTemplate(data: $data) { id name body } }';
const UPDATE = 'mutation ($id: ID!, $data: MessageTemplateInput!) { updateOneMessageTemplate(id: $id, data: $data) { id name body } }';
const DELETE = 'mutation ($id: ID!) { deleteOneMessageTemplate(id: $id) { id } }';
const BULK = 'mutation ($ids: [ID!]!, $data: MessageInput!) { sendCompanyMessages(jobApplicationIds: $ids, data: $data) { id threadId body deliverAt } }';
const UNDO = 'mutation ($ids: [ID!]!) { undoCompanyMessages(ids: $ids) }';
const MY_INBOX = '{ myMessageThreads { items { id messages { body } } } }';
const CLOSE = 'mutation ($id: ID!, $closed: Boolean!) { closeMessageThread(id: $id, closed: $closed) { id } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> } };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const reason = (answer: Answer) => answer.body.errors?.[0]?.extensions?.reason;
const fieldCodes = (answer: Answer) => (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);

async function threadOfIn(f: CompaniesFixture, token: string): Promise<string | null> {
  const items = ((await f.h.call(MY_INBOX, { token })).body.data?.myMessageThreads as { items: Array<{ id: string }> }).items;
  return items[0]?.id ?? null;
}

describeEachDatabase('message templates and one message to several applications', (kind) => {
  let f: CompaniesFixture;
  const talents: Record<string, string> = {};
  const threadOf = (name: string) => threadOfIn(f, talents[name]!);
  const applications: Record<string, string> = {};
  let foreignApplication: string;
  let held: HeldMessages;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    held = createHeldMessages({ db: f.h.database.db, replyAddress: null, listeners: [], log: () => {} });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { talentJobApplication: { read: true } });
    const publish = async (owner: string, companyId: string, title: string) =>
      ((await f.as(owner, CREATE_AD, { data: { title, workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, companyId)).body.data?.createOneJobAd as { id: string }).id;
    const adA = await publish('owner-a', f.a.id, 'Rust engineer');
    const adB = await publish('owner-b', f.b.id, 'Go engineer');
    for (const name of ['Ada', 'Grace']) {
      const token = await f.h.token(name.toLowerCase());
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${name.toLowerCase()}@example.test`, profileName: name } } });
      talents[name] = token;
      applications[name] = ((await f.h.call(APPLY, { token, variables: { data: { jobAdId: adA } } })).body.data?.applyToJobAd as { id: string }).id;
    }
    foreignApplication = ((await f.h.call(APPLY, { token: talents.Ada!, variables: { data: { jobAdId: adB } } })).body.data?.applyToJobAd as { id: string }).id;
  });
  afterAll(async () => {
    held?.stop();
    await f?.h.close();
  });

  it('keeps templates with known merge fields, named once in the company whatever the case; recorded', async () => {
    const created = await f.as('owner-a', CREATE, { data: { name: 'Interview invite', body: 'Hello {talentName}, can we talk about {jobTitle} at {companyName}?' } }, f.a.id);
    expect(created.body.errors).toBeUndefined();
    const template = created.body.data?.createOneMessageTemplate as { id: string };
    expect(reason(await f.as('owner-a', CREATE, { data: { name: 'interview INVITE', body: 'Hi' } }, f.a.id))).toBe('templateNameTaken');
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { name: 'Typo', body: 'Hello {talentname}' } }, f.a.id))).toEqual(['data.body:unknownMergeField']);
    expect(fieldCodes(await f.as('owner-a', CREATE, { data: { name: ' ', body: 'Hi' } }, f.a.id))).toEqual(['data.name:templateNameRequired']);
    expect((await f.as('owner-a', UPDATE, { id: template.id, data: { name: 'Interview', body: 'Hello {talentName}!' } }, f.a.id)).body.data?.updateOneMessageTemplate).toMatchObject({ name: 'Interview' });
    expect((await f.as('owner-a', TEMPLATES, {}, f.a.id)).body.data?.findManyMessageTemplate).toEqual([{ id: template.id, name: 'Interview', body: 'Hello {talentName}!' }]);
    expect((await f.events('messageTemplate.create', template.id))[0]!.toId).toBe(f.a.id);
    expect(await f.events('messageTemplate.update', template.id)).toHaveLength(1);
  });

  it('refuses a role that may not write to talents, and answers NOT_FOUND to another company’s template', async () => {
    const [template] = (await f.as('owner-a', TEMPLATES, {}, f.a.id)).body.data?.findManyMessageTemplate as Array<{ id: string }>;
    expect(code(await f.as('reader-a', TEMPLATES, {}, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('reader-a', CREATE, { data: { name: 'Mine', body: 'Hi' } }, f.a.id))).toBe('FORBIDDEN');
    expect((await f.as('owner-b', TEMPLATES, {}, f.b.id)).body.data?.findManyMessageTemplate).toEqual([]);
    expect(code(await f.as('owner-b', UPDATE, { id: template!.id, data: { name: 'Stolen', body: 'Hi' } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', DELETE, { id: template!.id }, f.b.id))).toBe('NOT_FOUND');
    expect((await f.as('owner-a', DELETE, { id: template!.id }, f.a.id)).body.data?.deleteOneMessageTemplate).toEqual({ id: template!.id });
    expect(await f.events('messageTemplate.delete', template!.id)).toHaveLength(1);
  });

  it('writes one message to several applications, each in its own thread with her name filled in, held back for undo first', async () => {
    const sent = await f.as('owner-a', BULK, { ids: [applications.Ada, applications.Grace], data: { body: 'Hello {talentName}, thanks for applying to {jobTitle} at {companyName}.' } }, f.a.id);
    expect(sent.body.errors).toBeUndefined();
    const messages = sent.body.data?.sendCompanyMessages as Array<{ threadId: string; body: string; deliverAt: string }>;
    // Held: nobody sees it nor is told of it yet.
    expect(new Date(messages[0]!.deliverAt).getTime()).toBeGreaterThan(Date.now());
    expect(((await f.h.call(MY_INBOX, { token: talents.Grace! })).body.data?.myMessageThreads as { items: unknown[] }).items).toEqual([]);
    expect(await held.deliverDue(new Date())).toBe(0);
    expect(await held.deliverDue(new Date(Date.now() + 11_000))).toBe(2);
    expect(await f.events('message.create', (sent.body.data?.sendCompanyMessages as Array<{ id: string }>)[0]!.id)).toHaveLength(1);
    expect(messages.map((each) => each.body)).toEqual(['Hello Ada, thanks for applying to Rust engineer at Company A.', 'Hello Grace, thanks for applying to Rust engineer at Company A.']);
    expect(new Set(messages.map((each) => each.threadId)).size).toBe(2);
    const inbox = (await f.h.call(MY_INBOX, { token: talents.Grace! })).body.data?.myMessageThreads as { items: Array<{ messages: Array<{ body: string }> }> };
    expect(inbox.items[0]!.messages.map((each) => each.body)).toEqual(['Hello Grace, thanks for applying to Rust engineer at Company A.']);
  });

  it('takes a held batch back within its seconds: deleted, the conversations it opened gone, recorded; too late is CONFLICT undoTooLate', async () => {
    await f.memberWithRole('writer-a', f.a.id, 'Writer', { talentJobApplication: { read: true, update: true } });
    const graceThreads = async () => ((await f.h.call(MY_INBOX, { token: talents.Grace! })).body.data?.myMessageThreads as { items: Array<{ messages: unknown[] }> }).items[0]!.messages.length;
    const before = await graceThreads();
    const sent = (await f.as('owner-a', BULK, { ids: [applications.Grace], data: { body: 'Oops, wrong text' } }, f.a.id)).body.data?.sendCompanyMessages as Array<{ id: string }>;
    // Only its sender takes it back, and only in its company.
    const byWriter = await f.as('writer-a', UNDO, { ids: [sent[0]!.id] }, f.a.id);
    expect(reason(byWriter), JSON.stringify(byWriter.body)).toBe('undoTooLate');
    expect(reason(await f.as('owner-b', UNDO, { ids: [sent[0]!.id] }, f.b.id))).toBe('undoTooLate');
    expect((await f.as('owner-a', UNDO, { ids: [sent[0]!.id] }, f.a.id)).body.data?.undoCompanyMessages).toBe(1);
    expect(await held.deliverDue(new Date(Date.now() + 11_000))).toBe(0);
    expect(await graceThreads()).toBe(before);
    expect((await f.events('messageThread.update', (await threadOf('Grace'))!)).filter((row) => row.eventData.action === 'undo')).toHaveLength(1);
    // Once out, it is too late.
    const late = (await f.as('owner-a', BULK, { ids: [applications.Grace], data: { body: 'Final text' } }, f.a.id)).body.data?.sendCompanyMessages as Array<{ id: string }>;
    await held.deliverDue(new Date(Date.now() + 11_000));
    expect(reason(await f.as('owner-a', UNDO, { ids: [late[0]!.id] }, f.a.id))).toBe('undoTooLate');
    expect(await graceThreads()).toBe(before + 1);
  });

  it('sends none when one application is not the company’s or its talent closed the conversation', async () => {
    const count = async () => ((await f.h.call(MY_INBOX, { token: talents.Ada! })).body.data?.myMessageThreads as { items: Array<{ id: string; messages: unknown[] }> }).items;
    const before = (await count()).flatMap((thread) => thread.messages).length;
    expect(code(await f.as('owner-a', BULK, { ids: [applications.Ada, foreignApplication], data: { body: 'Hi' } }, f.a.id))).toBe('NOT_FOUND');
    expect(code(await f.as('reader-a', BULK, { ids: [applications.Ada], data: { body: 'Hi' } }, f.a.id))).toBe('FORBIDDEN');
    const graceThread = ((await f.h.call(MY_INBOX, { token: talents.Grace! })).body.data?.myMessageThreads as { items: Array<{ id: string }> }).items[0]!.id;
    await f.h.call(CLOSE, { token: talents.Grace!, variables: { id: graceThread, closed: true } });
    expect(reason(await f.as('owner-a', BULK, { ids: [applications.Ada, applications.Grace], data: { body: 'Hi again' } }, f.a.id))).toBe('threadClosed');
    expect((await count()).flatMap((thread) => thread.messages).length).toBe(before);
    expect(code(await f.as('owner-a', BULK, { ids: [], data: { body: 'Hi' } }, f.a.id))).toBe('BAD_USER_INPUT');
  });
});
