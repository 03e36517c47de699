import { companyRefusal } from '../forms/company-refusals';
import { typedForm } from '../forms/form-values';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, fieldErrorsOf, type RefusalStatus } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { rejectionReasonCreateSchema, rejectionReasonUpdateSchema } from './rejection-reason-input';

// The Rejection reasons section of the company profile page.

const WORDS = 'jobApplications.reasons';
const ERRORS = 'jobApplications.errors';

export const CREATE_ONE_COMPANY_REJECTION_REASON_MUTATION = graphql(`
  mutation CreateOneCompanyRejectionReason($data: CreateOneCompanyRejectionReasonInput!) {
    createOneCompanyRejectionReason(data: $data) { id }
  }
`);

export const UPDATE_ONE_COMPANY_REJECTION_REASON_MUTATION = graphql(`
  mutation UpdateOneCompanyRejectionReason($id: ID!, $label: String!) {
    updateOneCompanyRejectionReason(id: $id, label: $label) { id }
  }
`);

export const DELETE_ONE_COMPANY_REJECTION_REASON_MUTATION = graphql(`
  mutation DeleteOneCompanyRejectionReason($id: ID!) {
    deleteOneCompanyRejectionReason(id: $id)
  }
`);

export const REJECTION_REASON_INTENTS = ['addReason', 'renameReason', 'removeReason'] as const;
export type RejectionReasonIntent = (typeof REJECTION_REASON_INTENTS)[number];

export function isRejectionReasonIntent(value: unknown): value is RejectionReasonIntent {
  return typeof value === 'string' && (REJECTION_REASON_INTENTS as readonly string[]).includes(value);
}

export type RejectionReasonOutcome = ActionOutcome<{ noticeKey: string }, { intent: RejectionReasonIntent; reasonId: string | null; values: { kind: string; label: string } }>;

export async function submitRejectionReasonForm(intent: RejectionReasonIntent, form: FormData, send: SendGraphql, t: Translate): Promise<RejectionReasonOutcome> {
  const reasonId = intent === 'addReason' ? null : postedId(form);
  const values = typedForm(form, ['kind', 'label']);
  const refused = (message: string, status: RefusalStatus = 422): RejectionReasonOutcome => ({ kind: 'refused', intent, reasonId, message, status, values });
  if (intent !== 'addReason' && !reasonId) return refused(t(`${WORDS}.gone`));
  const firstIssue = (issues: readonly { path: string; code: string }[]) => Object.values(fieldErrorsOf(issues, t, ERRORS))[0] ?? t(`${WORDS}.invalid`);
  let answer;
  if (intent === 'removeReason') {
    answer = await sendDocument(send, DELETE_ONE_COMPANY_REJECTION_REASON_MUTATION, { id: reasonId! });
    if (answer.data?.deleteOneCompanyRejectionReason && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.jobApplications.reasonRemoved' };
  } else if (intent === 'renameReason') {
    const parsed = parseForm(form, rejectionReasonUpdateSchema);
    if (!parsed.ok) return refused(firstIssue(parsed.issues));
    answer = await sendDocument(send, UPDATE_ONE_COMPANY_REJECTION_REASON_MUTATION, { id: reasonId!, label: parsed.value.label });
    if (answer.data?.updateOneCompanyRejectionReason && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.jobApplications.reasonRenamed' };
  } else {
    const parsed = parseForm(form, rejectionReasonCreateSchema);
    if (!parsed.ok) return refused(firstIssue(parsed.issues));
    answer = await sendDocument(send, CREATE_ONE_COMPANY_REJECTION_REASON_MUTATION, { data: parsed.value });
    if (answer.data?.createOneCompanyRejectionReason && !answer.errors.length) return { kind: 'done', noticeKey: 'notices.jobApplications.reasonAdded' };
  }
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return refused(firstIssue(issues));
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return refused(refusal.message, refusal.status);
}
