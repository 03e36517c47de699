import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobAd, talentInvitation, talentJobApplication } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Messages between a company and a talent about an application: the company writes (opening
// the thread), the talent reads and answers, each side's unread count follows what the other
// wrote; every id of another company, another talent or another thread answers NOT_FOUND, a
// role without the application's permissions is FORBIDDEN, and each message is an event
// addressed to the other side.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const THREAD = 'query ($jobApplicationId: ID!) { findMessageThread(jobApplicationId: $jobApplicationId) { id unreadCount jobTitle talentName messages { body fromCompany isMine authorName } } }';
const INBOX = 'query ($unread: Boolean) { findManyMessageThread(unread: $unread) { total items { id unreadCount jobApplicationId } } }';
const SEND = 'mutation ($jobApplicationId: ID!, $data: MessageInput!) { sendCompanyMessage(jobApplicationId: $jobApplicationId, data: $data) { id body fromCompany isMine } }';
const MY_INBOX = 'query ($unread: Boolean) { myMessageThreads(unread: $unread) { total items { id unreadCount companyName jobTitle } } }';
const MY_THREAD = 'query ($id: ID!) { myMessageThread(id: $id) { id unreadCount messages { body fromCompany isMine } } }';
const MY_SEND = 'mutation ($threadId: ID, $jobApplicationId: ID, $data: MessageInput!) { sendMyMessage(threadId: $threadId, jobApplicationId: $jobApplicationId, data: $data) { id fromCompany } }';
const MARK = 'mutation ($id: ID!) { markMessageThreadRead(id: $id) { id unreadCount } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> } };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const fieldCodes = (answer: Answer) => (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);

describeEachDatabase('messages between a company and a talent', (kind) => {
  let f: CompaniesFixture;
  let talent: { token: string; id: string };
  let other: { token: string; id: string };
  let applicationId: string;
  let otherApplicationId: string;
  let bApplicationId: string;
  let threadId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { talentJobApplication: { read: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { jobAd: { read: true } });
    const publish = async (owner: string, companyId: string, title: string) =>
      ((await f.as(owner, CREATE_AD, { data: { title, workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, companyId)).body.data?.createOneJobAd as { id: string }).id;
    const adA = await publish('owner-a', f.a.id, 'Rust engineer');
    const adB = await publish('owner-b', f.b.id, 'Go engineer');
    const create = async (subject: string) => {
      const token = await f.h.token(subject);
      const created = await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      return { token, id: (created.body.data?.createOneTalentProfile as { id: string }).id };
    };
    const apply = async (who: { token: string }, jobAdId: string) => ((await f.h.call(APPLY, { token: who.token, variables: { data: { jobAdId } } })).body.data?.applyToJobAd as { id: string }).id;
    talent = await create('ada');
    other = await create('grace');
    applicationId = await apply(talent, adA);
    bApplicationId = await apply(talent, adB);
    otherApplicationId = await apply(other, adA);
  });
  afterAll(() => f.h.close());

  const mine = (who: { token: string }, query: string, variables: Record<string, unknown> = {}) => f.h.call(query, { token: who.token, variables });

  it('has no thread before anyone writes; the company opens it with its first message, recorded for the talent', async () => {
    expect((await f.as('owner-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread).toBeNull();
    const sent = await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: '  Can you start in March?\r\nWe are flexible.  ' } }, f.a.id);
    expect(sent.body.errors).toBeUndefined();
    const message = sent.body.data?.sendCompanyMessage as { id: string; body: string; fromCompany: boolean; isMine: boolean };
    expect(message).toMatchObject({ body: 'Can you start in March?\nWe are flexible.', fromCompany: true, isMine: true });
    const [event] = await f.events('message.create', message.id);
    expect(event!.toId).toBe(await f.userId('ada'));
    expect(event!.eventData).toMatchObject({ companyId: f.a.id, jobApplicationId: applicationId, fromCompany: true, after: { length: 40 } });
    expect(JSON.stringify(event!.eventData)).not.toContain('March');
    const thread = (await f.as('reader-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { id: string; unreadCount: number; jobTitle: string; messages: Array<{ isMine: boolean; authorName: string }> };
    threadId = thread.id;
    expect(thread).toMatchObject({ unreadCount: 0, jobTitle: 'Rust engineer' });
    expect(thread.messages[0]!.isMine).toBe(false);
  });

  it('the talent sees it unread in her inbox, reads it, and answers in the thread; the company sees her answer unread', async () => {
    const inbox = (await mine(talent, MY_INBOX)).body.data?.myMessageThreads as { total: number; items: Array<{ id: string; unreadCount: number; companyName: string }> };
    expect(inbox.items).toEqual([expect.objectContaining({ id: threadId, unreadCount: 1, companyName: 'Company A' })]);
    expect(((await mine(talent, MY_INBOX, { unread: true })).body.data?.myMessageThreads as { total: number }).total).toBe(1);
    expect((await mine(talent, MARK, { id: threadId })).body.data?.markMessageThreadRead).toEqual({ id: threadId, unreadCount: 0 });
    expect(((await mine(talent, MY_INBOX, { unread: true })).body.data?.myMessageThreads as { total: number }).total).toBe(0);
    const answer = await mine(talent, MY_SEND, { threadId, data: { body: 'Yes, March works.' } });
    const reply = answer.body.data?.sendMyMessage as { id: string; fromCompany: boolean };
    expect(reply.fromCompany).toBe(false);
    // Recorded for the company, and a copy for each member taking part: owner-a wrote in it and owns the ad; reader-a only reads.
    const events = await f.events('message.create', reply.id);
    expect(events.map((each) => each.toId).sort()).toEqual([f.a.id, await f.userId('owner-a')].sort());
    expect(events.find((each) => each.toId !== f.a.id)!.eventData).toMatchObject({ memberCopy: true, fromCompany: false, threadId });
    const NOTIFICATIONS = '{ myNotifications { items { type fromCompany talentName companyName title threadId } } }';
    const bell = (await f.as('owner-a', NOTIFICATIONS)).body.data?.myNotifications as { items: Array<Record<string, unknown>> };
    expect(bell.items.filter((each) => each.type === 'message.create')).toEqual([{ type: 'message.create', fromCompany: false, talentName: 'ada', companyName: 'Company A', title: 'Rust engineer', threadId }]);
    expect(((await f.as('reader-a', NOTIFICATIONS)).body.data?.myNotifications as { items: Array<{ type: string }> }).items.filter((each) => each.type === 'message.create')).toEqual([]);
    const companyInbox = (await f.as('reader-a', INBOX, { unread: true }, f.a.id)).body.data?.findManyMessageThread as { total: number; items: Array<{ unreadCount: number; jobApplicationId: string }> };
    expect(companyInbox.items).toEqual([expect.objectContaining({ unreadCount: 1, jobApplicationId: applicationId })]);
    // Read by one member, still unread for another: each reads for themselves.
    await f.as('reader-a', MARK, { id: threadId }, f.a.id);
    expect(((await f.as('reader-a', INBOX, { unread: true }, f.a.id)).body.data?.findManyMessageThread as { total: number }).total).toBe(0);
    expect(((await f.as('owner-a', INBOX, { unread: true }, f.a.id)).body.data?.findManyMessageThread as { total: number }).total).toBe(1);
    // A colleague's message is not news to the company's side: only the talent's are.
    await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Noted, thanks.' } }, f.a.id);
    expect(((await f.as('reader-a', INBOX, { unread: true }, f.a.id)).body.data?.findManyMessageThread as { total: number }).total).toBe(0);
    expect(((await mine(talent, MY_INBOX, { unread: true })).body.data?.myMessageThreads as { total: number }).total).toBe(1);
    await mine(talent, MARK, { id: threadId });
  });

  it('lets the talent open a thread about her own application, never about anyone else’s', async () => {
    const opened = await mine(talent, MY_SEND, { jobApplicationId: bApplicationId, data: { body: 'Is the role open to remote work?' } });
    expect(opened.body.errors).toBeUndefined();
    // Nobody at company B wrote yet: the ad's owner hears of it.
    const events = await f.events('message.create', (opened.body.data?.sendMyMessage as { id: string }).id);
    expect(events.map((each) => each.toId).sort()).toEqual([f.b.id, await f.userId('owner-b')].sort());
    expect(((await f.as('owner-b', INBOX, {}, f.b.id)).body.data?.findManyMessageThread as { total: number }).total).toBe(1);
    expect(code(await mine(talent, MY_SEND, { jobApplicationId: otherApplicationId, data: { body: 'Hi' } }))).toBe('NOT_FOUND');
    expect(code(await mine(talent, MY_SEND, { data: { body: 'Hi' } }))).toBe('BAD_USER_INPUT');
  });

  it('tells the talent about the conversation of one of her applications: none yet, then its thread; another’s is NOT_FOUND', async () => {
    const START = 'query ($jobApplicationId: ID!) { myApplicationMessageThread(jobApplicationId: $jobApplicationId) { companyName jobTitle thread { id } } }';
    const fresh = await mine(other, START, { jobApplicationId: otherApplicationId });
    expect(fresh.body.data?.myApplicationMessageThread).toEqual({ companyName: 'Company A', jobTitle: 'Rust engineer', thread: null });
    expect((await mine(talent, START, { jobApplicationId: applicationId })).body.data?.myApplicationMessageThread).toMatchObject({ thread: { id: threadId } });
    expect(code(await mine(talent, START, { jobApplicationId: otherApplicationId }))).toBe('NOT_FOUND');
  });

  it('writes about an invitation the company sent: a thread of its own, talentInvitation read and update, another company’s NOT_FOUND', async () => {
    const db = f.h.database.db;
    const [adA] = await db.select({ id: jobAd.id }).from(jobAd).where(eq(jobAd.title, 'Rust engineer'));
    const [invitation] = await db.insert(talentInvitation).values({ talentProfileId: other.id, jobAdId: adA!.id, companyId: f.a.id }).returning({ id: talentInvitation.id });
    const SEND_ABOUT = 'mutation ($talentInvitationId: ID, $data: MessageInput!) { sendCompanyMessage(talentInvitationId: $talentInvitationId, data: $data) { id threadId } }';
    const FIND_ABOUT = 'query ($talentInvitationId: ID) { findMessageThread(talentInvitationId: $talentInvitationId) { id jobTitle talentInvitationId } }';
    expect(code(await f.as('owner-b', SEND_ABOUT, { talentInvitationId: invitation!.id, data: { body: 'Not yours' } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('reader-a', SEND_ABOUT, { talentInvitationId: invitation!.id, data: { body: 'No invitation rights' } }, f.a.id))).toBe('FORBIDDEN');
    const sent = (await f.as('owner-a', SEND_ABOUT, { talentInvitationId: invitation!.id, data: { body: 'Shall we talk about the role?' } }, f.a.id)).body.data?.sendCompanyMessage as { threadId: string };
    expect((await f.as('owner-a', FIND_ABOUT, { talentInvitationId: invitation!.id }, f.a.id)).body.data?.findMessageThread).toEqual({ id: sent.threadId, jobTitle: 'Rust engineer', talentInvitationId: invitation!.id });
    // Grace reads it in her messages and may answer in the thread the company opened.
    const inbox = (await mine(other, MY_INBOX)).body.data?.myMessageThreads as { items: Array<{ id: string; jobTitle: string }> };
    expect(inbox.items).toEqual([expect.objectContaining({ id: sent.threadId, jobTitle: 'Rust engineer' })]);
    expect((await mine(other, MY_SEND, { threadId: sent.threadId, data: { body: 'Gladly.' } })).body.errors).toBeUndefined();
    // A role reading applications only does not see the invitation's thread in the inbox.
    const readerInbox = (await f.as('reader-a', INBOX, {}, f.a.id)).body.data?.findManyMessageThread as { items: Array<{ id: string }> };
    expect(readerInbox.items.map((each) => each.id)).not.toContain(sent.threadId);
    expect((await f.as('owner-a', INBOX, {}, f.a.id)).body.data?.findManyMessageThread).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ id: sent.threadId })]) });
  });

  it('finds a thread by its id among the company’s own (a notification’s link); another company’s is NOT_FOUND', async () => {
    const BY_ID = 'query ($id: ID) { findMessageThread(id: $id) { id jobApplicationId } }';
    expect((await f.as('reader-a', BY_ID, { id: threadId }, f.a.id)).body.data?.findMessageThread).toEqual({ id: threadId, jobApplicationId: applicationId });
    expect(code(await f.as('owner-b', BY_ID, { id: threadId }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('blind-a', BY_ID, { id: threadId }, f.a.id))).toBe('FORBIDDEN');
  });

  it('answers NOT_FOUND to every id of another company, another talent or nothing, and changes nothing', async () => {
    expect(code(await f.as('owner-b', THREAD, { jobApplicationId: applicationId }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', SEND, { jobApplicationId: applicationId, data: { body: 'Poaching' } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', MARK, { id: threadId }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await mine(other, MY_THREAD, { id: threadId }))).toBe('NOT_FOUND');
    expect(code(await mine(other, MY_SEND, { threadId, data: { body: 'Hello' } }))).toBe('NOT_FOUND');
    expect(code(await mine(other, MARK, { id: threadId }))).toBe('NOT_FOUND');
    expect(code(await mine(talent, MY_THREAD, { id: 'not-an-id' }))).toBe('NOT_FOUND');
    expect(((await mine(other, MY_INBOX)).body.data?.myMessageThreads as { items: Array<{ id: string }> }).items.map((each) => each.id)).not.toContain(threadId);
    const thread = (await mine(talent, MY_THREAD, { id: threadId })).body.data?.myMessageThread as { messages: unknown[] };
    expect(thread.messages).toHaveLength(3);
  });

  it('lets a side close the conversation to the other and open it again; the other side can neither write nor reopen it; recorded', async () => {
    const CLOSE = 'mutation ($id: ID!, $closed: Boolean!) { closeMessageThread(id: $id, closed: $closed) { id closedBy } }';
    expect((await mine(talent, CLOSE, { id: threadId, closed: true })).body.data?.closeMessageThread).toEqual({ id: threadId, closedBy: 'talent' });
    const refused = await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Still there?' } }, f.a.id);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'threadClosed' });
    expect((await f.as('owner-a', CLOSE, { id: threadId, closed: false }, f.a.id)).body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'threadClosed' });
    expect(code(await f.as('owner-b', CLOSE, { id: threadId, closed: true }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await mine(other, CLOSE, { id: threadId, closed: false }))).toBe('NOT_FOUND');
    // She may still write in a conversation she closed, and open it again.
    expect((await mine(talent, MY_SEND, { threadId, data: { body: 'One last word.' } })).body.errors).toBeUndefined();
    expect((await mine(talent, CLOSE, { id: threadId, closed: false })).body.data?.closeMessageThread).toEqual({ id: threadId, closedBy: null });
    expect((await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Thanks for opening it again.' } }, f.a.id)).body.errors).toBeUndefined();
    expect(await f.events('messageThread.update', threadId)).toHaveLength(2);
  });

  it('needs talentJobApplication read to read and update too to write: FORBIDDEN otherwise', async () => {
    expect(code(await f.as('blind-a', INBOX, {}, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('blind-a', THREAD, { jobApplicationId: applicationId }, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('reader-a', SEND, { jobApplicationId: applicationId, data: { body: 'Hi' } }, f.a.id))).toBe('FORBIDDEN');
  });

  it('narrows the company inbox to a job ad and to the hiring step of the application', async () => {
    const FILTERED = 'query ($about: MessageThreadAbout, $jobAdId: ID, $hiringStepId: ID) { findManyMessageThread(about: $about, jobAdId: $jobAdId, hiringStepId: $hiringStepId) { total items { id } } }';
    const db = f.h.database.db;
    const [adA] = await db.select({ id: jobAd.id }).from(jobAd).where(eq(jobAd.title, 'Rust engineer'));
    const [application] = await db.select({ step: talentJobApplication.companyHiringStepId }).from(talentJobApplication).where(eq(talentJobApplication.id, applicationId));
    const ids = async (variables: Record<string, unknown>) => ((await f.as('owner-a', FILTERED, variables, f.a.id)).body.data?.findManyMessageThread as { items: Array<{ id: string }> }).items.map((each) => each.id);
    expect(await ids({ jobAdId: adA!.id })).toContain(threadId);
    expect(await ids({ jobAdId: adA!.id, about: 'INVITATION' })).not.toContain(threadId);
    // A new application starts in the company's first step.
    expect(application?.step).toEqual(expect.any(String));
    expect(await ids({ hiringStepId: application!.step })).toEqual([threadId]);
  });

  it('refuses an empty, an over-long and a control-character message beside its field, writing nothing', async () => {
    const before = ((await mine(talent, MY_THREAD, { id: threadId })).body.data?.myMessageThread as { messages: unknown[] }).messages.length;
    expect(fieldCodes(await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: '   ' } }, f.a.id))).toEqual(['data.body:bodyRequired']);
    expect(fieldCodes(await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'x'.repeat(5001) } }, f.a.id))).toEqual(['data.body:bodyTooLong']);
    expect(fieldCodes(await mine(talent, MY_SEND, { threadId, data: { body: 'a\u0007b' } }))).toEqual(['data.body:controlCharacters']);
    const thread = (await mine(talent, MY_THREAD, { id: threadId })).body.data?.myMessageThread as { messages: unknown[] };
    expect(thread.messages).toHaveLength(before);
  });
});

describeEachDatabase('messages: the sender’s allowance', (kind) => {
  let f: CompaniesFixture;
  let applicationId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind, { messagesPerWindow: 2 });
    const ad = ((await f.as('owner-a', CREATE_AD, { data: { title: 'Busy role', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string }).id;
    const token = await f.h.token('busy');
    await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: 'busy@example.test', profileName: 'Busy' } } });
    applicationId = ((await f.h.call(APPLY, { token, variables: { data: { jobAdId: ad } } })).body.data?.applyToJobAd as { id: string }).id;
  });
  afterAll(() => f.h.close());

  it('refuses a sender past the allowance with TOO_MANY_REQUESTS (tooManyMessages), writing nothing', async () => {
    for (const body of ['One', 'Two']) expect((await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body } }, f.a.id)).body.errors).toBeUndefined();
    const third = await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Three' } }, f.a.id);
    expect(third.body.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'tooManyMessages' });
    const thread = (await f.as('owner-a', THREAD, { jobApplicationId: applicationId }, f.a.id)).body.data?.findMessageThread as { messages: Array<{ body: string }> };
    expect(thread.messages.map((each) => each.body)).toEqual(['One', 'Two']);
  });
});
