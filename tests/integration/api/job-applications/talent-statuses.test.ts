import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createHeldTalentStatuses } from '../../../../src/server/api/job-applications/held-talent-statuses';
import type { HeldWork } from '../../../../src/server/api/held-work';
import { company, companyHiringStep, talentJobApplicationStatus } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// The talent's side of a move (lib/job-applications/talent-status.ts): the public status a
// step shows, held for the company's delay, taken back by a move back or the undo, shared
// reasons, and her own withdrawal.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const STEPS = '{ findManyCompanyHiringStep { id stepName group talentStatus } }';
const REASONS = '{ findManyCompanyRejectionReason { id kind label } }';
const MOVE = 'mutation ($ids: [ID!]!, $hiringStepId: ID!, $rejectionReasonId: ID, $shareReason: Boolean) { moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId, rejectionReasonId: $rejectionReasonId, shareReason: $shareReason) { id talentStatus heldTalentStatus { status visibleAt } } }';
const UNDO = 'mutation ($ids: [ID!]!) { undoTalentJobApplicationMove(ids: $ids) { id hiringStep { stepName } heldTalentStatus { status } } }';
const FIND = 'query ($id: ID!) { findTalentJobApplication(id: $id) { email documents { slot } application { message documentsErased hiringStep { stepName } rejectionReason { label } } } }';
const MINE = '{ myJobApplications { items { id talentStatus rejectionReason documentsErased timeline { status reason } withdrawalReasons { id label } } } }';
const WITHDRAW = 'mutation ($id: ID!, $reason: ID, $erase: Boolean) { withdrawMyJobApplication(id: $id, withdrawalReasonId: $reason, eraseDocuments: $erase) { id talentStatus documentsErased } }';
const PIPELINE = { talentJobApplication: { read: true, update: true }, companyHiringStep: { read: true } };
const MINUTE = 60_000;

type Mine = { id: string; talentStatus: string; rejectionReason: string | null; documentsErased: boolean; timeline: { status: string; reason: string | null }[]; withdrawalReasons: { id: string; label: string }[] };

describeEachDatabase('the talent status of an application', (kind) => {
  let f: CompaniesFixture;
  let held: HeldWork;
  let adId: string;
  let steps: Array<{ id: string; stepName: string; group: string; talentStatus: string }>;
  let reasons: Array<{ id: string; kind: string; label: string }>;
  const stepNamed = (name: string) => steps.find((step) => step.stepName === name)!.id;
  const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  const mine = async (subject: string, id: string) => ((await f.h.call(MINE, { token: await f.h.token(subject) })).body.data?.myJobApplications as { items: Mine[] }).items.find((item) => item.id === id)!;
  let seq = 0;
  /** A new talent applying to the ad: her application's id. */
  const applicant = async (): Promise<{ subject: string; id: string }> => {
    const subject = `talent-${(seq += 1)}`;
    const token = await f.h.token(subject);
    await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: `Talent ${seq}` } } });
    const applied = await f.h.call(APPLY, { token, variables: { data: { jobAdId: adId, message: 'Hello from me' } } });
    return { subject, id: (applied.body.data?.applyToJobAd as { id: string }).id };
  };

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    held = createHeldTalentStatuses({ db: f.h.database.db, listeners: [], log: () => {} });
    await f.memberWithRole('mover', f.a.id, 'Mover', PIPELINE);
    await f.memberWithRole('reader', f.a.id, 'Reader', { talentJobApplication: { read: true }, companyHiringStep: { read: true } });
    const ad = await f.as('owner-a', CREATE_AD, { data: { title: 'Status role', workMode: 'remote', countryCode: 'DE', publishedAt: new Date().toISOString() } }, f.a.id);
    adId = (ad.body.data?.createOneJobAd as { id: string }).id;
    steps = (await f.as('owner-a', STEPS, {}, f.a.id)).body.data?.findManyCompanyHiringStep as typeof steps;
    reasons = (await f.as('owner-a', REASONS, {}, f.a.id)).body.data?.findManyCompanyRejectionReason as typeof reasons;
  });
  beforeEach(async () => {
    await f.h.database.db.update(company).set({ talentStatusDelayMinutes: 15 }).where(eq(company.id, f.a.id));
  });
  afterAll(async () => {
    held.stop();
    await f.h.close();
  });

  it('step to status: each default step shows its public word, the closing ones their group\'s', () => {
    expect(steps.map((step) => [step.stepName, step.talentStatus])).toEqual([
      ['Applied', 'APPLIED'],
      ['Screening', 'IN_REVIEW'],
      ['Interview', 'INTERVIEW'],
      ['Offer', 'OFFER'],
      ['Hired', 'HIRED'],
      ['Rejected', 'NOT_SELECTED'],
      ['Withdrawn', 'WITHDRAWN'],
    ]);
  });

  it('held status: a move reaches the talent only after the delay, then she is told once', async () => {
    const { subject, id } = await applicant();
    const moved = (await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Interview') }, f.a.id)).body.data?.moveTalentJobApplication as { talentStatus: string; heldTalentStatus: { status: string; visibleAt: string } }[];
    expect(moved[0]).toMatchObject({ talentStatus: 'APPLIED', heldTalentStatus: { status: 'INTERVIEW' } });
    const due = new Date(moved[0]!.heldTalentStatus.visibleAt).getTime() - Date.now();
    expect(due).toBeGreaterThan(14 * MINUTE);
    expect(due).toBeLessThanOrEqual(15 * MINUTE);
    expect(await mine(subject, id)).toMatchObject({ talentStatus: 'APPLIED', timeline: [] });
    expect(await f.events('talentJobApplicationStatus.create', id)).toHaveLength(0);
    expect(await held.deliverDue(later(1))).toBe(0);
    expect(await held.deliverDue(later(16))).toBe(1);
    expect(await mine(subject, id)).toMatchObject({ talentStatus: 'INTERVIEW', timeline: [{ status: 'INTERVIEW', reason: null }] });
    const told = await f.events('talentJobApplicationStatus.create', id);
    expect(told.map((event) => [event.toId, event.fromId])).toEqual([[await f.userId(subject), await f.userId('mover')]]);
    // Delivered once: a second sweep finds nothing.
    expect(await held.deliverDue(later(16))).toBe(0);
  });

  it('a cancelled move never reaches her: moved back before the delay, nothing is held, nothing told', async () => {
    const { subject, id } = await applicant();
    const reason = reasons.find((one) => one.kind === 'REJECTED')!;
    await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Rejected'), rejectionReasonId: reason.id }, f.a.id);
    const back = (await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Applied') }, f.a.id)).body.data?.moveTalentJobApplication as { heldTalentStatus: unknown }[];
    expect(back[0]?.heldTalentStatus).toBeNull();
    expect(await held.deliverDue(later(16))).toBe(0);
    expect(await mine(subject, id)).toMatchObject({ talentStatus: 'APPLIED', rejectionReason: null, timeline: [] });
    expect(await f.events('talentJobApplicationStatus.create', id)).toHaveLength(0);
    // Moving between two steps that show the same word holds nothing either.
    await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Screening') }, f.a.id);
    await held.deliverDue(later(16));
    const custom = await f.as('owner-a', 'mutation ($data: CreateOneCompanyHiringStepInput!) { createOneCompanyHiringStep(data: $data) { id talentStatus } }', { data: { stepName: 'Take-home test', group: 'IN_PROGRESS' } }, f.a.id);
    const customStep = custom.body.data?.createOneCompanyHiringStep as { id: string; talentStatus: string };
    expect(customStep.talentStatus).toBe('IN_REVIEW');
    const same = (await f.as('mover', MOVE, { ids: [id], hiringStepId: customStep.id }, f.a.id)).body.data?.moveTalentJobApplication as { heldTalentStatus: unknown }[];
    expect(same[0]?.heldTalentStatus).toBeNull();
    await f.as('owner-a', 'mutation ($id: ID!) { deleteOneCompanyHiringStep(id: $id) }', { id: customStep.id }, f.a.id);
  });

  it('undo: the company takes a held move back to where it was, until the talent sees it; a reader may not, another company cannot', async () => {
    const { subject, id } = await applicant();
    const reason = reasons.find((one) => one.kind === 'REJECTED')!;
    await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Screening') }, f.a.id);
    await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Rejected'), rejectionReasonId: reason.id }, f.a.id);
    expect((await f.as('reader', UNDO, { ids: [id] }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('owner-b', UNDO, { ids: [id] }, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const undone = (await f.as('mover', UNDO, { ids: [id] }, f.a.id)).body.data?.undoTalentJobApplicationMove as { hiringStep: { stepName: string }; heldTalentStatus: unknown }[];
    // Back before the first of the held moves: where she last saw it.
    expect(undone[0]).toMatchObject({ hiringStep: { stepName: 'Applied' }, heldTalentStatus: null });
    expect((await f.events('talentJobApplication.update', id)).at(-1)?.eventData).toMatchObject({ action: 'undo', toStep: 'Applied' });
    const again = await f.as('mover', UNDO, { ids: [id] }, f.a.id);
    expect(again.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'undoTooLate' });
    expect(await held.deliverDue(later(16))).toBe(0);
    expect(await mine(subject, id)).toMatchObject({ talentStatus: 'APPLIED', timeline: [] });
  });

  it('a delay of 0 shows the move at once; a reason is shown only when shared', async () => {
    await f.h.database.db.update(company).set({ talentStatusDelayMinutes: 0 }).where(eq(company.id, f.a.id));
    const reason = reasons.find((one) => one.kind === 'REJECTED')!;
    const shared = await applicant();
    const unshared = await applicant();
    await f.as('mover', MOVE, { ids: [shared.id], hiringStepId: stepNamed('Rejected'), rejectionReasonId: reason.id }, f.a.id);
    await f.as('mover', MOVE, { ids: [unshared.id], hiringStepId: stepNamed('Rejected'), rejectionReasonId: reason.id, shareReason: false }, f.a.id);
    expect(await mine(shared.subject, shared.id)).toMatchObject({ talentStatus: 'NOT_SELECTED', rejectionReason: reason.label, timeline: [{ status: 'NOT_SELECTED', reason: reason.label }] });
    expect(await mine(unshared.subject, unshared.id)).toMatchObject({ talentStatus: 'NOT_SELECTED', rejectionReason: null, timeline: [{ status: 'NOT_SELECTED', reason: null }] });
    expect((await f.events('talentJobApplicationStatus.create', shared.id))[0]?.eventData).toMatchObject({ talentStatus: 'NOT_SELECTED', reason: reason.label });
    expect((await f.events('talentJobApplicationStatus.create', unshared.id))[0]?.eventData).toMatchObject({ reason: null });
    // The company still reads its own reason.
    expect((await f.as('reader', FIND, { id: unshared.id }, f.a.id)).body.data?.findTalentJobApplication).toMatchObject({ application: { rejectionReason: { label: reason.label } } });
  });

  it('withdraw: at once, with one of the company\'s reasons, seen by the company and told to it; a held move is dropped', async () => {
    const { subject, id } = await applicant();
    await f.as('mover', MOVE, { ids: [id], hiringStepId: stepNamed('Interview') }, f.a.id);
    const before = await mine(subject, id);
    const reason = before.withdrawalReasons.find((one) => one.label === 'Accepted another offer')!;
    expect(before.withdrawalReasons.map((one) => one.label)).toEqual(reasons.filter((one) => one.kind === 'WITHDRAWN').map((one) => one.label));
    const done = await f.h.call(WITHDRAW, { token: await f.h.token(subject), variables: { id, reason: reason.id } });
    expect(done.body.data?.withdrawMyJobApplication).toMatchObject({ talentStatus: 'WITHDRAWN', documentsErased: false });
    expect(await held.deliverDue(later(16))).toBe(0);
    expect(await mine(subject, id)).toMatchObject({ talentStatus: 'WITHDRAWN', timeline: [{ status: 'WITHDRAWN' }] });
    const seen = (await f.as('reader', FIND, { id }, f.a.id)).body.data?.findTalentJobApplication;
    expect(seen).toMatchObject({ email: `${subject}@example.test`, application: { message: 'Hello from me', documentsErased: false, hiringStep: { stepName: 'Withdrawn' }, rejectionReason: { label: 'Accepted another offer' } } });
    const [event] = await f.events('talentJobApplication.update', id).then((rows) => rows.filter((row) => (row.eventData as { action?: string }).action === 'withdraw'));
    expect(event).toMatchObject({ toId: f.a.id, eventData: { action: 'withdraw', toStep: 'Withdrawn', reason: 'Accepted another offer' } });
    // Nothing left to withdraw.
    const twice = await f.h.call(WITHDRAW, { token: await f.h.token(subject), variables: { id } });
    expect(twice.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'applicationEnded' });
  });

  it('withdraw and take back: the company no longer reads her note, e-mail or documents through the application', async () => {
    const { subject, id } = await applicant();
    const done = await f.h.call(WITHDRAW, { token: await f.h.token(subject), variables: { id, erase: true } });
    expect(done.body.data?.withdrawMyJobApplication).toMatchObject({ talentStatus: 'WITHDRAWN', documentsErased: true });
    const seen = (await f.as('reader', FIND, { id }, f.a.id)).body.data?.findTalentJobApplication;
    expect(seen).toMatchObject({ email: null, documents: [], application: { message: null, documentsErased: true } });
  });

  it("withdraw refuses another talent's application, an unknown id and another company's reason", async () => {
    const { id } = await applicant();
    const other = await applicant();
    expect((await f.h.call(WITHDRAW, { token: await f.h.token(other.subject), variables: { id } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.h.call(WITHDRAW, { token: await f.h.token(other.subject), variables: { id: 'not-an-id' } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const foreign = ((await f.as('owner-b', REASONS, {}, f.b.id)).body.data?.findManyCompanyRejectionReason as typeof reasons).find((one) => one.kind === 'WITHDRAWN')!;
    const refused = await f.h.call(WITHDRAW, { token: await f.h.token(other.subject), variables: { id: other.id, reason: foreign.id } });
    expect(refused.body.errors?.[0]?.extensions?.fieldErrors).toMatchObject([{ field: 'withdrawalReasonId', code: 'reasonUnknown' }]);
    expect(await f.h.database.db.select().from(talentJobApplicationStatus).where(eq(talentJobApplicationStatus.talentJobApplicationId, other.id))).toHaveLength(0);
  });

  it('withdraw: a company that removed every Withdrawn step gets one back at the end of its pipeline, with its audit row', async () => {
    const db = f.h.database.db;
    await db.update(companyHiringStep).set({ deletedAt: new Date() }).where(and(eq(companyHiringStep.companyId, f.b.id), eq(companyHiringStep.group, 'WITHDRAWN')));
    const ad = await f.as('owner-b', CREATE_AD, { data: { title: 'B status role', workMode: 'remote', countryCode: 'FR', publishedAt: new Date().toISOString() } }, f.b.id);
    const token = await f.h.token('talent-b');
    await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: 'talent-b@example.test', profileName: 'Talent B' } } });
    const applied = await f.h.call(APPLY, { token, variables: { data: { jobAdId: (ad.body.data?.createOneJobAd as { id: string }).id } } });
    const id = (applied.body.data?.applyToJobAd as { id: string }).id;
    expect((await f.h.call(WITHDRAW, { token, variables: { id } })).body.data?.withdrawMyJobApplication).toMatchObject({ talentStatus: 'WITHDRAWN' });
    const seen = (await f.as('owner-b', FIND, { id }, f.b.id)).body.data?.findTalentJobApplication as { application: { hiringStep: { stepName: string } } };
    expect(seen.application.hiringStep.stepName).toBe('Withdrawn');
    const [step] = await db.select().from(companyHiringStep).where(and(eq(companyHiringStep.companyId, f.b.id), eq(companyHiringStep.group, 'WITHDRAWN'), isNull(companyHiringStep.deletedAt)));
    expect(await f.events('companyHiringStep.create', step!.id)).toHaveLength(1);
  });
});
