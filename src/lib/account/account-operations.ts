import type { Translate } from '../i18n/i18n';
import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type FormOutcome } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql } from '../graphql/graphql';
import { sendDocument, type GraphqlAnswerLike, type SendGraphql } from '../graphql/send-document';
import { answerErrors } from '../talent/profile-operations';
import { ACCOUNT_ERRORS, accountFormSchema } from './account-input';
import type { NotificationPreference } from './notification-preferences';

// The GraphQL the account pages send, and the pure handlers of their forms.

export interface AccountView {
  id: string;
  email: string;
  displayName: string | null;
  phoneNumber: string | null;
}

export const MY_ACCOUNT_QUERY = `query MyAccount {
  myAccount { id email displayName phoneNumber }
}`;

export const UPDATE_ME_MUTATION = graphql(`
  mutation UpdateMe($data: UpdateMeInput!) {
    updateMe(data: $data) { id displayName phoneNumber }
  }
`);

export const MY_NOTIFICATION_PREFERENCES_QUERY = `query MyNotificationPreferences {
  myNotificationPreferences { type email ui push }
}`;

export const UPDATE_MY_NOTIFICATION_PREFERENCES_MUTATION = `mutation UpdateMyNotificationPreferences($data: [NotificationPreferenceInput!]!) {
  updateMyNotificationPreferences(data: $data) { type }
}`;

/** The data of a page query; throws when the API failed, so the page shows its error page. */
function dataOf<T>(answer: GraphqlAnswerLike, what: string): T {
  const data = answer.body.data as T | null | undefined;
  if (answer.body.errors?.length || !data) throw new Error(`loading ${what} failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  return data;
}

export function readAccountAnswer(answer: GraphqlAnswerLike): AccountView {
  return dataOf<{ myAccount: AccountView }>(answer, 'the account').myAccount;
}

export function readPreferencesAnswer(answer: GraphqlAnswerLike): NotificationPreference[] {
  return dataOf<{ myNotificationPreferences: NotificationPreference[] }>(answer, 'the notification preferences').myNotificationPreferences;
}

export interface AccountFormValues {
  displayName: string;
  phoneNumber: string;
}

const ACCOUNT_FORM_FIELDS = ['displayName', 'phoneNumber'] as const;

/**
 * The /edit-account form: read and checked with the rules the API uses (so a mistake is
 * shown without a round trip), then saved; what the API still refuses is worded from
 * its issue codes. `t` words the codes (`account.errors.<code>`).
 */
export async function submitAccountForm(form: FormData, send: SendGraphql, t: Translate): Promise<FormOutcome<AccountFormValues>> {
  const parsed = parseForm(form, accountFormSchema);
  if (!parsed.ok) {
    return { kind: 'invalid', values: typedForm(form, ACCOUNT_FORM_FIELDS), fieldErrors: fieldErrorsOf(parsed.issues, t, ACCOUNT_ERRORS), formError: null };
  }
  const values = { displayName: parsed.value.displayName, phoneNumber: parsed.value.phoneNumber ?? '' };
  const answer = await sendDocument(send, UPDATE_ME_MUTATION, { data: values });
  if (answer.data && !answer.errors.length) return { kind: 'saved' };
  const { issues } = answerIssues(answer.errors);
  const fieldErrors = fieldErrorsOf(issues, t, ACCOUNT_ERRORS);
  return { kind: 'invalid', values, fieldErrors, formError: issues.length ? null : t('editAccount.failed') };
}

/** The /site-settings form: the whole table, so a box left unchecked is stored as off. */
export async function submitPreferencesForm(
  preferences: NotificationPreference[],
  send: SendGraphql,
  failedMessage: string,
): Promise<FormOutcome<NotificationPreference[]>> {
  const answer = await send({ query: UPDATE_MY_NOTIFICATION_PREFERENCES_MUTATION, variables: { data: preferences }, operationName: 'UpdateMyNotificationPreferences' });
  return outcomeOf(answer, preferences, failedMessage, []);
}

function outcomeOf<Values>(answer: GraphqlAnswerLike, values: Values, failedMessage: string, fields: readonly string[]): FormOutcome<Values> {
  const failure = answerErrors(answer);
  if (!failure && answer.body.data) return { kind: 'saved' };
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const { path, message } of failure?.fieldErrors ?? []) {
    if (fields.includes(path)) fieldErrors[path] ??= message;
  }
  // A failure that names none of the form's fields (or a transport error) is said once, above the form.
  const formError = Object.keys(fieldErrors).length ? null : failure?.code === 'BAD_USER_INPUT' && failure.message ? failure.message : failedMessage;
  return { kind: 'invalid', values, fieldErrors, formError };
}
