import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyHiringStep, jobAd, talentJobApplication, talentProfile } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const STEPS = '{ findManyCompanyHiringStep { id stepName order group } }';
const CREATE = 'mutation ($data: CreateOneCompanyHiringStepInput!) { createOneCompanyHiringStep(data: $data) { id stepName stepDescription order group } }';
const UPDATE = 'mutation ($id: ID!, $data: UpdateOneCompanyHiringStepInput!) { updateOneCompanyHiringStep(id: $id, data: $data) { id stepName stepDescription group } }';
const DELETE = 'mutation ($id: ID!) { deleteOneCompanyHiringStep(id: $id) }';
const MOVE = 'mutation ($id: ID!, $direction: MoveDirection!) { moveCompanyHiringStep(id: $id, direction: $direction) { id stepName order } }';
const RANDOM = '00000000-0000-4000-8000-000000000000';
const PIPELINE_ADMIN = { companyHiringStep: { read: true, create: true, update: true, delete: true } };

type Step = { id: string; stepName: string; order: number; group: string };

describeEachDatabase('company hiring steps', (kind) => {
  let f: CompaniesFixture;
  let bStepId: string;
  const stepsOf = async (subject: string, companyId: string) => (await f.as(subject, STEPS, {}, companyId)).body.data?.findManyCompanyHiringStep as Step[];
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('pipeline-a', f.a.id, 'Pipeline admin', PIPELINE_ADMIN);
    await f.memberWithRole('reader-a', f.a.id, 'Pipeline reader', { companyHiringStep: { read: true } });
    bStepId = (await stepsOf('owner-b', f.b.id))[0]!.id;
  });
  afterAll(() => f.h.close());

  it("lists the company's default pipeline in order, for companyHiringStep read", async () => {
    const steps = await stepsOf('reader-a', f.a.id);
    expect(steps.map((step) => [step.order, step.stepName, step.group])).toEqual([
      [1, 'Applied', 'IN_PROGRESS'], [2, 'Screening', 'IN_PROGRESS'], [3, 'Interview', 'IN_PROGRESS'], [4, 'Offer', 'IN_PROGRESS'],
      [5, 'Hired', 'HIRED'], [6, 'Rejected', 'REJECTED'], [7, 'Withdrawn', 'WITHDRAWN'],
    ]);
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
    expect((await f.as('blind-a', STEPS, {}, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('adds a step at the end and edits it, each with its event; a reader is FORBIDDEN', async () => {
    const created = await f.as('pipeline-a', CREATE, { data: { stepName: ' Reference check ', stepDescription: ' ', group: 'IN_PROGRESS' } }, f.a.id);
    expect(created.body.errors).toBeUndefined();
    const step = created.body.data?.createOneCompanyHiringStep as Step & { stepDescription: string | null };
    expect(step).toMatchObject({ stepName: 'Reference check', stepDescription: null, order: 8, group: 'IN_PROGRESS' });
    expect(await f.events('companyHiringStep.create', step.id)).toHaveLength(1);

    const updated = await f.as('pipeline-a', UPDATE, { id: step.id, data: { stepDescription: 'Two referees' } }, f.a.id);
    expect(updated.body.data?.updateOneCompanyHiringStep).toEqual({ id: step.id, stepName: 'Reference check', stepDescription: 'Two referees', group: 'IN_PROGRESS' });
    expect((await f.events('companyHiringStep.update', step.id))[0]?.eventData).toMatchObject({ before: { stepDescription: null }, after: { stepDescription: 'Two referees' } });

    expect((await f.as('reader-a', CREATE, { data: { stepName: 'X', group: 'HIRED' } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('reader-a', UPDATE, { id: step.id, data: { stepName: 'X' } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('reader-a', MOVE, { id: step.id, direction: 'UP' }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('reader-a', DELETE, { id: step.id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers codes for a missing or long step name', async () => {
    const { body } = await f.as('pipeline-a', CREATE, { data: { stepName: '  ', group: 'HIRED' } }, f.a.id);
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'data.stepName', code: 'stepNameRequired', message: "Enter the step's name." }]);
    const long = await f.as('pipeline-a', CREATE, { data: { stepName: 's'.repeat(101), group: 'HIRED' } }, f.a.id);
    expect((long.body.errors?.[0]?.extensions?.fieldErrors as Array<{ code: string }>)[0]?.code).toBe('stepNameTooLong');
  });

  it('swaps a step with its neighbour in one move, logs it, and does nothing at the ends', async () => {
    const [applied, screening] = await stepsOf('pipeline-a', f.a.id);
    const moved = (await f.as('pipeline-a', MOVE, { id: screening!.id, direction: 'UP' }, f.a.id)).body.data?.moveCompanyHiringStep as Step[];
    expect(moved.slice(0, 2)).toEqual([
      { id: screening!.id, stepName: 'Screening', order: 1 },
      { id: applied!.id, stepName: 'Applied', order: 2 },
    ]);
    expect((await f.events('companyHiringStep.update', screening!.id))[0]?.eventData).toMatchObject({ moved: 'UP', before: { order: 2 }, after: { order: 1 } });
    const atTop = (await f.as('pipeline-a', MOVE, { id: screening!.id, direction: 'UP' }, f.a.id)).body.data?.moveCompanyHiringStep as Step[];
    expect(atTop.map((step) => step.id)).toEqual(moved.map((step) => step.id));
    expect(await f.events('companyHiringStep.update', screening!.id)).toHaveLength(1);
    const back = (await f.as('pipeline-a', MOVE, { id: screening!.id, direction: 'DOWN' }, f.a.id)).body.data?.moveCompanyHiringStep as Step[];
    expect(back.slice(0, 2).map((step) => step.stepName)).toEqual(['Applied', 'Screening']);
  });

  it('refuses to delete a step that holds applications (stepInUse), deletes an empty one with an event', async () => {
    const db = f.h.database.db;
    const steps = await stepsOf('pipeline-a', f.a.id);
    const interview = steps.find((step) => step.stepName === 'Interview')!;
    const [ad] = await db.insert(jobAd).values({ title: 'Engineer', publisherCompanyId: f.a.id }).returning({ id: jobAd.id });
    const [talent] = await db.insert(talentProfile).values({ profileName: 'Tal' }).returning({ id: talentProfile.id });
    await db.insert(talentJobApplication).values({ jobAdId: ad!.id, talentProfileId: talent!.id, companyHiringStepId: interview.id });
    const inUse = await f.as('pipeline-a', DELETE, { id: interview.id }, f.a.id);
    expect(inUse.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'stepInUse' });

    const offer = steps.find((step) => step.stepName === 'Offer')!;
    expect((await f.as('pipeline-a', DELETE, { id: offer.id }, f.a.id)).body.data?.deleteOneCompanyHiringStep).toBe(offer.id);
    expect(await f.events('companyHiringStep.delete', offer.id)).toHaveLength(1);
    expect((await stepsOf('pipeline-a', f.a.id)).map((step) => step.stepName)).not.toContain('Offer');
  });

  it("answers B's step id in A exactly like an unknown id (NOT_FOUND), and leaves B's step alone", async () => {
    for (const [query, variables] of [
      [UPDATE, { data: { stepName: 'Hijacked' } }],
      [DELETE, {}],
      [MOVE, { direction: 'DOWN' }],
    ] as const) {
      const probe = await f.as('pipeline-a', query, { id: bStepId, ...variables }, f.a.id);
      const unknown = await f.as('pipeline-a', query, { id: RANDOM, ...variables }, f.a.id);
      expect(probe.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(probe.body).toEqual(unknown.body);
    }
    const [b] = await f.h.database.db.select({ stepName: companyHiringStep.stepName, order: companyHiringStep.order, deletedAt: companyHiringStep.deletedAt }).from(companyHiringStep).where(eq(companyHiringStep.id, bStepId));
    expect(b).toEqual({ stepName: 'Applied', order: 1, deletedAt: null });
  });
});
