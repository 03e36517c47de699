import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobAssignment } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Messages about an assignment: each company taking part (client, provider, sales) talks
// with the talent in its own thread, under jobAssignment read (to read) and update (to
// write); a company not taking part, a role without the permission and another talent are
// refused; the talent finds the threads of one assignment and answers in them, but never
// opens one herself.

const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const SEND = 'mutation ($jobAssignmentId: ID, $data: MessageInput!) { sendCompanyMessage(jobAssignmentId: $jobAssignmentId, data: $data) { id threadId } }';
const FIND = 'query ($jobAssignmentId: ID) { findMessageThread(jobAssignmentId: $jobAssignmentId) { id jobAssignmentId jobApplicationId messages { body } } }';
const INBOX = '{ findManyMessageThread { total items { id jobAssignmentId } } }';
const MY_INBOX = 'query ($jobAssignmentId: ID) { myMessageThreads(jobAssignmentId: $jobAssignmentId) { total items { id companyName jobAssignmentId } } }';
const MY_SEND = 'mutation ($threadId: ID, $data: MessageInput!) { sendMyMessage(threadId: $threadId, data: $data) { id fromCompany } }';
const CLOSE = 'mutation ($id: ID!, $closed: Boolean!) { closeMessageThread(id: $id, closed: $closed) { closedBy } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> } };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

describeEachDatabase('messages about an assignment', (kind) => {
  let f: CompaniesFixture;
  let talent: { token: string; id: string };
  let other: { token: string; id: string };
  let assignmentId: string;
  let soloAssignmentId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('assignment-reader-a', f.a.id, 'Assignments reader', { jobAssignment: { read: true } });
    await f.memberWithRole('applications-a', f.a.id, 'Applications', { talentJobApplication: { read: true, update: true } });
    const create = async (subject: string) => {
      const token = await f.h.token(subject);
      const created = await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      return { token, id: (created.body.data?.createOneTalentProfile as { id: string }).id };
    };
    talent = await create('lin');
    other = await create('mae');
    const db = f.h.database.db;
    // Company A is the client and company B the provider of Lin's assignment; A alone is in the second.
    const [shared] = await db.insert(jobAssignment).values({ talentProfileId: talent.id, clientCompanyId: f.a.id, providerCompanyId: f.b.id }).returning({ id: jobAssignment.id });
    const [solo] = await db.insert(jobAssignment).values({ talentProfileId: other.id, clientCompanyId: f.a.id }).returning({ id: jobAssignment.id });
    assignmentId = shared!.id;
    soloAssignmentId = solo!.id;
  });
  afterAll(() => f.h.close());

  const mine = (who: { token: string }, query: string, variables: Record<string, unknown> = {}) => f.h.call(query, { token: who.token, variables });

  it('gives each company taking part its own thread with the talent, recorded for her', async () => {
    const fromA = await f.as('owner-a', SEND, { jobAssignmentId: assignmentId, data: { body: 'Welcome aboard: badge pickup on Monday.' } }, f.a.id);
    expect(fromA.body.errors).toBeUndefined();
    const fromB = await f.as('owner-b', SEND, { jobAssignmentId: assignmentId, data: { body: 'Send us your timesheet by the 25th.' } }, f.b.id);
    const threadA = (fromA.body.data?.sendCompanyMessage as { threadId: string }).threadId;
    const threadB = (fromB.body.data?.sendCompanyMessage as { threadId: string }).threadId;
    expect(threadA).not.toBe(threadB);
    expect((await f.as('owner-a', FIND, { jobAssignmentId: assignmentId }, f.a.id)).body.data?.findMessageThread).toEqual({
      id: threadA,
      jobAssignmentId: assignmentId,
      jobApplicationId: null,
      messages: [{ body: 'Welcome aboard: badge pickup on Monday.' }],
    });
    const [event] = await f.events('message.create', (fromA.body.data?.sendCompanyMessage as { id: string }).id);
    expect(event!.toId).toBe(await f.userId('lin'));
    expect(event!.eventData).toMatchObject({ companyId: f.a.id, jobAssignmentId: assignmentId, fromCompany: true });
    const threads = (await mine(talent, MY_INBOX, { jobAssignmentId: assignmentId })).body.data?.myMessageThreads as { total: number; items: Array<{ companyName: string }> };
    expect(threads.total).toBe(2);
    expect(threads.items.map((each) => each.companyName).sort()).toEqual(['Company A', 'Company B']);
    expect((await mine(talent, MY_SEND, { threadId: threadB, data: { body: 'Will do.' } })).body.errors).toBeUndefined();
    // Company A does not see B's conversation, nor B A's.
    const inboxA = (await f.as('owner-a', INBOX, {}, f.a.id)).body.data?.findManyMessageThread as { items: Array<{ id: string }> };
    expect(inboxA.items.map((each) => each.id)).toEqual([threadA]);
  });

  it('opens the inbox to a role reading assignments only, but writing needs jobAssignment update', async () => {
    const inbox = (await f.as('assignment-reader-a', INBOX, {}, f.a.id)).body.data?.findManyMessageThread as { total: number };
    expect(inbox.total).toBe(1);
    expect(code(await f.as('assignment-reader-a', SEND, { jobAssignmentId: assignmentId, data: { body: 'Hi' } }, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('applications-a', SEND, { jobAssignmentId: assignmentId, data: { body: 'Hi' } }, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('applications-a', FIND, { jobAssignmentId: assignmentId }, f.a.id))).toBe('FORBIDDEN');
    const thread = (await f.as('owner-a', FIND, { jobAssignmentId: assignmentId }, f.a.id)).body.data?.findMessageThread as { id: string };
    expect(code(await f.as('assignment-reader-a', CLOSE, { id: thread.id, closed: true }, f.a.id))).toBe('FORBIDDEN');
  });

  it('answers NOT_FOUND to a company not taking part, another talent and a bad id, writing nothing', async () => {
    expect(code(await f.as('owner-b', SEND, { jobAssignmentId: soloAssignmentId, data: { body: 'Not ours' } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', FIND, { jobAssignmentId: soloAssignmentId }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-a', SEND, { jobAssignmentId: 'not-an-id', data: { body: 'Hi' } }, f.a.id))).toBe('NOT_FOUND');
    expect(((await mine(other, MY_INBOX, { jobAssignmentId: assignmentId })).body.data?.myMessageThreads as { total: number }).total).toBe(0);
    expect(((await mine(talent, MY_INBOX, { jobAssignmentId: 'not-an-id' })).body.data?.myMessageThreads as { total: number }).total).toBe(0);
    const threadA = (await f.as('owner-a', FIND, { jobAssignmentId: assignmentId }, f.a.id)).body.data?.findMessageThread as { id: string };
    expect(code(await mine(other, MY_SEND, { threadId: threadA.id, data: { body: 'Hello' } }))).toBe('NOT_FOUND');
    // Naming two records at once is a bad request, not a guess.
    const SEND_TWO = 'mutation ($jobAssignmentId: ID, $jobApplicationId: ID, $data: MessageInput!) { sendCompanyMessage(jobAssignmentId: $jobAssignmentId, jobApplicationId: $jobApplicationId, data: $data) { id } }';
    expect(code(await f.as('owner-a', SEND_TWO, { jobAssignmentId: assignmentId, jobApplicationId: assignmentId, data: { body: 'Hi' } }, f.a.id))).toBe('BAD_USER_INPUT');
  });

  it('narrows the company inbox to one kind of record, a job ad or a hiring step; a bad id matches nothing', async () => {
    const FILTERED = 'query ($about: MessageThreadAbout, $jobAdId: ID, $hiringStepId: ID) { findManyMessageThread(about: $about, jobAdId: $jobAdId, hiringStepId: $hiringStepId) { total items { jobAssignmentId } } }';
    const total = async (variables: Record<string, unknown>) => ((await f.as('owner-a', FILTERED, variables, f.a.id)).body.data?.findManyMessageThread as { total: number }).total;
    expect(await total({ about: 'ASSIGNMENT' })).toBe(1);
    expect(await total({ about: 'APPLICATION' })).toBe(0);
    expect(await total({ jobAdId: 'not-an-id' })).toBe(0);
    expect(await total({ hiringStepId: '5d0c4b6a-0000-4000-8000-000000000099' })).toBe(0);
    expect(await total({})).toBe(1);
  });
});
