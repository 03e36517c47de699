import { errorToastMessage } from '../notifications/toast-policy';
import { answerErrors, CREATE_TALENT_PROFILE_MUTATION } from './profile-operations';
import { sendDocument, type SendGraphql } from '../graphql/send-document';

export interface CreateProfileValues {
  email: string;
  profileName: string;
}

export type CreateProfileOutcome =
  /** Created now, or it already existed: either way the profile page is where to go. */
  | { kind: 'created' }
  | { kind: 'invalid'; values: CreateProfileValues; fieldErrors: Partial<Record<keyof CreateProfileValues, string>>; formError: string | null };

const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** Handles the 'Create profile' form (spec §7 CreateOneTalentProfile). */
export async function submitCreateProfile(form: FormData, send: SendGraphql, failedMessage: string): Promise<CreateProfileOutcome> {
  const values = { email: textOf(form.get('email')).trim(), profileName: textOf(form.get('profileName')).trim() };
  const answer = await sendDocument(send, CREATE_TALENT_PROFILE_MUTATION, { data: values });
  const failure = answerErrors(answer);
  if ((!failure && answer.data) || failure?.code === 'CONFLICT') return { kind: 'created' };
  const fieldErrors: Partial<Record<keyof CreateProfileValues, string>> = {};
  for (const { path, message } of failure?.fieldErrors ?? []) {
    if (path === 'email' || path === 'profileName') fieldErrors[path] ??= message;
  }
  const formError = Object.keys(fieldErrors).length > 0 ? null : (errorToastMessage({ errors: answer.errors }) ?? failedMessage);
  return { kind: 'invalid', values, fieldErrors, formError };
}
