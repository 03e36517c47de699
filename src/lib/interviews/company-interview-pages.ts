import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import type { Done, RefusalStatus } from '../forms/form-outcome';
import { postedValues, textOf } from '../forms/form-values';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { INTERVIEW_LOCATION_KINDS, MAX_PROPOSED_SLOTS, RECOMMENDATIONS, type InterviewLocationKind, type Recommendation } from './interview-rules';
import { isTimeZone, localInputInstant } from './slot-rule';

// The company's side of interviews on its pages: the documents the application page and
// /company/interviews read, and the posts of the application page's interviews section
// (propose times, move, cancel, fill in a scorecard), each answered in the member's words.

const WORDS = 'interviews';
const ERRORS = 'interviews.errors';

export const APPLICATION_INTERVIEWS_QUERY = graphql(`
  query ApplicationInterviews($jobApplicationId: ID!) {
    findManyInterview(jobApplicationId: $jobApplicationId, perPage: 20) {
      total
      items {
        id status jobApplicationId companyName talentName jobTitle startsAt endsAt durationMinutes timeZone locationKind location sequence
        otherTimesNote cancelReason cancelledBy mayChange updatedAt
        offeredSlots { id startsAt endsAt taken }
        interviewers { userId name }
        attributes questions amInterviewer scorecardsHidden feedbackMissing
        myScorecard { id recommendation ratings { attribute rating } answers { question answer } }
        scorecards { id interviewerName recommendation ratings { attribute rating } answers { question answer } }
        scorecardSummary { count recommendations { recommendation count } averages { attribute average count } }
      }
    }
  }
`);

export const COMPANY_INTERVIEWS_QUERY = graphql(`
  query CompanyInterviews($view: CompanyInterviewView!, $page: Int, $perPage: Int) {
    findManyInterview(view: $view, page: $page, perPage: $perPage) {
      total page perPage pageCount
      items {
        id status jobApplicationId companyName talentName jobTitle startsAt endsAt durationMinutes timeZone locationKind location sequence
        otherTimesNote cancelReason cancelledBy mayChange updatedAt
        offeredSlots { id startsAt endsAt taken }
        interviewers { userId name }
        feedbackMissing amInterviewer
      }
    }
  }
`);

export const INTERVIEW_SETUP_QUERY = graphql(`
  query InterviewSetup {
    findManyInterviewerChoice { userId name }
    findManyInterviewPlan { id hiringStepId durationMinutes interviewerIds locationKind location attributes questions }
  }
`);

const PROPOSE_MUTATION = graphql(`
  mutation ProposeInterviewTimes($jobApplicationId: ID!, $data: ProposeInterviewTimesInput!) {
    proposeInterviewTimes(jobApplicationId: $jobApplicationId, data: $data) { id }
  }
`);
const RESCHEDULE_MUTATION = graphql(`
  mutation RescheduleInterview($id: ID!, $slotId: ID, $startsAt: DateTime) {
    rescheduleInterview(id: $id, slotId: $slotId, startsAt: $startsAt) { id }
  }
`);
const CANCEL_MUTATION = graphql(`
  mutation CancelInterview($id: ID!, $reason: String!) {
    cancelInterview(id: $id, reason: $reason) { id }
  }
`);
const SCORECARD_MUTATION = graphql(`
  mutation SubmitInterviewScorecard($interviewId: ID!, $data: InterviewScorecardInput!) {
    submitInterviewScorecard(interviewId: $interviewId, data: $data) { id }
  }
`);

export type ApplicationInterview = ResultOf<typeof APPLICATION_INTERVIEWS_QUERY>['findManyInterview']['items'][number];
export type CompanyInterviewItem = ResultOf<typeof COMPANY_INTERVIEWS_QUERY>['findManyInterview']['items'][number];
export type InterviewSetup = ResultOf<typeof INTERVIEW_SETUP_QUERY>;

export const COMPANY_INTERVIEW_INTENTS = ['proposeInterview', 'rescheduleInterview', 'cancelInterview', 'submitScorecard'] as const;
export type CompanyInterviewIntent = (typeof COMPANY_INTERVIEW_INTENTS)[number];

/** How many start times the by-hand part of the form offers at once. */
export const TIME_FIELDS = 4;

/** A refused post: the form's words, the fields' and what was typed, kept to show the form again; `interviewId` names the interview a form was about (null for a proposal). */
export interface InterviewRefusal {
  kind: 'invalid';
  intent: CompanyInterviewIntent;
  interviewId: string | null;
  status: RefusalStatus;
  formError: string | null;
  fieldErrors: Record<string, string | undefined>;
  values: Record<string, string>;
  /** Boxes and multi-value fields as posted: interviewers, weekdays. */
  lists: Record<string, string[]>;
}
export type InterviewOutcome = Done<{ noticeKey: string }> | InterviewRefusal;

const numberOf = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

/** The fields the interview forms show a message beside: a refusal about one of them is said there, once. */
const SHOWN_FIELDS: ReadonlySet<string> = new Set(['timeZone', 'times', 'time0', 'time1', 'time2', 'time3', 'fromDay', 'toDay', 'dayStart', 'dayEnd', 'everyMinutes', 'bufferMinutes', 'weekdays', 'durationMinutes', 'location', 'interviewerIds', 'startsAt', 'reason', 'recommendation']);

/** A refusal of some fields: each said beside its field, and above the form only what no field shows (a rule that finds no time, a time taken). */
function fieldRefusal(base: Omit<InterviewRefusal, 'status' | 'formError' | 'fieldErrors'>, fieldErrors: Record<string, string>): InterviewRefusal {
  const unshown = Object.entries(fieldErrors).find(([field]) => !SHOWN_FIELDS.has(field));
  return { ...base, status: 422, fieldErrors, formError: unshown?.[1] ?? null };
}

/** Turns the API's answer into the outcome: done, or the refusal worded for the form. */
function outcomeOf(answer: { data: unknown; errors: Parameters<typeof companyRefusal>[0] }, done: string, base: Omit<InterviewRefusal, 'status' | 'formError' | 'fieldErrors'>, t: Translate): InterviewOutcome {
  if (answer.data && !answer.errors.length) return { kind: 'done', noticeKey: done };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[issue.path.split('.').pop() ?? issue.path] ??= t(`${ERRORS}.${issue.code}`, { ...issue.params, defaultValue: t(`${WORDS}.failed`) });
    return fieldRefusal(base, fieldErrors);
  }
  const refusal = companyRefusal(answer.errors, t, WORDS, ERRORS);
  return { ...base, status: refusal.status, fieldErrors: {}, formError: refusal.message };
}

/** Proposes times for an application: some typed by hand (datetime-local in the chosen zone), and/or the slot rule's. */
export async function submitProposal(jobApplicationId: string, form: FormData, send: SendGraphql, t: Translate): Promise<InterviewOutcome> {
  const values = postedValues(form);
  const lists = { interviewerIds: form.getAll('interviewerIds').map(textOf), weekdays: form.getAll('weekdays').map(textOf) };
  const base = { kind: 'invalid' as const, intent: 'proposeInterview' as const, interviewId: null, values, lists };
  const refuse = (field: string, code: string): InterviewOutcome => fieldRefusal(base, { [field]: t(`${ERRORS}.${code}`, { max: MAX_PROPOSED_SLOTS }) });
  const timeZone = textOf(form.get('timeZone'));
  if (!isTimeZone(timeZone)) return refuse('timeZone', 'timeZoneUnknown');
  const times: string[] = [];
  for (let index = 0; index < TIME_FIELDS; index += 1) {
    const typed = textOf(form.get(`time${index}`)).trim();
    if (!typed) continue;
    const instant = localInputInstant(typed, timeZone);
    if (!instant) return refuse(`time${index}`, 'slotInvalid');
    times.push(instant.toISOString());
  }
  const byRule = textOf(form.get('byRule')) === 'on';
  if (!times.length && !byRule) return refuse('time0', 'slotsRequired');
  const duration = numberOf(textOf(form.get('durationMinutes')));
  const kind = textOf(form.get('locationKind'));
  const data = {
    timeZone,
    times,
    ...(duration !== null ? { durationMinutes: duration } : {}),
    interviewerIds: lists.interviewerIds,
    ...((INTERVIEW_LOCATION_KINDS as readonly string[]).includes(kind) ? { locationKind: kind as InterviewLocationKind } : {}),
    location: textOf(form.get('location')),
    ...(byRule
      ? {
          rule: {
            fromDay: textOf(form.get('fromDay')),
            toDay: textOf(form.get('toDay')),
            dayStart: textOf(form.get('dayStart')),
            dayEnd: textOf(form.get('dayEnd')),
            weekdays: lists.weekdays.map(Number).filter((day) => Number.isInteger(day)),
            bufferMinutes: numberOf(textOf(form.get('bufferMinutes'))) ?? -1,
            everyMinutes: numberOf(textOf(form.get('everyMinutes'))) ?? -1,
          },
        }
      : {}),
  };
  return outcomeOf(await sendDocument(send, PROPOSE_MUTATION, { jobApplicationId, data }), 'notices.interviews.proposed', base, t);
}

/** Moves a booked interview: to another offered time, or to a time the member types. */
export async function submitCompanyReschedule(form: FormData, send: SendGraphql, t: Translate): Promise<InterviewOutcome> {
  const id = postedId(form);
  const values = postedValues(form);
  const base = { kind: 'invalid' as const, intent: 'rescheduleInterview' as const, interviewId: id, values, lists: {} };
  if (!id) return { ...base, status: 422, fieldErrors: {}, formError: t(`${WORDS}.gone`) };
  const slotId = textOf(form.get('slotId'));
  const typed = textOf(form.get('startsAt')).trim();
  const startsAt = typed ? localInputInstant(typed, textOf(form.get('timeZone'))) : null;
  if (typed && !startsAt) return fieldRefusal(base, { startsAt: t(`${ERRORS}.slotInvalid`) });
  if (!slotId && !startsAt) return fieldRefusal(base, { startsAt: t(`${ERRORS}.slotsRequired`) });
  return outcomeOf(await sendDocument(send, RESCHEDULE_MUTATION, { id, slotId: startsAt ? null : slotId, startsAt: startsAt ? startsAt.toISOString() : null }), 'notices.interviews.moved', base, t);
}

/** Cancels an interview (a proposal, or a booked one until it starts), with the reason the participants are mailed. */
export async function submitCompanyCancel(form: FormData, send: SendGraphql, t: Translate): Promise<InterviewOutcome> {
  const id = postedId(form);
  const values = postedValues(form);
  const base = { kind: 'invalid' as const, intent: 'cancelInterview' as const, interviewId: id, values, lists: {} };
  if (!id) return { ...base, status: 422, fieldErrors: {}, formError: t(`${WORDS}.gone`) };
  return outcomeOf(await sendDocument(send, CANCEL_MUTATION, { id, reason: textOf(form.get('reason')) }), 'notices.interviews.cancelled', base, t);
}

/**
 * An interviewer's scorecard: each attribute's rating (`rating<i>`, named by the hidden
 * `attribute<i>`), each question's answer (`answer<i>` for `question<i>`), a recommendation.
 */
export async function submitScorecard(form: FormData, send: SendGraphql, t: Translate): Promise<InterviewOutcome> {
  const id = postedId(form);
  const values = postedValues(form);
  const base = { kind: 'invalid' as const, intent: 'submitScorecard' as const, interviewId: id, values, lists: {} };
  if (!id) return { ...base, status: 422, fieldErrors: {}, formError: t(`${WORDS}.gone`) };
  const indexed = (prefix: string) => Object.keys(values).filter((key) => new RegExp(`^${prefix}\\d+$`).test(key));
  const ratings = indexed('attribute').map((key) => ({ attribute: values[key]!, rating: numberOf(values[`rating${key.slice('attribute'.length)}`] ?? '') ?? 0 }));
  const answers = indexed('question').map((key) => ({ question: values[key]!, answer: values[`answer${key.slice('question'.length)}`] ?? '' }));
  const recommendation = values.recommendation ?? '';
  if (!(RECOMMENDATIONS as readonly string[]).includes(recommendation)) return fieldRefusal(base, { recommendation: t(`${ERRORS}.recommendationRequired`) });
  return outcomeOf(await sendDocument(send, SCORECARD_MUTATION, { interviewId: id, data: { ratings, answers, recommendation: recommendation as Recommendation } }), 'notices.interviews.scored', base, t);
}

/** One post of the interviews section, by its intent. */
export function submitCompanyInterview(intent: CompanyInterviewIntent, jobApplicationId: string, form: FormData, send: SendGraphql, t: Translate): Promise<InterviewOutcome> {
  switch (intent) {
    case 'proposeInterview':
      return submitProposal(jobApplicationId, form, send, t);
    case 'rescheduleInterview':
      return submitCompanyReschedule(form, send, t);
    case 'cancelInterview':
      return submitCompanyCancel(form, send, t);
    case 'submitScorecard':
      return submitScorecard(form, send, t);
  }
}

