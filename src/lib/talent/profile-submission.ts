import { answerIssues } from '../forms/answer-issues';
import { type Done, fieldErrorsOf, type FieldIssue, type Invalid } from '../forms/form-outcome';
import type { Translate } from '../i18n/i18n';
import { UPDATE_TALENT_PROFILE_MUTATION } from './profile-operations';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { parseForm, type ParsedForm } from '../forms/parse-form';
import { draftFormsOf, type SectionDrafts } from './profile-drafts';
import { applyListIntent, placeIssues, PROFILE_SECTION_FORMS, readIntent, sectionValuesFromPayload, withNewEntry, type SectionValues } from './profile-form';
import { sectionSpec, type SectionId, type SectionSpec } from './profile-sections';
import { PROFILE_ERRORS } from './talent-profile-input';

/**
 * The form kit's outcome of one profile section post, and two more kinds: edited (a list
 * entry added or removed, or another section opened: shown again, nothing saved; `values`
 * null shows the section as stored) and closed (the open section's changes cancelled).
 * Every kind shown again carries the other sections' drafts back.
 */
export type SectionOutcome =
  | Done<{ section: SectionId }>
  | { kind: 'closed'; section: SectionId }
  | { kind: 'edited'; section: SectionId; values: SectionValues | null; drafts: SectionDrafts }
  | (Invalid<SectionValues> & { section: SectionId; drafts: SectionDrafts });

/** i18n key (profile namespace) when a save fails without naming a field or a message. */
export const SAVE_FAILED_KEY = 'form.errors.saveFailed';

type Read = { section: SectionSpec; parsed: ParsedForm<Record<string, unknown>> };

const typedValues = ({ section, parsed }: Read, keepBlank: boolean) => sectionValuesFromPayload(section, parsed.payload, { keepBlank });

const draftsOf = (reads: readonly Read[]): SectionDrafts => Object.fromEntries(reads.map((read) => [read.section.id, typedValues(read, true)]));

/** The section shown again with each issue worded on its field, and the rest above the form. */
function refused(read: Read, issues: readonly FieldIssue[], t: Translate, drafts: SectionDrafts): SectionOutcome {
  const placed = placeIssues(read.section, issues);
  const other = Object.values(fieldErrorsOf(placed.other, t, PROFILE_ERRORS));
  return {
    kind: 'invalid',
    section: read.section.id,
    values: typedValues(read, false),
    fieldErrors: fieldErrorsOf(placed.byField, t, PROFILE_ERRORS),
    formError: other.length > 0 ? other.join(' ') : null,
    status: 422,
    drafts,
  };
}

/**
 * Handles one section form post of the profile page: list edits and moving between
 * sections first, then Save: the form kit reads the open section and every carried draft
 * with its section's form schema (its conversions piped into the schema the API checks
 * with), and one update saves them all, checked by the API against the stored profile. A
 * section that fails opens with its messages, the others carried as drafts. Null when the
 * post names no known section.
 */
export async function submitProfileSection(form: FormData, send: SendGraphql, t: Translate): Promise<SectionOutcome | null> {
  const section = sectionSpec(String(form.get('section') ?? ''));
  if (!section) return null;
  // A skill typed in the new-entry field is an entry from here on, whatever the post.
  const posted = withNewEntry(section, form);
  const open: Read = { section, parsed: parseForm(posted.form, PROFILE_SECTION_FORMS[section.id], { coerce: false }) };
  const drafts: Read[] = [...draftFormsOf(form, section.id)].map(([id, draft]) => ({ section: sectionSpec(id)!, parsed: parseForm(withNewEntry(sectionSpec(id)!, draft).form, PROFILE_SECTION_FORMS[id], { coerce: false }) }));
  const intent = readIntent(form.get('intent'));
  const others = (except: Read) => draftsOf([open, ...drafts].filter((read) => read !== except));

  if (intent.kind === 'add' || intent.kind === 'remove') {
    // Add with a typed skill has added it already; without, it adds an empty entry.
    const values = intent.kind === 'add' && posted.added ? typedValues(open, true) : applyListIntent(section, typedValues(open, true), intent);
    return { kind: 'edited', section: section.id, values, drafts: draftsOf(drafts) };
  }
  if (intent.kind === 'open') {
    const target = [open, ...drafts].find((read) => read.section.id === intent.section);
    return { kind: 'edited', section: intent.section, values: target ? typedValues(target, true) : null, drafts: target ? others(target) : draftsOf([open, ...drafts]) };
  }
  if (intent.kind === 'cancel') {
    const [next] = drafts;
    return next ? { kind: 'edited', section: next.section.id, values: typedValues(next, true), drafts: draftsOf(drafts.slice(1)) } : { kind: 'closed', section: section.id };
  }

  for (const read of [open, ...drafts]) if (!read.parsed.ok) return refused(read, read.parsed.issues, t, others(read));
  const data = Object.assign({}, ...drafts.map((read) => (read.parsed.ok ? read.parsed.value : {})), open.parsed.ok ? open.parsed.value : {});
  const answer = await sendDocument(send, UPDATE_TALENT_PROFILE_MUTATION, { data });
  if (answer.errors.length === 0 && answer.data) return { kind: 'done', section: section.id };
  const answered = answerIssues(answer.errors).issues;
  // The API names fields, not sections: the first section with an issue on one of its fields opens.
  const culprit = [open, ...drafts].find((read) => placeIssues(read.section, answered).byField.length > 0) ?? open;
  if (answered.length > 0) return refused(culprit, answered, t, others(culprit));
  return { kind: 'invalid', section: section.id, values: typedValues(open, false), fieldErrors: {}, formError: t(`profile:${SAVE_FAILED_KEY}`), status: 422, drafts: draftsOf(drafts) };
}
