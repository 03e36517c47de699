import { errorToastMessage } from '../notifications/toast-policy';
import { answerErrors, UPDATE_TALENT_PROFILE_MUTATION } from './profile-operations';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { applyListIntent, placeFieldErrors, readIntent, sectionInput, sectionValuesFromForm, type SectionValues } from './profile-form';
import { sectionSpec, type SectionId } from './profile-sections';

export type SectionOutcome =
  | { kind: 'saved'; section: SectionId }
  /** An entry was added or removed: shown again, nothing saved yet. */
  | { kind: 'edited'; section: SectionId; values: SectionValues }
  | { kind: 'invalid'; section: SectionId; values: SectionValues; fieldErrors: Record<string, string>; formError: string | null };

/** i18n key (profile namespace) when a save fails without naming a field or a message. */
export const SAVE_FAILED_KEY = 'form.errors.saveFailed';

/**
 * Handles one section form post of the profile page: list edits, then the form's own
 * conversions, then the API's validation. Null when the post names no known section.
 * `translate` turns the profile namespace's keys into text.
 */
export async function submitProfileSection(form: FormData, send: SendGraphql, translate: (key: string) => string): Promise<SectionOutcome | null> {
  const section = sectionSpec(String(form.get('section') ?? ''));
  if (!section) return null;
  const posted = sectionValuesFromForm(section, form);
  const intent = readIntent(form.get('intent'));
  if (intent.kind !== 'save') return { kind: 'edited', section: section.id, values: applyListIntent(section, posted, intent) };

  const { input, values, errors } = sectionInput(section, posted);
  if (Object.keys(errors).length > 0) {
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, translate(key)]));
    return { kind: 'invalid', section: section.id, values, fieldErrors, formError: null };
  }

  const answer = await sendDocument(send, UPDATE_TALENT_PROFILE_MUTATION, { data: input });
  const failure = answerErrors(answer);
  if (!failure && answer.data) return { kind: 'saved', section: section.id };

  const placed = placeFieldErrors(section, failure?.fieldErrors ?? []);
  const hasFieldErrors = Object.keys(placed.byField).length > 0;
  const formError = placed.other.length > 0 ? placed.other.join(' ') : hasFieldErrors ? null : (errorToastMessage({ errors: answer.errors }) ?? translate(SAVE_FAILED_KEY));
  return { kind: 'invalid', section: section.id, values, fieldErrors: placed.byField, formError };
}
