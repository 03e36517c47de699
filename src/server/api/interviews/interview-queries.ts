import { and, asc, count, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { interview, interviewScorecard } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { ownApplications } from '../job-applications/received-application-rows';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { isUuid } from '../../../lib/ids';
import { talentInterview, type InterviewRow } from './interview-rows';
import { Interview, withNames } from './interview-types';

// The lists of interviews: a company's by what needs doing (this week's, those waiting for
// the talent or for new times, those waiting for feedback) or one application's; a talent's
// own, and one of hers by id.

export const COMPANY_INTERVIEW_VIEWS = ['THIS_WEEK', 'TO_SCHEDULE', 'AWAITING_FEEDBACK', 'UPCOMING'] as const;
const CompanyInterviewView = builder.enumType('CompanyInterviewView', {
  description: 'THIS_WEEK: booked in the next 7 days (and those under way); TO_SCHEDULE: times proposed, none booked; AWAITING_FEEDBACK: held, some interviewer has no scorecard in; UPCOMING: every booked one to come',
  values: COMPANY_INTERVIEW_VIEWS,
});

const InterviewPage = pageOf(Interview, 'Interview');

/** An interviewer of the interview has not submitted her scorecard. */
const feedbackMissing = sql`exists (select 1 from unnest(${interview.interviewerIds}) as interviewer(id) where not exists (select 1 from ${interviewScorecard} where ${interviewScorecard.interviewId} = ${interview.id} and ${interviewScorecard.interviewerUserId} = interviewer.id))`;

function viewFilter(view: (typeof COMPANY_INTERVIEW_VIEWS)[number], now: Date): { where: SQL; order: SQL[] } {
  const booked = eq(interview.status, 'BOOKED');
  switch (view) {
    case 'THIS_WEEK':
      return { where: and(booked, gt(interview.endsAt, now), lt(interview.startsAt, new Date(now.getTime() + 7 * 86_400_000)))!, order: [asc(interview.startsAt)] };
    case 'TO_SCHEDULE':
      // Those where the talent asked for other times first: they wait on the company.
      return { where: eq(interview.status, 'PROPOSED'), order: [sql`${interview.otherTimesNote} is null`, asc(interview.updatedAt)] };
    case 'AWAITING_FEEDBACK':
      return { where: and(booked, lt(interview.endsAt, now), feedbackMissing)!, order: [desc(interview.startsAt)] };
    case 'UPCOMING':
      return { where: and(booked, gt(interview.endsAt, now))!, order: [asc(interview.startsAt)] };
  }
}

builder.queryField('findManyInterview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InterviewPage,
    description: "The selected company's interviews: one view, or every interview of one application (jobApplicationId, newest first); needs talentJobApplication read",
    args: { ...pageArgs, view: t.arg({ type: CompanyInterviewView }), jobApplicationId: t.arg.id() },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const window = pageWindow(args);
      let filter: { where: SQL; order: SQL[] };
      if (args.jobApplicationId != null) {
        const [application] = await ownApplications(context.db, companyId, [String(args.jobApplicationId)]);
        filter = { where: eq(interview.jobApplicationId, application!.id), order: [desc(interview.createdAt)] };
      } else filter = viewFilter(args.view ?? 'UPCOMING', new Date());
      const where = and(eq(interview.companyId, companyId), filter.where);
      const [rows, [total]] = await Promise.all([
        context.db.select().from(interview).where(where).orderBy(...filter.order, asc(interview.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(interview).where(where),
      ]);
      return { items: await withNames(context.db, rows), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findManyMyInterview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InterviewPage,
    description: "The signed-in talent's interviews (of one of her applications, with jobApplicationId): those waiting for her choice first, then those to come, then the past and cancelled, newest first",
    args: { ...pageArgs, jobApplicationId: t.arg.id() },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const now = new Date();
      const where = and(eq(interview.talentProfileId, profileId), ...(args.jobApplicationId != null ? [eq(interview.jobApplicationId, isUuid(String(args.jobApplicationId)) ? String(args.jobApplicationId) : '00000000-0000-0000-0000-000000000000')] : []));
      const rank = sql`case when ${interview.status} = 'PROPOSED' then 0 when ${interview.status} = 'BOOKED' and ${interview.endsAt} > ${now} then 1 else 2 end`;
      const [rows, [total]] = await Promise.all([
        context.db
          .select()
          .from(interview)
          .where(where)
          .orderBy(rank, sql`case when ${interview.status} = 'BOOKED' and ${interview.endsAt} > ${now} then ${interview.startsAt} end asc`, desc(sql`coalesce(${interview.startsAt}, ${interview.updatedAt})`), asc(interview.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(interview).where(where),
      ]);
      return { items: await withNames(context.db, rows as InterviewRow[]), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findMyInterview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description: "One of the signed-in talent's interviews; anyone else's id is NOT_FOUND",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const row = await talentInterview(context.db, await requireMyTalentProfileId(context), String(id));
      const [item] = await withNames(context.db, [row]);
      return item!;
    },
  }),
);
