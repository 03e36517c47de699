import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { talentJobApplication } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { createHeldTalentStatuses } from '../../../../src/server/api/job-applications/held-talent-statuses';
import { findReceivedApplications } from '../../../../src/server/api/job-applications/received-application-queries';
import { pageWindow } from '../../../../src/server/api/pagination';
import { DEFAULT_TALENT_STATUS_DELAY_MINUTES } from '../../../../src/lib/job-applications/talent-status';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const STEPS = '{ findManyCompanyHiringStep { id stepName group } }';
const REASONS = '{ findManyCompanyRejectionReason { id kind label } }';
const LIST = `query ($jobAdId: ID, $hiringStepId: ID, $q: String, $stuckOnly: Boolean, $sort: ReceivedJobApplicationSort) {
  findManyTalentJobApplication(jobAdId: $jobAdId, hiringStepId: $hiringStepId, q: $q, stuckOnly: $stuckOnly, sort: $sort) {
    items { id isStuck talent { profileName skills } jobAd { title } hiringStep { stepName group } rejectionReason { label } } total
  }
}`;
const FIND = `query ($id: ID!) { findTalentJobApplication(id: $id) {
  email application { id hiringStep { stepName } } history { kind actorName fromStep toStep reason }
} }`;
const MOVE = 'mutation ($ids: [ID!]!, $hiringStepId: ID!, $rejectionReasonId: ID) { moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId, rejectionReasonId: $rejectionReasonId) { id hiringStep { stepName } rejectionReason { label kind } } }';
const MY_APPLICATIONS = '{ myJobApplications { items { jobAdTitle talentStatus rejectionReason } } }';
const PIPELINE = { talentJobApplication: { read: true, update: true }, companyHiringStep: { read: true } };

type Step = { id: string; stepName: string; group: string };
type Reason = { id: string; kind: string; label: string };
type FieldError = { field: string; code: string };

describeEachDatabase('received job applications and the pipeline', (kind) => {
  let f: CompaniesFixture;
  let adId: string;
  let steps: Step[];
  let reasons: Reason[];
  const applicationOf: Record<string, string> = {};
  const stepNamed = (name: string) => steps.find((step) => step.stepName === name)!.id;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('mover-a', f.a.id, 'Mover', PIPELINE);
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { talentJobApplication: { read: true }, companyHiringStep: { read: true } });
    const ad = await f.as('owner-a', CREATE_AD, { data: { title: 'Pipeline role', workMode: 'onsite', countryCode: 'DE', locality: 'Berlin', publishedAt: new Date().toISOString() } }, f.a.id);
    adId = (ad.body.data?.createOneJobAd as { id: string }).id;
    for (const [subject, name, skill] of [['ana', 'Ana Applicant', 'Rust'], ['ben', 'Ben Builder', 'Go'], ['cy', 'Cy Coder', 'Elixir']] as const) {
      const token = await f.h.token(subject);
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: name } } });
      await f.h.call('mutation ($data: UpdateTalentProfileInput!) { updateOneTalentProfile(data: $data) { id } }', { token, variables: { data: { skills: [{ name: skill }] } } });
      const applied = await f.h.call(APPLY, { token, variables: { data: { jobAdId: adId, message: `Hi from ${name}` } } });
      applicationOf[subject] = (applied.body.data?.applyToJobAd as { id: string }).id;
    }
    steps = (await f.as('owner-a', STEPS, {}, f.a.id)).body.data?.findManyCompanyHiringStep as Step[];
    reasons = (await f.as('owner-a', REASONS, {}, f.a.id)).body.data?.findManyCompanyRejectionReason as Reason[];
  });
  afterAll(() => f.h.close());

  it('lists the applications to its ads in the first step, with filters by name, skill and step', async () => {
    const all = (await f.as('reader-a', LIST, { jobAdId: adId }, f.a.id)).body.data?.findManyTalentJobApplication as { items: { talent: { profileName: string }; hiringStep: { stepName: string } }[]; total: number };
    expect(all.total).toBe(3);
    expect(all.items.every((item) => item.hiringStep.stepName === 'Applied')).toBe(true);
    const bySkill = (await f.as('reader-a', LIST, { q: 'elixir' }, f.a.id)).body.data?.findManyTalentJobApplication as { items: { talent: { profileName: string } }[] };
    expect(bySkill.items.map((item) => item.talent.profileName)).toEqual(['Cy Coder']);
    const byName = (await f.as('reader-a', LIST, { q: 'ben' }, f.a.id)).body.data?.findManyTalentJobApplication as { items: { talent: { skills: string[] } }[] };
    expect(byName.items[0]?.talent.skills).toEqual(['Go']);
    // A skill's name is searched, not the words of how skills are stored.
    for (const q of ['name', 'level', '"']) expect((await f.as('reader-a', LIST, { q, jobAdId: adId }, f.a.id)).body.data?.findManyTalentJobApplication, q).toMatchObject({ total: 0 });
    expect(await f.events('talentJobApplication.create', applicationOf.ana!)).toHaveLength(1);
    // Company B sees none of them.
    expect(((await f.as('owner-b', LIST, {}, f.b.id)).body.data?.findManyTalentJobApplication as { total: number }).total).toBe(0);
  });

  it('a searched application list counts up to the cap (the received applications count cap): past it the total is the cap and pages end there', async () => {
    // "i" is in each applicant's name: Ana Applicant, Ben Builder, Cy Coder.
    const searched = (await f.as('reader-a', '{ findManyTalentJobApplication(q: "i") { total totalIsExact pageCount } }', {}, f.a.id)).body.data?.findManyTalentJobApplication;
    expect(searched).toEqual({ total: 3, totalIsExact: true, pageCount: 1 });
    const list = (q: string | null, page: number, perPage: number, cap: number) => findReceivedApplications(f.h.database.db, f.a.id, { q }, pageWindow({ page, perPage }), cap);
    // Below the cap and at it, the count is exact.
    expect(await list('i', 1, 10, 5)).toMatchObject({ total: 3, totalIsExact: true });
    expect(await list('i', 1, 10, 3)).toMatchObject({ total: 3, totalIsExact: true });
    // Past it, the total is the cap, and the pages end there: two applications, one per page.
    const first = await list('i', 1, 1, 2);
    const second = await list('i', 2, 1, 2);
    expect(first).toMatchObject({ total: 2, totalIsExact: false });
    expect(second).toMatchObject({ total: 2, totalIsExact: false });
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    // A page past the cap is empty, its total still counted; one that reaches it ends there.
    expect(await list('i', 3, 1, 2)).toMatchObject({ items: [], total: 2, totalIsExact: false });
    expect((await list('i', 1, 10, 2)).items).toHaveLength(2);
    // Without a text searched, every total is exact.
    expect(await list(null, 1, 10, 2)).toMatchObject({ total: 3, totalIsExact: true });
  });

  it("moves one application step by step with its history; the talent sees each step's public status once the company's delay is over", async () => {
    const id = applicationOf.ana!;
    const held = createHeldTalentStatuses({ db: f.h.database.db, listeners: [], log: () => {} });
    const statusOf = async () => ((await f.h.call(MY_APPLICATIONS, { token: await f.h.token('ana') })).body.data?.myJobApplications as { items: { talentStatus: string }[] }).items[0]?.talentStatus;
    let shown = 'APPLIED';
    for (const [step, status] of [['Screening', 'IN_REVIEW'], ['Interview', 'INTERVIEW'], ['Offer', 'OFFER'], ['Hired', 'HIRED']] as const) {
      const moved = await f.as('mover-a', MOVE, { ids: [id], hiringStepId: stepNamed(step) }, f.a.id);
      expect(moved.body.errors).toBeUndefined();
      expect((moved.body.data?.moveTalentJobApplication as { hiringStep: { stepName: string } }[])[0]?.hiringStep.stepName).toBe(step);
      expect(await statusOf()).toBe(shown);
      expect(await held.deliverDue(new Date(Date.now() + (DEFAULT_TALENT_STATUS_DELAY_MINUTES + 1) * 60_000))).toBe(1);
      expect(await statusOf()).toBe(status);
      shown = status;
    }
    held.stop();
    const detail = (await f.as('reader-a', FIND, { id }, f.a.id)).body.data?.findTalentJobApplication as { email: string; history: { kind: string; fromStep: string | null; toStep: string | null }[] };
    expect(detail.email).toBe('ana@example.test');
    expect(detail.history.map((entry) => [entry.kind, entry.fromStep, entry.toStep])).toEqual([
      ['APPLIED', null, null],
      ['MOVED', 'Applied', 'Screening'],
      ['MOVED', 'Screening', 'Interview'],
      ['MOVED', 'Interview', 'Offer'],
      ['MOVED', 'Offer', 'Hired'],
    ]);
    // Each move is the history, addressed to no one; she is told of each status shown to her.
    expect((await f.events('talentJobApplication.update', id)).every((event) => event.toId === null)).toBe(true);
    const told = await f.events('talentJobApplicationStatus.create', id);
    const ana = await f.userId('ana');
    expect(told.map((event) => [event.toId, (event.eventData as { talentStatus?: string }).talentStatus])).toEqual([[ana, 'IN_REVIEW'], [ana, 'INTERVIEW'], [ana, 'OFFER'], [ana, 'HIRED']]);
  });

  it('rejects only with a reason of the right kind, in bulk, all or none', async () => {
    const ids = [applicationOf.ben!, applicationOf.cy!];
    const rejected = stepNamed('Rejected');
    const missing = await f.as('mover-a', MOVE, { ids, hiringStepId: rejected }, f.a.id);
    expect((missing.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]).toMatchObject({ field: 'rejectionReasonId', code: 'reasonRequired' });
    const withdrawnReason = reasons.find((reason) => reason.kind === 'WITHDRAWN')!;
    const wrongKind = await f.as('mover-a', MOVE, { ids, hiringStepId: rejected, rejectionReasonId: withdrawnReason.id }, f.a.id);
    expect((wrongKind.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]?.code).toBe('reasonUnknown');
    const reason = reasons.find((candidate) => candidate.kind === 'REJECTED')!;
    const done = (await f.as('mover-a', MOVE, { ids, hiringStepId: rejected, rejectionReasonId: reason.id }, f.a.id)).body.data?.moveTalentJobApplication as { id: string; rejectionReason: { label: string; kind: string } }[];
    expect(done.map((row) => row.id)).toEqual(ids);
    expect(done.every((row) => row.rejectionReason.label === reason.label && row.rejectionReason.kind === 'REJECTED')).toBe(true);
    // Held from ben until the delay is over: he still reads Applied, and no reason.
    const mine = (await f.h.call(MY_APPLICATIONS, { token: await f.h.token('ben') })).body.data?.myJobApplications as { items: { talentStatus: string; rejectionReason: string | null }[] };
    expect(mine.items[0]).toMatchObject({ talentStatus: 'APPLIED', rejectionReason: null });
    const history = ((await f.as('reader-a', FIND, { id: applicationOf.ben! }, f.a.id)).body.data?.findTalentJobApplication as { history: { reason: string | null }[] }).history;
    expect(history.at(-1)?.reason).toBe(reason.label);
  });

  it("answers NOT_FOUND for another company's application and moves none; a reader may not move", async () => {
    const foreignAd = await f.as('owner-b', CREATE_AD, { data: { title: 'B role', workMode: 'remote', countryCode: 'FR', publishedAt: new Date().toISOString() } }, f.b.id);
    const foreignAdId = (foreignAd.body.data?.createOneJobAd as { id: string }).id;
    const applied = await f.h.call(APPLY, { token: await f.h.token('ana'), variables: { data: { jobAdId: foreignAdId } } });
    const foreignId = (applied.body.data?.applyToJobAd as { id: string }).id;
    expect((await f.as('mover-a', FIND, { id: foreignId }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mixed = await f.as('mover-a', MOVE, { ids: [applicationOf.cy!, foreignId], hiringStepId: stepNamed('Screening') }, f.a.id);
    expect(mixed.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const [cy] = await f.h.database.db.select().from(talentJobApplication).where(eq(talentJobApplication.id, applicationOf.cy!));
    expect(cy?.companyHiringStepId).toBe(stepNamed('Rejected'));
    // Company B's step is not one of A's.
    const bSteps = (await f.as('owner-b', STEPS, {}, f.b.id)).body.data?.findManyCompanyHiringStep as Step[];
    const foreignStep = await f.as('mover-a', MOVE, { ids: [applicationOf.cy!], hiringStepId: bSteps[0]!.id }, f.a.id);
    expect((foreignStep.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]?.code).toBe('stepUnknown');
    expect((await f.as('reader-a', MOVE, { ids: [applicationOf.cy!], hiringStepId: stepNamed('Screening') }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('marks applications stuck past the company threshold, and filters them', async () => {
    await f.h.database.db.update(talentJobApplication).set({ stepChangedAt: new Date(Date.now() - 20 * 86_400_000), companyHiringStepId: stepNamed('Interview'), rejectionReasonId: null }).where(eq(talentJobApplication.id, applicationOf.cy!));
    const stuck = (await f.as('reader-a', LIST, { stuckOnly: true }, f.a.id)).body.data?.findManyTalentJobApplication as { items: { id: string; isStuck: boolean }[]; total: number };
    expect(stuck.total).toBe(1);
    expect(stuck.items).toEqual([{ id: applicationOf.cy!, isStuck: true, talent: { profileName: 'Cy Coder', skills: ['Elixir'] }, jobAd: { title: 'Pipeline role' }, hiringStep: { stepName: 'Interview', group: 'IN_PROGRESS' }, rejectionReason: null }]);
    const longest = (await f.as('reader-a', LIST, { sort: 'LONGEST_IN_STEP' }, f.a.id)).body.data?.findManyTalentJobApplication as { items: { id: string }[] };
    expect(longest.items[0]?.id).toBe(applicationOf.cy);
  });

  it('keeps its own reasons: added, renamed, removed (applications keep theirs), each logged; another company\'s reason is NOT_FOUND', async () => {
    const CREATE_REASON = 'mutation ($data: CreateOneCompanyRejectionReasonInput!) { createOneCompanyRejectionReason(data: $data) { id kind label } }';
    const RENAME = 'mutation ($id: ID!, $label: String!) { updateOneCompanyRejectionReason(id: $id, label: $label) { id label } }';
    const REMOVE = 'mutation ($id: ID!) { deleteOneCompanyRejectionReason(id: $id) }';
    const added = (await f.as('owner-a', CREATE_REASON, { data: { kind: 'WITHDRAWN', label: ' Moved abroad ' } }, f.a.id)).body.data?.createOneCompanyRejectionReason as Reason;
    expect(added).toMatchObject({ kind: 'WITHDRAWN', label: 'Moved abroad' });
    const codes = (await f.as('owner-a', CREATE_REASON, { data: { kind: 'LOST', label: '' } }, f.a.id)).body.errors?.[0]?.extensions?.fieldErrors as FieldError[];
    expect(codes.map((error) => error.code).sort()).toEqual(['reasonKindUnknown', 'reasonLabelRequired']);
    expect(((await f.as('owner-a', RENAME, { id: added.id, label: 'Moved abroad for good' }, f.a.id)).body.data?.updateOneCompanyRejectionReason as Reason).label).toBe('Moved abroad for good');
    // Used, then removed: the application keeps it, the list no longer offers it.
    await f.as('mover-a', MOVE, { ids: [applicationOf.cy!], hiringStepId: stepNamed('Withdrawn'), rejectionReasonId: added.id }, f.a.id);
    expect((await f.as('reader-a', REMOVE, { id: added.id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('owner-b', REMOVE, { id: added.id }, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('owner-a', REMOVE, { id: added.id }, f.a.id)).body.data?.deleteOneCompanyRejectionReason).toBe(true);
    const listed = (await f.as('owner-a', REASONS, {}, f.a.id)).body.data?.findManyCompanyRejectionReason as Reason[];
    expect(listed.some((reason) => reason.id === added.id)).toBe(false);
    const cy = (await f.as('reader-a', LIST, { q: 'cy coder' }, f.a.id)).body.data?.findManyTalentJobApplication as { items: { rejectionReason: { label: string } | null }[] };
    expect(cy.items[0]?.rejectionReason?.label).toBe('Moved abroad for good');
    const events = await f.events('company.update', f.a.id);
    expect(events.map((event) => event.eventData.rejectionReason).filter(Boolean)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted']));
  });
});
