import { z } from 'zod';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, fieldErrorsOf, type FieldIssue, type RefusalStatus } from '../forms/form-outcome';
import { idOrNull, posted } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { JOB_ALERT_ERRORS, jobAlertCreateSchema, jobAlertUpdateSchema } from './job-alert-input';

// The GraphQL of the job alert forms ("Create alert" on /jobs, the list on /site-settings)
// and their pure handlers: each answers the notice to show or the words of what went wrong.

export const MY_JOB_ALERTS_QUERY = graphql(`
  query MyJobAlerts { myJobAlerts { id query frequency lastSentAt createdAt } }
`);

export const CREATE_MY_JOB_ALERT_MUTATION = graphql(`
  mutation CreateMyJobAlert($data: CreateMyJobAlertInput!) { createMyJobAlert(data: $data) { id } }
`);

export const UPDATE_MY_JOB_ALERT_MUTATION = graphql(`
  mutation UpdateMyJobAlert($id: ID!, $data: UpdateMyJobAlertInput!) { updateMyJobAlert(id: $id, data: $data) { id frequency } }
`);

export const DELETE_MY_JOB_ALERT_MUTATION = graphql(`
  mutation DeleteMyJobAlert($id: ID!) { deleteMyJobAlert(id: $id) }
`);

export type JobAlertItem = ResultOf<typeof MY_JOB_ALERTS_QUERY>['myJobAlerts'][number];

/** The form intents of the job alert forms. */
export const JOB_ALERT_INTENTS = ['createAlert', 'updateAlert', 'deleteAlert'] as const;

export type JobAlertOutcome = ActionOutcome<{ noticeKey: string }>;

/** The alert a manage form names; an id that is no UUID names none. */
const jobAlertIdSchema = z.object({ id: idOrNull });

/** "Create alert" as posted: the API's rules, with an absent query read as blank (all jobs), as before. */
const jobAlertCreateFormSchema = jobAlertCreateSchema.extend({ query: posted(jobAlertCreateSchema.shape.query) });

/**
 * One posted job alert form: `intent=createAlert` with the /jobs `query` and `frequency`,
 * `updateAlert` with `id` and `frequency`, `deleteAlert` with `id`. The form kit reads
 * them with the API's own schemas, so a mistake is worded before any round trip; the
 * API's refusals (already saved, too many, no talent profile, not found) come back in words.
 */
export async function submitJobAlertForm(form: FormData, send: SendGraphql, t: Translate): Promise<JobAlertOutcome> {
  const intent = form.get('intent');
  const refused = (message: string, status: RefusalStatus = 422): JobAlertOutcome => ({ kind: 'refused', message, status });
  const invalid = (issues: readonly FieldIssue[]) => refused(Object.values(fieldErrorsOf(issues, t, JOB_ALERT_ERRORS, 'jobAlerts.failed'))[0] ?? t('jobAlerts.failed'));
  let answer;
  if (intent === 'createAlert') {
    const parsed = parseForm(form, jobAlertCreateFormSchema, { coerce: false });
    if (!parsed.ok) return invalid(parsed.issues);
    answer = await sendDocument(send, CREATE_MY_JOB_ALERT_MUTATION, { data: parsed.value });
  } else if (intent === 'updateAlert' || intent === 'deleteAlert') {
    const alert = parseForm(form, jobAlertIdSchema);
    const id = alert.ok ? alert.value.id : null;
    if (!id) return refused(t('jobAlerts.failed'), 400);
    if (intent === 'deleteAlert') answer = await sendDocument(send, DELETE_MY_JOB_ALERT_MUTATION, { id });
    else {
      const parsed = parseForm(form, jobAlertUpdateSchema, { coerce: false });
      if (!parsed.ok) return invalid(parsed.issues);
      answer = await sendDocument(send, UPDATE_MY_JOB_ALERT_MUTATION, { id, data: parsed.value });
    }
  } else {
    return refused(t('jobAlerts.failed'), 400);
  }
  if (!answer.errors.length && answer.data) {
    return { kind: 'done', noticeKey: intent === 'createAlert' ? 'notices.jobAlerts.created' : intent === 'deleteAlert' ? 'notices.jobAlerts.deleted' : 'notices.jobAlerts.saved' };
  }
  const { issues, code } = answerIssues(answer.errors);
  const reason = answer.errors[0]?.extensions?.reason;
  if (code === 'CONFLICT' && typeof reason === 'string') return refused(t(`${JOB_ALERT_ERRORS}.${reason}`), 409);
  if (issues[0]) return refused(t(`${JOB_ALERT_ERRORS}.${issues[0].code}`));
  // Creating before the talent profile exists: the API answers NOT_FOUND for the profile.
  if (code === 'NOT_FOUND' && intent === 'createAlert') return refused(t('jobAlerts.create.profileFirst'));
  return code === 'NOT_FOUND' ? refused(t('jobAlerts.gone'), 404) : refused(t('jobAlerts.failed'));
}
