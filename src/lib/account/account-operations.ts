import type { Translate } from '../i18n/i18n';
import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type ActionOutcome, type FormOutcome } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { dataOf } from '../graphql/answer-data';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type DocumentAnswer, type SendGraphql } from '../graphql/send-document';
import { ACCOUNT_ERRORS, accountFormSchema } from './account-input';
import type { Language } from '../i18n/namespaces';

// The GraphQL the account pages send, and the pure handlers of their forms.

export const MY_ACCOUNT_QUERY = graphql(`
  query MyAccount {
    myAccount { id email displayName phoneNumber language }
  }
`);

export const UPDATE_ME_MUTATION = graphql(`
  mutation UpdateMe($data: UpdateMeInput!) {
    updateMe(data: $data) { id displayName phoneNumber language }
  }
`);

export const MY_NOTIFICATION_PREFERENCES_QUERY = graphql(`
  query MyNotificationPreferences {
    myNotificationPreferences { type email ui push }
  }
`);

export const UPDATE_MY_NOTIFICATION_PREFERENCES_MUTATION = graphql(`
  mutation UpdateMyNotificationPreferences($data: [NotificationPreferenceInput!]!) {
    updateMyNotificationPreferences(data: $data) { type }
  }
`);

export const MY_ACCOUNT_DELETION_QUERY = graphql(`
  query MyAccountDeletion {
    myAccountDeletion { refusal soleOwnedCompanies { id name } }
  }
`);

export const DELETE_ME_MUTATION = graphql(`
  mutation DeleteMe($confirmation: String!) {
    deleteMe(confirmation: $confirmation)
  }
`);

export const MY_PERSONAL_DATA_EXPORTS_QUERY = graphql(`
  query MyPersonalDataExports {
    myPersonalDataExports { id status createdAt expiresAt size downloadUrl }
  }
`);

export const REQUEST_MY_PERSONAL_DATA_EXPORT_MUTATION = graphql(`
  mutation RequestMyPersonalDataExport {
    requestMyPersonalDataExport { id status }
  }
`);

export const FIND_MY_PERSONAL_DATA_EXPORT_QUERY = graphql(`
  query FindMyPersonalDataExport($id: ID!, $key: String!) {
    findMyPersonalDataExport(id: $id, key: $key)
  }
`);

export type AccountView = ResultOf<typeof MY_ACCOUNT_QUERY>['myAccount'];
/** One row of the settings table: an event type and its channels. */
export type NotificationPreferenceView = ResultOf<typeof MY_NOTIFICATION_PREFERENCES_QUERY>['myNotificationPreferences'][number];

export function readAccountAnswer(answer: DocumentAnswer<ResultOf<typeof MY_ACCOUNT_QUERY>>): AccountView {
  return dataOf(answer, 'the account').myAccount;
}

export type AccountDeletionView = ResultOf<typeof MY_ACCOUNT_DELETION_QUERY>['myAccountDeletion'];

export function readAccountDeletionAnswer(answer: DocumentAnswer<ResultOf<typeof MY_ACCOUNT_DELETION_QUERY>>): AccountDeletionView {
  return dataOf(answer, 'whether the account may be deleted').myAccountDeletion;
}

export type PersonalDataExportView = ResultOf<typeof MY_PERSONAL_DATA_EXPORTS_QUERY>['myPersonalDataExports'][number];

export function readPersonalDataExportsAnswer(answer: DocumentAnswer<ResultOf<typeof MY_PERSONAL_DATA_EXPORTS_QUERY>>): PersonalDataExportView[] {
  return dataOf(answer, 'the archives of your data').myPersonalDataExports;
}

export function readPreferencesAnswer(answer: DocumentAnswer<ResultOf<typeof MY_NOTIFICATION_PREFERENCES_QUERY>>): NotificationPreferenceView[] {
  return dataOf(answer, 'the notification preferences').myNotificationPreferences;
}

export interface AccountFormValues {
  displayName: string;
  phoneNumber: string;
  language: string;
}

const ACCOUNT_FORM_FIELDS = ['displayName', 'phoneNumber', 'language'] as const;

/**
 * The /edit-account form: read and checked with the rules the API uses (so a mistake is
 * shown without a round trip), then saved; what the API still refuses is worded from
 * its issue codes. `t` words the codes (`account.errors.<code>`).
 */
export async function submitAccountForm(form: FormData, send: SendGraphql, t: Translate): Promise<FormOutcome<AccountFormValues, { language: Language }>> {
  const parsed = parseForm(form, accountFormSchema);
  if (!parsed.ok) {
    return { kind: 'invalid', values: typedForm(form, ACCOUNT_FORM_FIELDS), fieldErrors: fieldErrorsOf(parsed.issues, t, ACCOUNT_ERRORS), formError: null, status: 422 };
  }
  const values = { displayName: parsed.value.displayName, phoneNumber: parsed.value.phoneNumber ?? '', language: parsed.value.language };
  const answer = await sendDocument(send, UPDATE_ME_MUTATION, { data: values });
  if (answer.data && !answer.errors.length) return { kind: 'done', language: values.language };
  const { issues } = answerIssues(answer.errors);
  const fieldErrors = fieldErrorsOf(issues, t, ACCOUNT_ERRORS);
  return { kind: 'invalid', values, fieldErrors, formError: issues.length ? null : t('editAccount.failed'), status: 422 };
}

/**
 * The /site-settings form: the whole table, so a box left unchecked is stored as off. The
 * form posts every event type once, so a refusal names none of its boxes (only a changed
 * API or a lost connection fails it): it is said once, above the form, in the page's words.
 */
export async function submitPreferencesForm(
  preferences: NotificationPreferenceView[],
  send: SendGraphql,
  t: Translate,
): Promise<FormOutcome<NotificationPreferenceView[]>> {
  const answer = await sendDocument(send, UPDATE_MY_NOTIFICATION_PREFERENCES_MUTATION, { data: preferences });
  if (answer.data && !answer.errors.length) return { kind: 'done' };
  return { kind: 'invalid', values: preferences, fieldErrors: {}, formError: t('siteSettings.failed'), status: 422 };
}

/** The refusals of the account deletion rule that name no field: said above the form. */
const DELETION_REFUSALS = new Set(['impersonating', 'adminAccount', 'soleOwner', 'signInAgain']);

/**
 * The Delete my account form of /edit-account: the typed address goes to deleteMe as it
 * is (the API compares it, so the page never decides alone); a wrong address is said on
 * its field and kept, a refusal of the rule above the form, anything else as a failure.
 */
export async function submitDeleteAccountForm(form: FormData, send: SendGraphql, t: Translate): Promise<FormOutcome<{ confirmation: string }>> {
  const values = typedForm(form, ['confirmation'] as const);
  const answer = await sendDocument(send, DELETE_ME_MUTATION, { confirmation: values.confirmation });
  if (answer.data?.deleteMe && !answer.errors.length) return { kind: 'done' };
  const { issues, code } = answerIssues(answer.errors);
  const reason = answer.errors[0]?.extensions?.reason;
  if (typeof reason === 'string' && DELETION_REFUSALS.has(reason)) {
    return { kind: 'invalid', values, fieldErrors: {}, formError: t(`${ACCOUNT_ERRORS}.${reason}`), status: code === 'CONFLICT' ? 409 : 403 };
  }
  const fieldErrors = fieldErrorsOf(issues, t, ACCOUNT_ERRORS);
  return { kind: 'invalid', values, fieldErrors, formError: issues.length ? null : t('editAccount.delete.failed'), status: 422 };
}

/**
 * The "Prepare my archive" button of /edit-account: asks for an archive; one already being
 * prepared, or anything else that fails, is said in the page's words.
 */
export async function submitPersonalDataExportRequest(send: SendGraphql, t: Translate): Promise<ActionOutcome> {
  const answer = await sendDocument(send, REQUEST_MY_PERSONAL_DATA_EXPORT_MUTATION, {});
  if (answer.data?.requestMyPersonalDataExport && !answer.errors.length) return { kind: 'done' };
  const reason = answer.errors[0]?.extensions?.reason;
  if (reason === 'exportPreparing' || reason === 'exportLimit' || reason === 'impersonating') return { kind: 'refused', message: t(`${ACCOUNT_ERRORS}.${reason}`), status: reason === 'impersonating' ? 403 : 409 };
  return { kind: 'refused', message: t('editAccount.personalData.failed'), status: 422 };
}
