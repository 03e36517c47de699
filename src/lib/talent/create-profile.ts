import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type FieldIssue, type FormOutcome } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import type { Translate } from '../i18n/i18n';
import { CREATE_TALENT_PROFILE_MUTATION } from './profile-operations';
import { createTalentProfileSchema, PROFILE_ERRORS } from './talent-profile-input';
import { sendDocument, type SendGraphql } from '../graphql/send-document';

const FIELDS = ['email', 'profileName'] as const;

export type CreateProfileValues = Record<(typeof FIELDS)[number], string>;

/** Done: created now, or it already existed; either way the profile page is where to go. */
export type CreateProfileOutcome = FormOutcome<CreateProfileValues>;

/**
 * Handles the 'Create profile' form (the CreateOneTalentProfile call): read with the schema
 * the API checks, so a bad field is refused before the API is asked; the API's own refusals
 * arrive as codes and are worded from the locale files like the form's.
 */
export async function submitCreateProfile(form: FormData, send: SendGraphql, t: Translate): Promise<CreateProfileOutcome> {
  const values = typedForm(form, FIELDS);
  const invalid = (issues: readonly FieldIssue[], formError: string | null = null): CreateProfileOutcome => ({
    kind: 'invalid',
    values,
    fieldErrors: fieldErrorsOf(issues, t, PROFILE_ERRORS),
    formError,
    status: 422,
  });
  const parsed = parseForm(form, createTalentProfileSchema, { coerce: false });
  if (!parsed.ok) return invalid(parsed.issues);
  const answer = await sendDocument(send, CREATE_TALENT_PROFILE_MUTATION, { data: parsed.value });
  const { issues, code } = answerIssues(answer.errors);
  if ((code === null && answer.data) || code === 'CONFLICT') return { kind: 'done' };
  if (issues.length > 0) return invalid(issues);
  return invalid([], t('talentDashboard.create.failed'));
}
