import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generalEventslog, interview, user } from '../../../../src/server/db/schema';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { sendInterviewReminders } from '../../../../src/server/api/interviews/interview-reminders';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Interviews end to end through the API: a member proposes times, the talent books one and
// every participant is mailed a METHOD:REQUEST invitation a calendar library reads; a move
// keeps the UID and raises SEQUENCE; a cancel is METHOD:CANCEL. One slot offered to two
// applicants and booked by both at once goes to one. Another company's ids are NOT_FOUND;
// scorecards stay hidden from an interviewer until hers is in, and from the talent always.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const FIELDS = 'id status startsAt endsAt sequence otherTimesNote cancelReason offeredSlots { id startsAt taken }';
const PROPOSE = `mutation ($id: ID!, $data: ProposeInterviewTimesInput!) { proposeInterviewTimes(jobApplicationId: $id, data: $data) { ${FIELDS} } }`;
const BOOK = `mutation ($id: ID!, $slotId: ID!) { bookInterview(id: $id, slotId: $slotId) { ${FIELDS} } }`;
const MOVE = `mutation ($id: ID!, $slotId: ID, $startsAt: DateTime) { rescheduleInterview(id: $id, slotId: $slotId, startsAt: $startsAt) { ${FIELDS} } }`;
const CANCEL = `mutation ($id: ID!, $reason: String!) { cancelInterview(id: $id, reason: $reason) { ${FIELDS} } }`;
const OTHER_TIMES = `mutation ($id: ID!, $note: String!) { askOtherInterviewTimes(id: $id, note: $note) { ${FIELDS} } }`;
const MINE = `{ findManyMyInterview { total items { ${FIELDS} scorecards { id } scorecardSummary { count } attributes } } }`;
const COMPANY_LIST = `query ($view: CompanyInterviewView, $app: ID) { findManyInterview(view: $view, jobApplicationId: $app) { total items { ${FIELDS} talentName scorecardsHidden scorecards { interviewerName recommendation } scorecardSummary { count averages { attribute average } } } } }`;
const SCORE = 'mutation ($id: ID!, $data: InterviewScorecardInput!) { submitInterviewScorecard(interviewId: $id, data: $data) { id scorecardsHidden scorecards { interviewerName } } }';
const PLAN = 'mutation ($step: ID!, $data: InterviewPlanInput!) { setInterviewPlan(hiringStepId: $step, data: $data) { id durationMinutes attributes questions } }';
const STEPS = '{ findManyCompanyHiringStep { id stepName } }';
const MOVE_APPLICATION = 'mutation ($ids: [ID!]!, $step: ID!) { moveTalentJobApplication(ids: $ids, hiringStepId: $step) { id } }';

type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
type Row = { id: string; status: string; startsAt: string | null; sequence: number; offeredSlots: Array<{ id: string; startsAt: string; taken: boolean }> };
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;
const reason = (answer: Answer) => answer.body.errors?.[0]?.extensions?.reason ?? (answer.body.errors?.[0]?.extensions?.fieldErrors as Array<{ code: string }> | undefined)?.[0]?.code;
const data = <T>(answer: Answer, field: string): T => {
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data?.[field] as T;
};

const inDays = (days: number, hour: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

describeEachDatabase('interviews: propose, book, move, cancel, scorecards', (kind) => {
  let f: CompaniesFixture;
  let outbox: string;
  const talents: Record<string, string> = {};
  const applications: Record<string, string> = {};
  let interviewStep: string;

  /** The mails written since the last call, parsed. */
  let seen = new Set<string>();
  async function newMails() {
    await f.h.eventMail!.settled();
    const files = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml') && !seen.has(name)).sort();
    seen = new Set([...seen, ...files]);
    return Promise.all(
      files.map(async (name) => {
        const parsed = await simpleParser(await readFile(path.join(outbox, name)));
        const calendarPart = parsed.attachments.find((part) => part.contentType.startsWith('text/calendar')) ?? null;
        const to = Array.isArray(parsed.to) ? parsed.to[0]!.text : parsed.to!.text;
        return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', calendar: calendarPart ? calendarPart.content.toString('utf8') : null, method: (parsed.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.method ?? null, calendarType: calendarPart?.contentType ?? null };
      }),
    );
  }

  const parseCalendar = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    return { method: calendar.getFirstPropertyValue('method'), event: new ICAL.Event(vevent), vevent };
  };

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'interviews-outbox-'));
    f = await startCompaniesFixture(kind, { mail: { mailer: createOutboxMailer({ directory: outbox, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} }) } });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { talentJobApplication: { read: true } });
    await f.memberWithRole('interviewer-a', f.a.id, 'Interviewer', { talentJobApplication: { read: true } });
    const ad = (await f.as('owner-a', CREATE_AD, { data: { title: 'Rust engineer', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string };
    for (const name of ['Ada', 'Grace', 'Linus']) {
      const token = await f.h.token(name.toLowerCase());
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${name.toLowerCase()}@example.test`, profileName: name } } });
      talents[name] = token;
      applications[name] = ((await f.h.call(APPLY, { token, variables: { data: { jobAdId: ad.id } } })).body.data?.applyToJobAd as { id: string }).id;
    }
    const steps = data<Array<{ id: string; stepName: string }>>(await f.as('owner-a', STEPS, {}, f.a.id), 'findManyCompanyHiringStep');
    interviewStep = steps.find((step) => step.stepName === 'Interview')!.id;
    for (const name of ['Ada', 'Grace', 'Linus']) data(await f.as('owner-a', MOVE_APPLICATION, { ids: [applications[name]], step: interviewStep }, f.a.id), 'moveTalentJobApplication');
    await newMails();
  });
  afterAll(async () => {
    await f?.h.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('copies the step’s plan into the interview; the talent books a time and every participant gets a METHOD:REQUEST invitation', async () => {
    const interviewer = await f.userId('interviewer-a');
    const plan = data<{ durationMinutes: number }>(
      await f.as('owner-a', PLAN, { step: interviewStep, data: { durationMinutes: 60, interviewerIds: [interviewer], locationKind: 'VIDEO', location: 'https://meet.example.test/rust', attributes: ['Rust', 'Teamwork'], questions: ['Biggest project?'] } }, f.a.id),
      'setInterviewPlan',
    );
    expect(plan.durationMinutes).toBe(60);
    const proposed = data<Row>(await f.as('owner-a', PROPOSE, { id: applications.Ada, data: { timeZone: 'Europe/Paris', times: [inDays(3, 8), inDays(3, 10)] } }, f.a.id), 'proposeInterviewTimes');
    expect(proposed.status).toBe('PROPOSED');
    expect(proposed.offeredSlots).toHaveLength(2);
    // The talent hears of it by mail (a notification, no calendar yet).
    const proposalMails = await newMails();
    expect(proposalMails.map((mail) => mail.to)).toEqual(['ada@example.test']);
    expect(proposalMails[0]!.calendar).toBeNull();

    const mine = data<{ items: Array<Row & { scorecards: unknown; attributes: unknown }> }>(await f.h.call(MINE, { token: talents.Ada! }), 'findManyMyInterview');
    expect(mine.items[0]).toMatchObject({ id: proposed.id, scorecards: null, attributes: null });
    const booked = data<Row>(await f.h.call(BOOK, { token: talents.Ada!, variables: { id: proposed.id, slotId: proposed.offeredSlots[1]!.id } }), 'bookInterview');
    expect(booked).toMatchObject({ status: 'BOOKED', startsAt: proposed.offeredSlots[1]!.startsAt, sequence: 0 });

    const mails = await newMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ada@example.test', 'interviewer-a@example.test', 'owner-a@example.test']);
    for (const mail of mails) {
      expect(mail.calendarType).toMatch(/^text\/calendar/);
      const { method, event, vevent } = parseCalendar(mail.calendar!);
      expect(method).toBe('REQUEST');
      expect(event.uid).toBe(`interview-${proposed.id}@talentplace`);
      expect(event.sequence).toBe(0);
      expect(event.startDate.toJSDate().toISOString()).toBe(proposed.offeredSlots[1]!.startsAt);
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(60 * 60_000);
      expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Paris');
      expect(String(vevent.getFirstPropertyValue('organizer'))).toBe('mailto:owner-a@example.test');
      expect(vevent.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue())).sort()).toEqual(['mailto:ada@example.test', 'mailto:interviewer-a@example.test']);
      expect(event.location).toBe('Video call: https://meet.example.test/rust');
    }
  });

  it('moves the interview: the same UID with a higher SEQUENCE; then cancels it: METHOD:CANCEL, the time freed', async () => {
    const [row] = data<{ items: Row[] }>(await f.as('owner-a', COMPANY_LIST, { app: applications.Ada }, f.a.id), 'findManyInterview').items;
    // The talent moves it to the other time offered; the company then to a time of its own.
    const moved = data<Row>(await f.h.call(MOVE, { token: talents.Ada!, variables: { id: row!.id, slotId: row!.offeredSlots[0]!.id } }), 'rescheduleInterview');
    expect(moved).toMatchObject({ startsAt: row!.offeredSlots[0]!.startsAt, sequence: 1 });
    const first = await newMails();
    expect(first).toHaveLength(3);
    expect(first.every((mail) => mail.subject.startsWith('Interview moved'))).toBe(true);
    // The interviewer reads French: her mail and its calendar event are in French, the others' in English.
    const interviewerId = await f.userId('interviewer-a');
    await f.h.database.db.update(user).set({ preferences: { language: 'fr' } }).where(eq(user.id, interviewerId));
    const again = data<Row>(await f.as('owner-a', MOVE, { id: row!.id, startsAt: inDays(5, 13) }, f.a.id), 'rescheduleInterview');
    expect(again).toMatchObject({ startsAt: inDays(5, 13), sequence: 2 });
    const second = await newMails();
    await f.h.database.db.update(user).set({ preferences: {} }).where(eq(user.id, interviewerId));
    const french = getTranslator(['common'], 'fr');
    const hers = second.find((mail) => mail.to === 'interviewer-a@example.test')!;
    expect(hers.subject.startsWith('Interview moved')).toBe(false);
    expect(parseCalendar(hers.calendar!).event.location).toBe(`${french('interviews.locationKinds.VIDEO')}: https://meet.example.test/rust`);
    expect(hers.text).toContain('https://talentplace.test/fr/company/job-application?');
    expect(second.filter((mail) => mail !== hers).every((mail) => mail.subject.startsWith('Interview moved'))).toBe(true);
    const parsed = parseCalendar(second.find((mail) => mail.to === 'ada@example.test')!.calendar!);
    expect(parsed.event.uid).toBe(`interview-${row!.id}@talentplace`);
    expect(parsed.event.sequence).toBe(2);

    expect(code(await f.h.call(CANCEL, { token: talents.Ada!, variables: { id: row!.id, reason: '   ' } }))).toBe('BAD_USER_INPUT');
    const cancelled = data<Row>(await f.h.call(CANCEL, { token: talents.Ada!, variables: { id: row!.id, reason: 'I took another offer' } }), 'cancelInterview');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', sequence: 3 });
    const cancels = await newMails();
    expect(cancels).toHaveLength(3);
    for (const mail of cancels) {
      const { method, event } = parseCalendar(mail.calendar!);
      expect(method).toBe('CANCEL');
      expect(event.sequence).toBe(3);
      expect(event.uid).toBe(`interview-${row!.id}@talentplace`);
    }
    expect(cancels[0]!.text).toContain('I took another offer');
    const [stored] = await f.h.database.db.select({ slotId: interview.slotId }).from(interview).where(eq(interview.id, row!.id));
    expect(stored!.slotId).toBeNull();
    expect(reason(await f.h.call(MOVE, { token: talents.Ada!, variables: { id: row!.id, slotId: row!.offeredSlots[0]!.id } }))).toBe('notBooked');
  });

  it('books one slot offered to two applicants once: the second booking, even at the same moment, is told slotTaken', async () => {
    const time = inDays(4, 9);
    const grace = data<Row>(await f.as('owner-a', PROPOSE, { id: applications.Grace, data: { timeZone: 'America/New_York', times: [time] } }, f.a.id), 'proposeInterviewTimes');
    const linus = data<Row>(await f.as('owner-a', PROPOSE, { id: applications.Linus, data: { timeZone: 'America/New_York', times: [time, inDays(4, 15)] } }, f.a.id), 'proposeInterviewTimes');
    // The same interviewers at the same time: one slot, offered to both.
    expect(linus.offeredSlots[0]!.id).toBe(grace.offeredSlots[0]!.id);
    const [a, b] = await Promise.all([
      f.h.call(BOOK, { token: talents.Grace!, variables: { id: grace.id, slotId: grace.offeredSlots[0]!.id } }),
      f.h.call(BOOK, { token: talents.Linus!, variables: { id: linus.id, slotId: linus.offeredSlots[0]!.id } }),
    ]);
    const outcomes = [a, b].map((answer) => (answer.body.errors ? reason(answer) : 'booked')).sort();
    expect(outcomes).toEqual(['booked', 'slotTaken']);
    const loser = a.body.errors ? { token: talents.Grace!, row: grace } : { token: talents.Linus!, row: linus };
    const offered = data<{ items: Row[] }>(await f.h.call(MINE, { token: loser.token }), 'findManyMyInterview').items[0]!;
    expect(offered.offeredSlots[0]!.taken).toBe(true);
    await newMails();
  });

  it('answers NOT_FOUND to another company and another talent, FORBIDDEN to a role that may not update applications', async () => {
    const [row] = data<{ items: Row[] }>(await f.as('owner-a', COMPANY_LIST, { view: 'TO_SCHEDULE' }, f.a.id), 'findManyInterview').items;
    expect(row).toBeDefined();
    expect(code(await f.as('owner-b', MOVE, { id: row!.id, startsAt: inDays(6, 9) }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', CANCEL, { id: row!.id, reason: 'Not ours' }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', PROPOSE, { id: applications.Ada, data: { timeZone: 'UTC', times: [inDays(6, 9)] } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', COMPANY_LIST, { app: applications.Ada }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.as('owner-b', SCORE, { id: row!.id, data: { ratings: [], answers: [], recommendation: 'YES' } }, f.b.id))).toBe('NOT_FOUND');
    expect(code(await f.h.call(BOOK, { token: talents.Ada!, variables: { id: row!.id, slotId: row!.offeredSlots[0]!.id } }))).toBe('NOT_FOUND');
    expect(code(await f.as('reader-a', PROPOSE, { id: applications.Ada, data: { timeZone: 'UTC', times: [inDays(6, 9)] } }, f.a.id))).toBe('FORBIDDEN');
    expect(code(await f.as('reader-a', CANCEL, { id: row!.id, reason: 'No' }, f.a.id))).toBe('FORBIDDEN');
    // The talent asks for other times: the company's list to schedule shows her words.
    const asked = data<{ otherTimesNote: string }>(await f.h.call(OTHER_TIMES, { token: talents[await talentOf(row!.id)]!, variables: { id: row!.id, note: 'Any morning next week' } }), 'askOtherInterviewTimes');
    expect(asked.otherTimesNote).toBe('Any morning next week');
    const [first] = data<{ items: Array<{ id: string; otherTimesNote: string | null }> }>(await f.as('owner-a', COMPANY_LIST, { view: 'TO_SCHEDULE' }, f.a.id), 'findManyInterview').items;
    expect(first).toMatchObject({ id: row!.id, otherTimesNote: 'Any morning next week' });
  });

  async function talentOf(interviewId: string): Promise<string> {
    const [row] = await f.h.database.db.select({ application: interview.jobApplicationId }).from(interview).where(eq(interview.id, interviewId));
    return Object.entries(applications).find(([, id]) => id === row!.application)![0];
  }

  it('reminds every participant a day before, once however often the sweep runs; asks the interviewers owing a scorecard after the end', async () => {
    const [booked] = data<{ items: Array<Row & { endsAt: string }> }>(await f.as('owner-a', COMPANY_LIST, { view: 'UPCOMING' }, f.a.id), 'findManyInterview').items;
    const start = new Date(booked!.startsAt!);
    const queued: MailMessage[] = [];
    const sweep = (now: Date) => sendInterviewReminders({ db: f.h.database.db, site: { origin: 'https://talentplace.test', productName: 'Talentplace' }, enqueueMail: async (mail) => void queued.push(mail), now });
    expect(await sweep(new Date(start.getTime() - 30 * 3600_000))).toBe(0);
    expect(await sweep(new Date(start.getTime() - 23 * 3600_000))).toBe(1);
    expect(await sweep(new Date(start.getTime() - 22 * 3600_000))).toBe(0);
    expect(queued.map((mail) => mail.to).sort()).toEqual([`${(await talentOf(booked!.id)).toLowerCase()}@example.test`, 'interviewer-a@example.test', 'owner-a@example.test'].sort());
    expect(queued[0]!.subject).toMatch(/^Tomorrow: interview for Rust engineer with /);
    queued.length = 0;
    expect(await sweep(new Date(new Date(booked!.endsAt).getTime() + 3600_000))).toBe(1);
    expect(queued.map((mail) => mail.to)).toEqual(['interviewer-a@example.test']);
    expect(queued[0]!.text).toContain('#interviews');
  });

  it('gives each member a private calendar feed of her interviews: PUBLISH, the invitations’ UIDs; a new address ends the old', async () => {
    const RENEW = 'mutation { renewInterviewCalendarFeed { token } }';
    const FEED = 'query ($token: String!) { interviewCalendarFeed(token: $token) }';
    const MY_FEED = '{ myInterviewCalendarFeed { token } }';
    const first = data<{ token: string }>(await f.as('interviewer-a', RENEW, {}, f.a.id), 'renewInterviewCalendarFeed').token;
    expect(data<{ token: string }>(await f.as('interviewer-a', MY_FEED, {}, f.a.id), 'myInterviewCalendarFeed').token).toBe(first);
    const text = data<string>(await f.h.call(FEED, { variables: { token: first } }), 'interviewCalendarFeed');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const [booked] = data<{ items: Row[] }>(await f.as('owner-a', COMPANY_LIST, { view: 'UPCOMING' }, f.a.id), 'findManyInterview').items;
    const uids = calendar.getAllSubcomponents('vevent').map((event) => String(event.getFirstPropertyValue('uid')));
    expect(uids).toContain(`interview-${booked!.id}@talentplace`);
    // A member of another company sits in none of them: her feed is empty.
    const other = data<{ token: string }>(await f.as('owner-b', RENEW, {}, f.b.id), 'renewInterviewCalendarFeed').token;
    expect(new ICAL.Component(ICAL.parse(data<string>(await f.h.call(FEED, { variables: { token: other } }), 'interviewCalendarFeed'))).getAllSubcomponents('vevent')).toEqual([]);
    const second = data<{ token: string }>(await f.as('interviewer-a', RENEW, {}, f.a.id), 'renewInterviewCalendarFeed').token;
    expect(second).not.toBe(first);
    expect(code(await f.h.call(FEED, { variables: { token: first } }))).toBe('NOT_FOUND');
    expect(code(await f.h.call(FEED, { variables: { token: 'x'.repeat(32) } }))).toBe('NOT_FOUND');
  });

  it('keeps scorecards hidden from an interviewer until hers is in, shows members who read applications a summary, never the talent', async () => {
    // A booked interview that has started (held yesterday): written straight to the table, as time would.
    const [booked] = data<{ items: Row[] }>(await f.as('owner-a', COMPANY_LIST, { view: 'UPCOMING' }, f.a.id), 'findManyInterview').items;
    await f.h.database.db.update(interview).set({ startsAt: new Date(Date.now() - 26 * 3600_000), endsAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(interview.id, booked!.id));
    const talentName = await talentOf(booked!.id);
    const awaiting = data<{ items: Array<{ id: string }> }>(await f.as('owner-a', COMPANY_LIST, { view: 'AWAITING_FEEDBACK' }, f.a.id), 'findManyInterview').items;
    expect(awaiting.map((item) => item.id)).toContain(booked!.id);
    const list = async (subject: string) => data<{ items: Array<{ id: string; scorecardsHidden: boolean; scorecards: unknown[] | null; scorecardSummary: { count: number } | null }> }>(await f.as(subject, COMPANY_LIST, { app: applications[talentName] }, f.a.id), 'findManyInterview').items.find((item) => item.id === booked!.id)!;

    expect(reason(await f.as('reader-a', SCORE, { id: booked!.id, data: { ratings: [], answers: [], recommendation: 'YES' } }, f.a.id))).toBe('notInterviewer');
    const full = { ratings: [{ attribute: 'Rust', rating: 4 }, { attribute: 'Teamwork', rating: 3 }], answers: [{ question: 'Biggest project?', answer: 'A compiler' }], recommendation: 'STRONG_YES' };
    expect(reason(await f.as('interviewer-a', SCORE, { id: booked!.id, data: { ...full, ratings: [{ attribute: 'Rust', rating: 4 }] } }, f.a.id))).toBe('ratingRequired');
    expect(reason(await f.as('interviewer-a', SCORE, { id: booked!.id, data: { ...full, ratings: [{ attribute: 'Rust', rating: 4 }, { attribute: 'Teamwork', rating: 5 }] } }, f.a.id))).toBe('ratingRequired');
    expect(reason(await f.as('interviewer-a', SCORE, { id: booked!.id, data: { ...full, answers: [] } }, f.a.id))).toBe('answerRequired');
    // Before hers is in, the interviewer's card line counts none and names no recommendation.
    const SUMMARY_BEFORE = '{ findManyTalentJobApplication(perPage: 50) { items { id interviewSummary { recommendations { recommendation } } } } }';
    const before = data<{ items: Array<{ id: string; interviewSummary: { recommendations: unknown[] | null } | null }> }>(await f.as('interviewer-a', SUMMARY_BEFORE, {}, f.a.id), 'findManyTalentJobApplication').items;
    expect(before.find((card) => card.id === applications[talentName])!.interviewSummary).toEqual({ recommendations: null });
    // Before anyone submits: the interviewer sees hers hidden; the reader (no interviewer) sees none yet.
    expect(await list('interviewer-a')).toMatchObject({ scorecardsHidden: true, scorecards: null, scorecardSummary: null });
    expect(await list('reader-a')).toMatchObject({ scorecardsHidden: false, scorecards: [], scorecardSummary: { count: 0 } });

    const submitted = data<{ scorecardsHidden: boolean; scorecards: unknown[] }>(await f.as('interviewer-a', SCORE, { id: booked!.id, data: full }, f.a.id), 'submitInterviewScorecard');
    expect(submitted).toMatchObject({ scorecardsHidden: false, scorecards: [{ interviewerName: expect.any(String) }] });
    expect(await list('reader-a')).toMatchObject({ scorecardSummary: { count: 1 } });
    const [card] = (submitted as unknown as { scorecards: Array<{ id?: string }> }).scorecards;
    expect(card).toBeDefined();
    expect((await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'interviewScorecard.create'))).length).toBe(1);
    // The cards' line: the reader sees the recommendations; the talent's application lists the interview, never a scorecard.
    const SUMMARY = 'query ($ad: ID) { findManyTalentJobApplication(jobAdId: $ad, perPage: 50) { items { id interviewSummary { status scorecards recommendations { recommendation count } } } } }';
    const cards = data<{ items: Array<{ id: string; interviewSummary: { status: string; scorecards: number; recommendations: unknown[] | null } | null }> }>(await f.as('reader-a', SUMMARY, {}, f.a.id), 'findManyTalentJobApplication').items;
    expect(cards.find((card) => card.id === applications[talentName])!.interviewSummary).toEqual({ status: 'BOOKED', scorecards: 1, recommendations: [{ recommendation: 'STRONG_YES', count: 1 }] });
    const MY_APPLICATIONS = '{ myJobApplications { items { id interviews { id status scorecards { id } } } } }';
    const mineApplications = data<{ items: Array<{ id: string; interviews: Array<{ id: string; scorecards: unknown }> }> }>(await f.h.call(MY_APPLICATIONS, { token: talents[talentName]! }), 'myJobApplications').items;
    expect(mineApplications.find((item) => item.id === applications[talentName])!.interviews).toEqual([{ id: booked!.id, status: 'BOOKED', scorecards: null }]);
    // All in: no longer awaiting feedback. The talent's side never carries them.
    expect(data<{ items: Array<{ id: string }> }>(await f.as('owner-a', COMPANY_LIST, { view: 'AWAITING_FEEDBACK' }, f.a.id), 'findManyInterview').items.map((item) => item.id)).not.toContain(booked!.id);
    const mine = data<{ items: Array<{ id: string; scorecards: unknown; scorecardSummary: unknown }> }>(await f.h.call(MINE, { token: talents[talentName]! }), 'findManyMyInterview').items.find((item) => item.id === booked!.id)!;
    expect(mine).toMatchObject({ scorecards: null, scorecardSummary: null });
  });
});
