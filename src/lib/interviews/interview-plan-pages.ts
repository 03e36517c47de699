import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import type { Done, RefusalStatus } from '../forms/form-outcome';
import { postedValues, textOf } from '../forms/form-values';
import { graphql } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { INTERVIEW_LOCATION_KINDS, listOfLines, type InterviewLocationKind } from './interview-rules';

// A hiring step's interview plan on the company profile's hiring steps: duration,
// interviewers, place and scorecard (attributes and questions, one per line), set or removed
// by whoever updates steps. Interviews proposed for the step start from it.

const ERRORS = 'interviews.errors';
const WORDS = 'interviews';

const SET_PLAN_MUTATION = graphql(`
  mutation SetInterviewPlan($hiringStepId: ID!, $data: InterviewPlanInput!) {
    setInterviewPlan(hiringStepId: $hiringStepId, data: $data) { id }
  }
`);
const REMOVE_PLAN_MUTATION = graphql(`
  mutation RemoveInterviewPlan($hiringStepId: ID!) {
    removeInterviewPlan(hiringStepId: $hiringStepId)
  }
`);

export const INTERVIEW_PLAN_INTENTS = ['saveInterviewPlan', 'removeInterviewPlan'] as const;
export type InterviewPlanIntent = (typeof INTERVIEW_PLAN_INTENTS)[number];

export interface InterviewPlanRefusal {
  kind: 'invalid';
  stepId: string | null;
  status: RefusalStatus;
  formError: string | null;
  fieldErrors: Record<string, string | undefined>;
  values: Record<string, string>;
  interviewerIds: string[];
}
export type InterviewPlanOutcome = Done<{ noticeKey: string; stepId: string }> | InterviewPlanRefusal;

export async function submitInterviewPlan(intent: InterviewPlanIntent, form: FormData, send: SendGraphql, t: Translate): Promise<InterviewPlanOutcome> {
  const stepId = postedId(form);
  const values = postedValues(form);
  const interviewerIds = form.getAll('interviewerIds').map(textOf);
  const refused = (status: RefusalStatus, fieldErrors: Record<string, string | undefined>, formError: string | null): InterviewPlanRefusal => ({ kind: 'invalid', stepId, status, formError, fieldErrors, values, interviewerIds });
  if (!stepId) return refused(422, {}, t(`${WORDS}.gone`));
  if (intent === 'removeInterviewPlan') {
    const answer = await sendDocument(send, REMOVE_PLAN_MUTATION, { hiringStepId: stepId });
    if (!answer.errors.length) return { kind: 'done', noticeKey: 'notices.interviews.planRemoved', stepId };
    const refusal = companyRefusal(answer.errors, t, WORDS, ERRORS);
    return refused(refusal.status, {}, refusal.message);
  }
  const kind = textOf(form.get('locationKind'));
  const duration = textOf(form.get('durationMinutes')).trim();
  const data = {
    durationMinutes: /^\d+$/.test(duration) ? Number(duration) : -1,
    interviewerIds,
    locationKind: ((INTERVIEW_LOCATION_KINDS as readonly string[]).includes(kind) ? kind : 'VIDEO') as InterviewLocationKind,
    location: textOf(form.get('location')),
    attributes: listOfLines(textOf(form.get('attributes'))),
    questions: listOfLines(textOf(form.get('questions'))),
  };
  const answer = await sendDocument(send, SET_PLAN_MUTATION, { hiringStepId: stepId, data });
  if (answer.data?.setInterviewPlan && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.interviews.planSaved', stepId };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[issue.path.split('.')[0] ?? issue.path] ??= t(`${ERRORS}.${issue.code}`, { ...issue.params, defaultValue: t(`${WORDS}.failed`) });
    // Every field the plan's input names is on the form: each refusal is said beside its field, once.
    return refused(422, fieldErrors, null);
  }
  const refusal = companyRefusal(answer.errors, t, WORDS, ERRORS);
  return refused(refusal.status, {}, refusal.message);
}
