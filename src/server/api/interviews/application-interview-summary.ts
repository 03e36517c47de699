import { and, desc, eq, inArray } from 'drizzle-orm';
import { mayReadScorecards, RECOMMENDATIONS, type Recommendation } from '../../../lib/interviews/interview-rules';
import { interview, interviewScorecard } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { ReceivedJobApplication } from '../job-applications/received-application-types';
import { InterviewStatusEnum, RecommendationEnum } from './interview-types';

// An application's interviews in one line, for the board's cards and the list's rows: where
// the latest interview stands, when the next one is, and the scorecards' recommendations -
// those only where the reader may read them (mayReadScorecards: an interviewer who owes her
// own scorecard on the application sees none). A page of applications costs two queries.

interface InterviewSummary {
  status: 'PROPOSED' | 'BOOKED' | 'CANCELLED';
  nextStartsAt: Date | null;
  scorecards: number;
  recommendations: Array<{ recommendation: Recommendation; count: number }> | null;
}

const RecommendationCount = builder.objectRef<{ recommendation: Recommendation; count: number }>('ApplicationRecommendationCount').implement({
  fields: (t) => ({ recommendation: t.field({ type: RecommendationEnum, resolve: (row) => row.recommendation }), count: t.exposeInt('count') }),
});

const ApplicationInterviewSummary = builder.objectRef<InterviewSummary>('ApplicationInterviewSummary').implement({
  fields: (t) => ({
    status: t.field({ type: InterviewStatusEnum, description: 'Where the latest interview stands', resolve: (row) => row.status }),
    nextStartsAt: t.field({ type: 'DateTime', nullable: true, description: 'The next booked interview to come', resolve: (row) => row.nextStartsAt }),
    scorecards: t.exposeInt('scorecards', { description: 'Scorecards submitted over its interviews' }),
    recommendations: t.field({ type: [RecommendationCount], nullable: true, description: "Null for an interviewer who has not yet sent her own scorecard on this application", resolve: (row) => row.recommendations }),
  }),
});

builder.objectField(ReceivedJobApplication, 'interviewSummary', (t) =>
  t.withAuth({ signedIn: true }).loadable({
    type: ApplicationInterviewSummary,
    nullable: true,
    description: 'Its interviews in one line (null when it has none); a page of applications is read in two queries',
    load: async (ids: string[], context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const rows = await context.db
        .select({ id: interview.id, applicationId: interview.jobApplicationId, status: interview.status, startsAt: interview.startsAt, interviewerIds: interview.interviewerIds })
        .from(interview)
        .where(and(eq(interview.companyId, companyId), inArray(interview.jobApplicationId, ids)))
        .orderBy(desc(interview.createdAt));
      const cards = rows.length
        ? await context.db.select({ interviewId: interviewScorecard.interviewId, userId: interviewScorecard.interviewerUserId, recommendation: interviewScorecard.recommendation }).from(interviewScorecard).where(inArray(interviewScorecard.interviewId, rows.map((row) => row.id)))
        : [];
      const now = new Date();
      return ids.map((applicationId): InterviewSummary | null => {
        const own = rows.filter((row) => row.applicationId === applicationId);
        if (!own.length) return null;
        const ownCards = cards.filter((card) => own.some((row) => row.id === card.interviewId));
        const interviews = own.some((row) => row.status === 'BOOKED' && row.interviewerIds.includes(userId));
        const submittedOwn = ownCards.some((card) => card.userId === userId);
        const readable = mayReadScorecards({ readsApplication: true, interviews, submittedOwn });
        const upcoming = own.filter((row) => row.status === 'BOOKED' && row.startsAt && row.startsAt > now).map((row) => row.startsAt!).sort((a, b) => a.getTime() - b.getTime());
        return {
          status: own[0]!.status as InterviewSummary['status'],
          nextStartsAt: upcoming[0] ?? null,
          scorecards: ownCards.length,
          recommendations: readable ? RECOMMENDATIONS.map((recommendation) => ({ recommendation, count: ownCards.filter((card) => card.recommendation === recommendation).length })).filter((item) => item.count > 0) : null,
        };
      });
    },
    resolve: (row) => row.id,
  }),
);
