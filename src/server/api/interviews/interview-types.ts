import { eq, inArray, sql } from 'drizzle-orm';
import { INTERVIEW_LOCATION_KINDS, INTERVIEW_STATUSES, mayReadScorecards, mayStillChange, RECOMMENDATIONS, scorecardSummary, type Recommendation } from '../../../lib/interviews/interview-rules';
import { can } from '../../../lib/permissions/effective-permissions';
import type { Writer } from '../../db/client';
import { company, interviewScorecard, jobAd, jobDescription, talentJobApplication, talentProfile, user } from '../../db/schema';
import { builder } from '../builder';
import type { ApiContext } from '../context';
import { InterviewLocationKindEnum } from './interview-plans';
import { offeredSlotsOf, type InterviewRow } from './interview-rows';

// The Interview type both sides read: the talent her own (never a scorecard), a company's
// members theirs; what only members see (scorecards, their summary) answers null to anyone
// else, and an interviewer's colleagues' scorecards stay hidden until she submits her own
// (mayReadScorecards).

/** An interview with what its lists show beside it: whom and what it is about. */
export interface InterviewItem extends InterviewRow {
  talentName: string | null;
  jobTitle: string | null;
  companyName: string;
}

/** The rows with their talent, job and company names, one query for all. */
export async function withNames(db: Writer, rows: readonly InterviewRow[]): Promise<InterviewItem[]> {
  if (!rows.length) return [];
  const names = await db
    .select({ id: talentJobApplication.id, talentName: talentProfile.profileName, jobTitle: sql<string | null>`coalesce(${jobAd.title}, ${jobDescription.title})` })
    .from(talentJobApplication)
    .innerJoin(talentProfile, eq(talentProfile.id, talentJobApplication.talentProfileId))
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .where(inArray(talentJobApplication.id, [...new Set(rows.map((row) => row.jobApplicationId))]));
  const companies = await db.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, [...new Set(rows.map((row) => row.companyId))]));
  const byApplication = new Map(names.map((row) => [row.id, row]));
  const companyName = new Map(companies.map((row) => [row.id, row.name]));
  return rows.map((row) => ({ ...row, talentName: byApplication.get(row.jobApplicationId)?.talentName ?? null, jobTitle: byApplication.get(row.jobApplicationId)?.jobTitle ?? null, companyName: companyName.get(row.companyId) ?? '' }));
}

/** A member of the interview's company reading from the company side, whose role reads applications. */
export function readsAsMember(context: ApiContext, row: Pick<InterviewRow, 'companyId'>): boolean {
  const scope = context.company;
  return context.domain === 'company' && scope !== null && scope.companyId === row.companyId && can(scope.permissions, 'talentJobApplication', 'read');
}

export const InterviewStatusEnum = builder.enumType('InterviewStatus', { values: INTERVIEW_STATUSES });
export const RecommendationEnum = builder.enumType('InterviewRecommendation', { values: RECOMMENDATIONS });

const InterviewSlotOffer = builder.objectRef<{ id: string; start: Date; end: Date; taken: boolean }>('InterviewSlotOffer').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    startsAt: t.field({ type: 'DateTime', resolve: (slot) => slot.start }),
    endsAt: t.field({ type: 'DateTime', resolve: (slot) => slot.end }),
    taken: t.exposeBoolean('taken', { description: 'Booked by another interview: no longer on offer' }),
  }),
});

const Person = builder.objectRef<{ userId: string; name: string }>('InterviewPerson').implement({
  fields: (t) => ({ userId: t.exposeID('userId'), name: t.exposeString('name') }),
});

type ScorecardRow = typeof interviewScorecard.$inferSelect & { interviewerName: string };

const NamedValue = builder.objectRef<{ name: string; value: string }>('InterviewScorecardAnswer').implement({
  fields: (t) => ({ question: t.exposeString('name'), answer: t.exposeString('value') }),
});
const Rating = builder.objectRef<{ name: string; value: number }>('InterviewScorecardRating').implement({
  fields: (t) => ({ attribute: t.exposeString('name'), rating: t.exposeInt('value') }),
});

export const InterviewScorecard = builder.objectRef<ScorecardRow>('InterviewScorecard').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    interviewerId: t.exposeID('interviewerUserId'),
    interviewerName: t.exposeString('interviewerName'),
    recommendation: t.field({ type: RecommendationEnum, resolve: (row) => row.recommendation as Recommendation }),
    ratings: t.field({ type: [Rating], resolve: (row) => Object.entries(row.ratings).map(([name, value]) => ({ name, value })) }),
    answers: t.field({ type: [NamedValue], resolve: (row) => Object.entries(row.answers).map(([name, value]) => ({ name, value })) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

const RecommendationCount = builder.objectRef<{ recommendation: Recommendation; count: number }>('InterviewRecommendationCount').implement({
  fields: (t) => ({ recommendation: t.field({ type: RecommendationEnum, resolve: (row) => row.recommendation }), count: t.exposeInt('count') }),
});
const AttributeAverage = builder.objectRef<{ attribute: string; average: number; count: number }>('InterviewAttributeAverage').implement({
  fields: (t) => ({ attribute: t.exposeString('attribute'), average: t.exposeFloat('average'), count: t.exposeInt('count') }),
});
const ScorecardSummary = builder.objectRef<ReturnType<typeof scorecardSummary>>('InterviewScorecardSummary').implement({
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'Scorecards submitted' }),
    recommendations: t.field({ type: [RecommendationCount], resolve: (summary) => RECOMMENDATIONS.map((recommendation) => ({ recommendation, count: summary.recommendations[recommendation] })) }),
    averages: t.field({ type: [AttributeAverage], resolve: (summary) => summary.averages }),
  }),
});

/** The scorecards of some interviews, with their interviewers' names. */
export async function scorecardsOf(db: Writer, interviewIds: readonly string[]): Promise<ScorecardRow[]> {
  if (!interviewIds.length) return [];
  const rows = await db
    .select({ card: interviewScorecard, name: user.displayName, email: user.email })
    .from(interviewScorecard)
    .innerJoin(user, eq(user.id, interviewScorecard.interviewerUserId))
    .where(inArray(interviewScorecard.interviewId, [...interviewIds]))
    .orderBy(interviewScorecard.createdAt);
  return rows.map((row) => ({ ...row.card, interviewerName: row.name?.trim() || row.email }));
}

/**
 * One read of an interview's scorecards per call: its fields (mine, hidden or not, the list,
 * the summary, who still owes one) all ask, and would each read them again.
 */
const scorecardReads = new WeakMap<ApiContext, Map<string, Promise<ScorecardRow[]>>>();
function scorecardsOnce(context: ApiContext, interviewId: string): Promise<ScorecardRow[]> {
  let reads = scorecardReads.get(context);
  if (!reads) scorecardReads.set(context, (reads = new Map()));
  let read = reads.get(interviewId);
  if (!read) reads.set(interviewId, (read = scorecardsOf(context.db, [interviewId])));
  return read;
}

/** What the caller may see of an interview's scorecards: all, or none (null) under the hidden scorecards rule. */
async function visibleScorecards(context: ApiContext, row: InterviewRow): Promise<ScorecardRow[] | null> {
  if (!readsAsMember(context, row) || !context.viewer) return null;
  const cards = await scorecardsOnce(context, row.id);
  const interviews = row.interviewerIds.includes(context.viewer.userId);
  const submittedOwn = cards.some((card) => card.interviewerUserId === context.viewer!.userId);
  return mayReadScorecards({ readsApplication: true, interviews, submittedOwn }) ? cards : null;
}

export const Interview = builder.objectRef<InterviewItem>('Interview');

Interview.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: InterviewStatusEnum, resolve: (row) => row.status as (typeof INTERVIEW_STATUSES)[number] }),
    jobApplicationId: t.exposeID('jobApplicationId'),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    talentName: t.exposeString('talentName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    startsAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.startsAt }),
    endsAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.endsAt }),
    durationMinutes: t.exposeInt('durationMinutes'),
    timeZone: t.exposeString('timeZone', { description: "The organiser's zone: the invitation's times" }),
    locationKind: t.field({ type: InterviewLocationKindEnum, resolve: (row) => row.locationKind as (typeof INTERVIEW_LOCATION_KINDS)[number] }),
    location: t.exposeString('location', { nullable: true }),
    sequence: t.exposeInt('sequence', { description: "The calendar invitation's SEQUENCE" }),
    otherTimesNote: t.exposeString('otherTimesNote', { nullable: true, description: 'The talent asked for other times, in her words' }),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    cancelledBy: t.exposeString('cancelledBy', { nullable: true, description: 'company or talent' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    mayChange: t.boolean({ description: 'Booked and more than 12 hours away: either side may still move or cancel it', resolve: (row) => row.status === 'BOOKED' && row.startsAt !== null && mayStillChange(row.startsAt, new Date()) }),
    offeredSlots: t.field({ type: [InterviewSlotOffer], description: 'The times offered (to book, or to move to); none once cancelled', resolve: (row, _args, context) => (row.status === 'CANCELLED' ? [] : offeredSlotsOf(context.db, row.id)) }),
    interviewers: t.field({
      type: [Person],
      resolve: async (row, _args, context) => {
        if (!row.interviewerIds.length) return [];
        const people = await context.db.select({ userId: user.id, name: user.displayName, email: user.email }).from(user).where(inArray(user.id, row.interviewerIds));
        return row.interviewerIds.flatMap((id) => people.filter((person) => person.userId === id).map((person) => ({ userId: person.userId, name: person.name?.trim() || person.email })));
      },
    }),
    attributes: t.stringList({ nullable: true, description: 'The scorecard rates these (members only)', resolve: (row, _args, context) => (readsAsMember(context, row) ? row.scorecard.attributes : null) }),
    questions: t.stringList({ nullable: true, description: 'The scorecard asks these (members only)', resolve: (row, _args, context) => (readsAsMember(context, row) ? row.scorecard.questions : null) }),
    amInterviewer: t.boolean({ resolve: (row, _args, context) => readsAsMember(context, row) && row.interviewerIds.includes(context.viewer?.userId ?? '') }),
    myScorecard: t.field({
      type: InterviewScorecard,
      nullable: true,
      resolve: async (row, _args, context) => {
        if (!readsAsMember(context, row) || !context.viewer) return null;
        const cards = await scorecardsOnce(context, row.id);
        return cards.find((card) => card.interviewerUserId === context.viewer!.userId) ?? null;
      },
    }),
    scorecardsHidden: t.boolean({
      description: "True for an interviewer who has not submitted her own scorecard: her colleagues' stay hidden until she does",
      resolve: async (row, _args, context) => readsAsMember(context, row) && (await visibleScorecards(context, row)) === null,
    }),
    scorecards: t.field({ type: [InterviewScorecard], nullable: true, description: 'Members who read applications, once any own scorecard is in; null otherwise', resolve: (row, _args, context) => visibleScorecards(context, row) }),
    scorecardSummary: t.field({
      type: ScorecardSummary,
      nullable: true,
      resolve: async (row, _args, context) => {
        const cards = await visibleScorecards(context, row);
        return cards ? scorecardSummary(cards.map((card) => ({ ratings: card.ratings, recommendation: card.recommendation as Recommendation }))) : null;
      },
    }),
    feedbackMissing: t.int({
      nullable: true,
      description: 'Interviewers who have not submitted their scorecard (members only)',
      resolve: async (row, _args, context) => {
        if (!readsAsMember(context, row)) return null;
        const cards = await scorecardsOnce(context, row.id);
        return row.interviewerIds.filter((id) => !cards.some((card) => card.interviewerUserId === id)).length;
      },
    }),
  }),
});

