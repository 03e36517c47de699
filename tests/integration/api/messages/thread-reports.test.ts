import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Reporting a conversation: either side reports a thread it reads, once at a time, and may
// close it to the other side at once; nobody else can report it. Moderators (admin
// permission moderation) read the open reports with the conversation and dismiss one or
// close the conversation to the reported side; everyone else is FORBIDDEN. Each step is an
// audit row.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const SEND = 'mutation ($jobApplicationId: ID, $data: MessageInput!) { sendCompanyMessage(jobApplicationId: $jobApplicationId, data: $data) { threadId } }';
const REPORT = 'mutation ($id: ID!, $data: MessageThreadReportInput!, $close: Boolean) { reportMessageThread(id: $id, data: $data, close: $close) { id closedBy } }';
const REPORTS = 'query ($status: String) { findManyMessageThreadReport(status: $status) { total items { id side reason details status reporterName thread { id talentName closedBy messages { body } } } } }';
const DECIDE = 'mutation ($id: ID!, $decision: MessageThreadReportDecision!) { decideMessageThreadReport(id: $id, decision: $decision) { id status resolverName } }';
const MY_SEND = 'mutation ($threadId: ID, $data: MessageInput!) { sendMyMessage(threadId: $threadId, data: $data) { id } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> } };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const reason = (answer: Answer) => answer.body.errors?.[0]?.extensions?.reason;
const fieldCodes = (answer: Answer) => (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);

describeEachDatabase('reporting a conversation', (kind) => {
  let f: CompaniesFixture;
  let threadId: string;
  let talent: string;
  let other: string;
  let admin: string;
  let applicationId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { talentJobApplication: { read: true } });
    const ad = ((await f.as('owner-a', CREATE_AD, { data: { title: 'Rust engineer', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string }).id;
    const create = async (subject: string) => {
      const token = await f.h.token(subject);
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      return token;
    };
    talent = await create('ada');
    other = await create('grace');
    admin = await f.h.token('moderator', { roles: ['super:admin'] });
    applicationId = ((await f.h.call(APPLY, { token: talent, variables: { data: { jobAdId: ad } } })).body.data?.applyToJobAd as { id: string }).id;
    threadId = ((await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Pay 200 EUR to start the process.' } }, f.a.id)).body.data?.sendCompanyMessage as { threadId: string }).threadId;
  });
  afterAll(() => f.h.close());

  it('lets the talent report the conversation and close it at once; the company can no longer write; once at a time', async () => {
    expect(fieldCodes(await f.h.call(REPORT, { token: talent, variables: { id: threadId, data: { reason: 'other' } } }))).toEqual(['data.details:reportDetailsRequired']);
    expect(fieldCodes(await f.h.call(REPORT, { token: talent, variables: { id: threadId, data: { reason: 'nonsense' } } }))).toEqual(['data.reason:reportReasonRequired']);
    const reported = await f.h.call(REPORT, { token: talent, variables: { id: threadId, data: { reason: 'fraud', details: 'They ask for money.' }, close: true } });
    expect(reported.body.data?.reportMessageThread).toEqual({ id: threadId, closedBy: 'talent' });
    expect(reason(await f.h.call(REPORT, { token: talent, variables: { id: threadId, data: { reason: 'spam' } } }))).toBe('alreadyReported');
    const events = (await f.events('messageThread.update', threadId)).map((row) => row.eventData);
    expect(events).toEqual([expect.objectContaining({ action: 'report', reason: 'fraud', side: 'talent', after: { closedBy: 'talent' } })]);
  });

  it('refuses anyone outside the conversation, and closing without the record’s update permission', async () => {
    expect(code(await f.h.call(REPORT, { token: other, variables: { id: threadId, data: { reason: 'spam' } } }))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', REPORT, { id: threadId, data: { reason: 'spam' } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.h.call(REPORT, { token: talent, variables: { id: 'not-an-id', data: { reason: 'spam' } } }))).toBe('NOT_FOUND');
    // The conversation is closed already: a read-only member may still report it (nothing to close).
    expect(code(await f.as('reader-a', REPORT, { id: threadId, data: { reason: 'harassment' } }, f.a.id))).toBeUndefined();
  });

  it('shows moderators the open reports with the conversation; a dismissal or a closing is decided once; nobody else may', async () => {
    expect(code(await f.as('owner-a', REPORTS, { status: 'open' }))).toBe('FORBIDDEN');
    const open = (await f.h.call(REPORTS, { token: admin, variables: { status: 'open' } })).body.data?.findManyMessageThreadReport as { total: number; items: Array<{ id: string; side: string; reason: string; thread: { messages: Array<{ body: string }> } }> };
    expect(open.total).toBe(2);
    const fraud = open.items.find((item) => item.reason === 'fraud')!;
    expect(fraud).toMatchObject({ side: 'talent', thread: { messages: [{ body: 'Pay 200 EUR to start the process.' }] } });
    const companyReport = open.items.find((item) => item.side === 'company')!;
    expect(code(await f.as('owner-a', DECIDE, { id: fraud.id, decision: 'closed' }, f.a.id))).toBe('FORBIDDEN');
    expect((await f.h.call(DECIDE, { token: admin, variables: { id: companyReport.id, decision: 'dismissed' } })).body.data?.decideMessageThreadReport).toMatchObject({ status: 'dismissed' });
    // Closed to the reported side (the company) whatever the talent does next: she opened it again, the moderator closes it.
    await f.h.call('mutation ($id: ID!) { closeMessageThread(id: $id, closed: false) { id } }', { token: talent, variables: { id: threadId } });
    expect((await f.h.call(DECIDE, { token: admin, variables: { id: fraud.id, decision: 'closed' } })).body.data?.decideMessageThreadReport).toMatchObject({ status: 'closed' });
    expect(reason(await f.h.call(DECIDE, { token: admin, variables: { id: fraud.id, decision: 'dismissed' } }))).toBe('reportDecided');
    expect(reason(await f.as('owner-a', SEND, { jobApplicationId: applicationId, data: { body: 'Still there?' } }, f.a.id))).toBe('threadClosed');
    const companyTry = await f.as('owner-a', 'query ($id: ID) { findMessageThread(id: $id) { closedBy } }', { id: threadId }, f.a.id);
    expect(companyTry.body.data?.findMessageThread).toEqual({ closedBy: 'talent' });
    // The talent may still write in it.
    expect((await f.h.call(MY_SEND, { token: talent, variables: { threadId, data: { body: 'Reported.' } } })).body.errors).toBeUndefined();
    expect(((await f.h.call(REPORTS, { token: admin, variables: { status: 'open' } })).body.data?.findManyMessageThreadReport as { total: number }).total).toBe(0);
    expect((await f.events('messageThread.update', threadId)).filter((row) => row.eventData.action === 'reportDecision')).toHaveLength(2);
  });
});
