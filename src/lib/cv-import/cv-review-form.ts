import type { FieldIssue } from '../forms/form-outcome';
import { formNameOf, MAX_LIST_INDEX } from '../forms/form-names';
import { parseDateInput } from '../forms/date-input';
import { textOf } from '../forms/form-values';
import { zodIssues } from '../forms/zod-issues';
import { fieldName, PROFILE_SECTION_FORMS } from '../talent/profile-form';
import { sectionSpec } from '../talent/profile-sections';
import { ISSUES, PROFILE_SECTION_SCHEMAS } from '../talent/talent-profile-input';
import {
  appendNewEntries,
  LIST_LIMITS,
  mergeSkills,
  REVIEW_BASICS,
  REVIEW_LISTS,
  REVIEW_SECTIONS,
  skillNamesOf,
  type ReviewedProfile,
  type ReviewListId,
  type ReviewRow,
  type ReviewSectionId,
  type ReviewValues,
} from './cv-review';

// The review form of /talent/profile-import, as posted: its names are the profile page's
// (`jobTitle`, `experience[0].company`: profile-form.ts fieldName), so the profile's
// section forms read them and their issues land on the fields that caused them; beside
// them, a box per section (`use-<section>`), a box per entry (`<list>[i].include`), the
// skills as one comma-separated field, and the CV's contact details as hidden fields.

export const useFieldName = (section: ReviewSectionId): string => `use-${section}`;
export const includeFieldName = (list: ReviewListId, index: number): string => `${list}[${index}].include`;
export const SKILLS_FIELD = 'skillNames';
export const CONTACT_FIELDS = { email: 'cvEmail', phone: 'cvPhone' } as const;

const ON = 'on';

/** The rows of a posted list, by index (gaps closed), as the review shows them again. */
function postedRows(form: FormData, list: ReviewListId): ReviewRow[] {
  const spec = sectionSpec(list)!;
  const pattern = new RegExp(`^${list}\\[(\\d{1,3})\\]\\.(\\w+)$`);
  const byIndex = new Map<number, Record<string, string>>();
  for (const [name, value] of form.entries()) {
    const match = pattern.exec(name);
    if (!match || Number(match[1]) > MAX_LIST_INDEX) continue;
    const row = byIndex.get(Number(match[1])) ?? {};
    row[match[2]!] = textOf(value);
    byIndex.set(Number(match[1]), row);
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, posted]) => ({
      fields: Object.fromEntries(
        spec.fields.map((field) => {
          const text = posted[field.name] ?? '';
          if (field.kind === 'checkbox') return [field.name, text === '' ? '' : ON];
          return [field.name, field.kind === 'date' ? parseDateInput(text) : text];
        }),
      ),
      include: posted.include !== undefined,
    }));
}

/**
 * The review as posted, to save or to show again as typed. `useAll` (Accept all) ticks every
 * section; the boxes of single entries still count.
 */
export function readReviewForm(form: FormData, options: { useAll: boolean }): ReviewValues {
  return {
    use: Object.fromEntries(REVIEW_SECTIONS.map((section) => [section, options.useAll || form.get(useFieldName(section)) !== null])) as Record<ReviewSectionId, boolean>,
    basics: Object.fromEntries(REVIEW_BASICS.map((field) => [field, textOf(form.get(field))])) as ReviewValues['basics'],
    skills: textOf(form.get(SKILLS_FIELD)),
    lists: Object.fromEntries(REVIEW_LISTS.map((list) => [list, postedRows(form, list)])) as ReviewValues['lists'],
    contact: { email: textOf(form.get(CONTACT_FIELDS.email)), phone: textOf(form.get(CONTACT_FIELDS.phone)) },
  };
}

const isBlankRow = (row: ReviewRow) => Object.values(row.fields).every((text) => text.trim() === '');

/** An issue of the parsed entries (`experience.1.endDate`) on the review's field (`experience[3].endDate`). */
function onReviewField(issue: FieldIssue, list: ReviewListId, indexes: readonly number[]): FieldIssue {
  const match = new RegExp(`^${list}\\.(\\d+)\\.(\\w+)`).exec(issue.path);
  if (!match) return { ...issue, path: list };
  const spec = sectionSpec(list)!;
  const field = spec.fields.find((candidate) => candidate.name === match[2]);
  return field ? { ...issue, path: fieldName(spec, field, indexes[Number(match[1])]) } : { ...issue, path: list };
}

/** The used entries of a list checked by its section's form (the profile page's conversions and rules), then appended to the profile's. */
function listUpdate(list: ReviewListId, rows: readonly ReviewRow[], current: ReadonlyArray<Record<string, unknown>>): { entries: Array<Record<string, unknown>> } | { issues: FieldIssue[] } {
  const indexes = rows.flatMap((row, index) => (row.include && !isBlankRow(row) ? [index] : []));
  const parsed = PROFILE_SECTION_FORMS[list].safeParse({ [list]: indexes.map((index) => rows[index]!.fields) });
  if (!parsed.success) return { issues: zodIssues(parsed.error).map((issue) => onReviewField(issue, list, indexes)) };
  const entries = appendNewEntries(list, current, parsed.data[list] as Array<Record<string, unknown>>);
  if (entries.length > LIST_LIMITS[list]) return { issues: [{ path: list, code: ISSUES.tooMany, params: { max: LIST_LIMITS[list] } }] };
  return { entries };
}

/** The profile's entries as the update input takes them: only the section's fields (a stored entry may hold others). */
function asInput(list: ReviewListId | 'skills', entries: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  const names = sectionSpec(list)!.fields.map((field) => field.name);
  return entries.map((entry) => Object.fromEntries(names.filter((name) => entry[name] !== null && entry[name] !== undefined).map((name) => [name, entry[name]])));
}

export type ReviewUpdate = { ok: true; data: Record<string, unknown> } | { ok: false; issues: FieldIssue[] };

/** Code (`profile:cvImport.errors`) of a review saved with no section ticked. */
export const NOTHING_USED = 'nothingUsed';

/**
 * The updateOneTalentProfile input for the used sections of the review, against the profile
 * as it is now (the lists appended to: cv-review.ts), or the issues on the review's fields.
 * Paths of an issue are the review's field names; one on a whole list is its section's id,
 * and `skillNames` carries the skills' issues.
 */
export function reviewUpdate(values: ReviewValues, profile: ReviewedProfile): ReviewUpdate {
  if (!REVIEW_SECTIONS.some((section) => values.use[section])) return { ok: false, issues: [{ path: '', code: NOTHING_USED }] };
  const issues: FieldIssue[] = [];
  const data: Record<string, unknown> = {};
  if (values.use.basics) {
    const parsed = PROFILE_SECTION_SCHEMAS.basics.pick({ profileName: true, jobTitle: true, location: true, description: true }).safeParse(values.basics);
    if (parsed.success) Object.assign(data, parsed.data);
    else issues.push(...zodIssues(parsed.error));
  }
  if (values.use.skills) {
    const skills = mergeSkills(asInput('skills', profile.skills ?? []), skillNamesOf(values.skills));
    const parsed = PROFILE_SECTION_SCHEMAS.skills.safeParse({ skills });
    if (parsed.success) data.skills = parsed.data.skills;
    else issues.push(...zodIssues(parsed.error).slice(0, 1).map((issue) => ({ ...issue, path: SKILLS_FIELD })));
  }
  for (const list of REVIEW_LISTS) {
    if (!values.use[list]) continue;
    const update = listUpdate(list, values.lists[list], asInput(list, profile[list] ?? []));
    if ('issues' in update) issues.push(...update.issues);
    else data[list] = update.entries;
  }
  return issues.length > 0 ? { ok: false, issues: issues.map((issue) => ({ ...issue, path: formNameOf(issue.path) })) } : { ok: true, data };
}
