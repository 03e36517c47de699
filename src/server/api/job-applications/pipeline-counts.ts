import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { stepCounts } from '../../../lib/job-applications/pipeline';
import { isUuid } from '../../../lib/ids';
import { applicationStepCount, companyHiringStep, NO_COUNTED_ID } from '../../db/schema';
import type { AppDatabase } from '../../db/client';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { CompanyJobAd } from '../job-ads/job-ads';

// How many received applications sit in each hiring step: the company's whole pipeline (the
// dashboard) and one job ad's (CompanyJobAd.pipeline, the ad list and the ad page). Both
// count as the Received applications list does, so every figure matches the list or board
// it links to (the database keeps the counts in step with every write: countedApplications);
// both read applications, so both need talentJobApplication read.

export interface PipelineStepRow {
  stepId: string | null;
  stepName: string | null;
  group: string | null;
  count: number;
}

export const PipelineStepCount = builder.objectRef<PipelineStepRow>('PipelineStepCount').implement({
  description: 'Applications in one hiring step; stepId null counts those in no step',
  fields: (t) => ({
    stepId: t.exposeID('stepId', { nullable: true }),
    stepName: t.exposeString('stepName', { nullable: true }),
    group: t.exposeString('group', { nullable: true, description: 'IN_PROGRESS, HIRED, REJECTED or WITHDRAWN' }),
    count: t.exposeInt('count'),
  }),
});

interface StepRow {
  stepId: string;
  stepName: string;
  group: string | null;
}

/** The company's hiring steps in pipeline order (removed ones left out: theirs count as in no step). */
function stepsInOrder(db: AppDatabase, companyId: string): Promise<StepRow[]> {
  return db
    .select({ stepId: companyHiringStep.id, stepName: companyHiringStep.stepName, group: companyHiringStep.group })
    .from(companyHiringStep)
    .where(and(eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt)))
    .orderBy(asc(companyHiringStep.order), asc(companyHiringStep.createdAt));
}

const rowsOf = (steps: readonly StepRow[], placed: ReadonlyArray<{ stepId: string | null; count: number }>): PipelineStepRow[] =>
  stepCounts(steps, placed).map(({ step, count }) => (step ? { ...step, count } : { stepId: null, stepName: null, group: null, count }));

const countedId = (id: string) => (id === NO_COUNTED_ID ? null : id);
const applicationsSum = sql<number>`sum(${applicationStepCount.applications})::int`;

/**
 * The company's applications as the database counts them by ad and step (application_step_count,
 * kept in step with every write): in all, or of these ads, or in this step. The same figure as
 * counting its applications (ownedBy), in a few rows whatever the company's size.
 */
export async function countedApplications(db: AppDatabase, companyId: string, only: { jobAdId?: string | null; stepId?: string | null } = {}): Promise<number> {
  const [row] = await db
    .select({ total: applicationsSum })
    .from(applicationStepCount)
    .where(
      and(
        eq(applicationStepCount.companyId, companyId),
        only.jobAdId ? eq(applicationStepCount.jobAdId, only.jobAdId) : undefined,
        only.stepId ? eq(applicationStepCount.companyHiringStepId, only.stepId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/** Every application the company received, by the step it is in now. */
export async function pipelineCounts(db: AppDatabase, companyId: string): Promise<PipelineStepRow[]> {
  const [steps, counted] = await Promise.all([
    stepsInOrder(db, companyId),
    db
      .select({ stepId: applicationStepCount.companyHiringStepId, count: applicationsSum })
      .from(applicationStepCount)
      .where(eq(applicationStepCount.companyId, companyId))
      .groupBy(applicationStepCount.companyHiringStepId),
  ]);
  return rowsOf(steps, counted.filter((row) => row.count > 0).map((row) => ({ stepId: countedId(row.stepId), count: row.count })));
}

/**
 * Each ad's applications by step, in the order of `jobAdIds`: one grouped query for every
 * ad asked for at once (a page of the ad list is two queries, not one per ad). Only the
 * company's own applications count, so an id of another company's ad counts nothing.
 */
export async function pipelineCountsByAd(db: AppDatabase, companyId: string, jobAdIds: readonly string[]): Promise<PipelineStepRow[][]> {
  const ids = [...new Set(jobAdIds.filter(isUuid))];
  const [steps, placed] = await Promise.all([
    stepsInOrder(db, companyId),
    ids.length
      ? db
          .select({ jobAdId: applicationStepCount.jobAdId, stepId: applicationStepCount.companyHiringStepId, count: applicationsSum })
          .from(applicationStepCount)
          .where(and(eq(applicationStepCount.companyId, companyId), inArray(applicationStepCount.jobAdId, ids)))
          .groupBy(applicationStepCount.jobAdId, applicationStepCount.companyHiringStepId)
      : Promise.resolve([]),
  ]);
  return jobAdIds.map((id) => rowsOf(steps, placed.filter((row) => row.jobAdId === id && row.count > 0).map((row) => ({ stepId: countedId(row.stepId), count: row.count }))));
}

builder.objectField(CompanyJobAd, 'pipeline', (t) =>
  t.withAuth({ signedIn: true }).loadableList({
    type: PipelineStepCount,
    nullable: true,
    description:
      "The ad's applications by the step each is in now: every hiring step of the company in pipeline order (0 where nobody is), then those in no step (when any), as the Received applications list filtered to the ad counts them. Needs talentJobApplication read (else FORBIDDEN); a page of ads is counted in one query",
    // async: a refusal thrown synchronously would reach DataLoader, which words it as its own error.
    load: async (jobAdIds: string[], context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      return pipelineCountsByAd(context.db, companyId, jobAdIds);
    },
    resolve: (ad) => ad.id,
  }),
);
