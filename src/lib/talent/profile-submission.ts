import { answerIssues } from '../forms/answer-issues';
import { type Done, fieldErrorsOf, type FieldIssue, type Invalid } from '../forms/form-outcome';
import type { Translate } from '../i18n/i18n';
import { UPDATE_TALENT_PROFILE_MUTATION } from './profile-operations';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { parseForm } from '../forms/parse-form';
import { applyListIntent, placeIssues, PROFILE_SECTION_FORMS, readIntent, sectionValuesFromPayload, type SectionValues } from './profile-form';
import { sectionSpec, type SectionId, type SectionSpec } from './profile-sections';
import { PROFILE_ERRORS } from './talent-profile-input';

/**
 * The form kit's outcome of one profile section, and a fourth kind for the list intents
 * (edited: an entry was added or removed; shown again, nothing saved yet).
 */
export type SectionOutcome = Done<{ section: SectionId }> | { kind: 'edited'; section: SectionId; values: SectionValues } | (Invalid<SectionValues> & { section: SectionId });

/** i18n key (profile namespace) when a save fails without naming a field or a message. */
export const SAVE_FAILED_KEY = 'form.errors.saveFailed';

/** The section shown again with each issue worded on its field, and the rest above the form. */
function refused(section: SectionSpec, values: SectionValues, issues: readonly FieldIssue[], t: Translate): SectionOutcome {
  const placed = placeIssues(section, issues);
  const other = Object.values(fieldErrorsOf(placed.other, t, PROFILE_ERRORS));
  return { kind: 'invalid', section: section.id, values, fieldErrors: fieldErrorsOf(placed.byField, t, PROFILE_ERRORS), formError: other.length > 0 ? other.join(' ') : null, status: 422 };
}

/**
 * Handles one section form post of the profile page: list edits, then the form kit reads
 * the post with the section's form schema (its conversions piped into the schema the API
 * checks with), then the API's checks against the stored profile. Null when the post
 * names no known section.
 */
export async function submitProfileSection(form: FormData, send: SendGraphql, t: Translate): Promise<SectionOutcome | null> {
  const section = sectionSpec(String(form.get('section') ?? ''));
  if (!section) return null;
  const parsed = parseForm(form, PROFILE_SECTION_FORMS[section.id], { coerce: false });
  const intent = readIntent(form.get('intent'));
  if (intent.kind !== 'save') {
    return { kind: 'edited', section: section.id, values: applyListIntent(section, sectionValuesFromPayload(section, parsed.payload, { keepBlank: true }), intent) };
  }

  const values = sectionValuesFromPayload(section, parsed.payload, { keepBlank: false });
  if (!parsed.ok) return refused(section, values, parsed.issues, t);

  const answer = await sendDocument(send, UPDATE_TALENT_PROFILE_MUTATION, { data: parsed.value });
  if (answer.errors.length === 0 && answer.data) return { kind: 'done', section: section.id };
  const answered = answerIssues(answer.errors).issues;
  if (answered.length > 0) return refused(section, values, answered, t);
  return { kind: 'invalid', section: section.id, values, fieldErrors: {}, formError: t(`profile:${SAVE_FAILED_KEY}`), status: 422 };
}
