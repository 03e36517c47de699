import { and, eq } from 'drizzle-orm';
import { RECOMMENDATIONS, scorecardGap, type Recommendation } from '../../../lib/interviews/interview-rules';
import { interviewScorecard } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict, forbiddenBecause, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { INTERVIEW_ERRORS } from './interview-plans';
import { companyInterview } from './interview-rows';
import { Interview, RecommendationEnum, withNames } from './interview-types';

// Scorecards (interviews): each interviewer of a held interview submits the step's
// scorecard - attributes rated on the four-point scale, the required questions answered, an
// overall recommendation - and may correct it later. Her colleagues' stay hidden from her
// until hers is in (interview-types.ts, mayReadScorecards).

const RatingInput = builder.inputType('InterviewRatingInput', { fields: (t) => ({ attribute: t.string({ required: true }), rating: t.int({ required: true, description: '1 to 4' }) }) });
const AnswerInput = builder.inputType('InterviewAnswerInput', { fields: (t) => ({ question: t.string({ required: true }), answer: t.string({ required: true }) }) });
const ScorecardInput = builder.inputType('InterviewScorecardInput', {
  fields: (t) => ({
    ratings: t.field({ type: [RatingInput], required: true }),
    answers: t.field({ type: [AnswerInput], required: true }),
    recommendation: t.field({ type: RecommendationEnum, required: true }),
  }),
});

builder.mutationField('submitInterviewScorecard', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description:
      "An interviewer's scorecard for an interview that has started (sent again, it replaces hers); needs talentJobApplication read and being one of its interviewers (FORBIDDEN notInterviewer). Records interviewScorecard.create or .update",
    args: { interviewId: t.arg.id({ required: true }), data: t.arg({ type: ScorecardInput, required: true }) },
    resolve: async (_root, { interviewId, data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const saved = await context.db.transaction(async (tx) => {
        const row = await companyInterview(tx, companyId, String(interviewId), true);
        if (!row.interviewerIds.includes(userId)) throw forbiddenBecause('notInterviewer', INTERVIEW_ERRORS);
        if (row.status !== 'BOOKED' || !row.startsAt || row.startsAt > new Date()) throw conflict('notYetHeld', INTERVIEW_ERRORS);
        // Only the scorecard's own attributes and questions are kept: anything else sent is dropped.
        const ratings = Object.fromEntries(data.ratings.filter((item) => row.scorecard.attributes.includes(item.attribute)).map((item) => [item.attribute, item.rating]));
        const answers = Object.fromEntries(data.answers.filter((item) => row.scorecard.questions.includes(item.question)).map((item) => [item.question, item.answer.trim()]));
        const recommendation = data.recommendation as Recommendation;
        const gap = scorecardGap(row.scorecard, { ratings, answers, recommendation });
        if (gap || !(RECOMMENDATIONS as readonly string[]).includes(recommendation)) throw invalidFields([{ path: gap === 'answerRequired' || gap === 'answerTooLong' ? 'answers' : gap === 'ratingRequired' ? 'ratings' : 'recommendation', code: gap ?? 'recommendationRequired' }], INTERVIEW_ERRORS);
        const [before] = await tx.select({ id: interviewScorecard.id }).from(interviewScorecard).where(and(eq(interviewScorecard.interviewId, row.id), eq(interviewScorecard.interviewerUserId, userId))).limit(1);
        const [card] = before
          ? await tx.update(interviewScorecard).set({ ratings, answers, recommendation, updatedAt: new Date() }).where(eq(interviewScorecard.id, before.id)).returning({ id: interviewScorecard.id })
          : await tx.insert(interviewScorecard).values({ interviewId: row.id, interviewerUserId: userId, ratings, answers, recommendation }).returning({ id: interviewScorecard.id });
        await recordEvent(tx, context.viewer, {
          type: before ? 'interviewScorecard.update' : 'interviewScorecard.create',
          toId: companyId,
          data: { entityId: card!.id, companyId, interviewId: row.id, jobApplicationId: row.jobApplicationId, after: { recommendation } },
        });
        return row;
      });
      const [item] = await withNames(context.db, [saved]);
      return item!;
    },
  }),
);
