import { z } from 'zod';
import type { ActionOutcome } from '../forms/form-outcome';
import { checkbox, idOrNull } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { applicationHref } from './application-link';

// Withdrawing an application from the applied jobs page, in one post: the application, the
// reason she picked from the company's list (optional) and whether she takes back its note,
// answers and documents. Lands back on the application.

export const WITHDRAW_MY_JOB_APPLICATION_MUTATION = graphql(`
  mutation WithdrawMyJobApplication($id: ID!, $withdrawalReasonId: ID, $eraseDocuments: Boolean) {
    withdrawMyJobApplication(id: $id, withdrawalReasonId: $withdrawalReasonId, eraseDocuments: $eraseDocuments) { id talentStatus }
  }
`);

export const WITHDRAW_INTENT = 'withdraw';

export const withdrawalFormSchema = z.object({ id: idOrNull, withdrawalReasonId: idOrNull, eraseDocuments: checkbox });

/** Refused: the application ended meanwhile (409), is not hers or gone (404), or the form was not ours (400). */
export type WithdrawalOutcome = ActionOutcome<{ location: string }, { applicationId: string | null }>;

export async function submitWithdrawal(form: FormData, send: SendGraphql, t: Translate): Promise<WithdrawalOutcome> {
  const parsed = parseForm(form, withdrawalFormSchema);
  const id = parsed.ok ? parsed.value.id : null;
  if (!parsed.ok || !id) return { kind: 'refused', applicationId: null, message: t('appliedJobs.withdraw.errors.invalid'), status: 400 };
  const { withdrawalReasonId, eraseDocuments } = parsed.value;
  const answer = await sendDocument(send, WITHDRAW_MY_JOB_APPLICATION_MUTATION, { id, withdrawalReasonId, eraseDocuments });
  if (answer.data?.withdrawMyJobApplication && !answer.errors.length) return { kind: 'done', location: applicationHref(id) };
  const code = answer.errors[0]?.extensions?.code;
  if (code === 'CONFLICT') return { kind: 'refused', applicationId: id, message: t('appliedJobs.withdraw.errors.applicationEnded'), status: 409 };
  if (code === 'NOT_FOUND') return { kind: 'refused', applicationId: id, message: t('appliedJobs.withdraw.errors.gone'), status: 404 };
  return { kind: 'refused', applicationId: id, message: t('appliedJobs.withdraw.errors.failed'), status: answer.status >= 500 ? 502 : 422 };
}
