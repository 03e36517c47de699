import { z } from 'zod';
import type { FieldIssue } from '../forms/form-outcome';
import { formNameOf } from '../forms/form-names';
import { checkbox, posted, postedEntries, textOf } from '../forms/form-values';
import { parseDateInput, toDateInputValue } from '../forms/date-input';
import type { TalentProfileView } from './profile-operations';
import { SECTIONS, type FieldKind, type FieldSpec, type SectionId, type SectionSpec } from './profile-sections';
import { PROFILE_SECTION_SCHEMAS } from './talent-profile-input';

/**
 * A section's form as text, exactly as typed: scalar sections fill `fields`, list
 * sections `rows`. Re-rendering from these keeps every keystroke after a failed save.
 */
export interface SectionValues {
  fields: Record<string, string>;
  rows: Array<Record<string, string>>;
}

/**
 * What a submit button asked for: save; add or remove an entry of a list; open another
 * section (the open one's changes kept as a draft); cancel the open one's changes. Only
 * Save saves.
 */
export type FormIntent = { kind: 'save' } | { kind: 'add' } | { kind: 'remove'; index: number } | { kind: 'open'; section: SectionId } | { kind: 'cancel' };

const CHECKED = 'on';

/** The form name of a field, in Conform's notation of its API path (`jobTitle`, `experience[0].endDate`). */
export function fieldName(section: SectionSpec, spec: FieldSpec, row?: number): string {
  return section.list ? `${section.id}[${row ?? 0}].${spec.name}` : spec.name;
}

function storedToText(spec: FieldSpec, value: unknown): string {
  if (spec.kind === 'checkbox') return value === true ? CHECKED : '';
  if (spec.kind === 'date') return toDateInputValue(typeof value === 'string' ? value : null);
  if (spec.kind === 'cities') return Array.isArray(value) ? value.join(', ') : '';
  return value === null || value === undefined ? '' : String(value);
}

const emptyRow = (section: SectionSpec): Record<string, string> => Object.fromEntries(section.fields.map((spec) => [spec.name, '']));

/** The section's fields filled from the stored profile. */
export function sectionValuesFromProfile(section: SectionSpec, profile: TalentProfileView): SectionValues {
  if (section.list) {
    const entries = (profile[section.id as keyof TalentProfileView] ?? []) as Array<Record<string, unknown>>;
    return { fields: {}, rows: entries.map((entry) => Object.fromEntries(section.fields.map((spec) => [spec.name, storedToText(spec, entry[spec.name])]))) };
  }
  const record = profile as unknown as Record<string, unknown>;
  return { fields: Object.fromEntries(section.fields.map((spec) => [spec.name, storedToText(spec, record[spec.name])])), rows: [] };
}

/**
 * A posted value as the form shows it again. A day typed the en-GB way (where a browser
 * offers no picker) is turned into the picker's yyyy-mm-dd, so it is kept when shown in a
 * date input, which would drop any other format.
 */
function typedText(spec: FieldSpec, value: unknown): string {
  if (spec.kind === 'checkbox') return value === undefined ? '' : CHECKED;
  const text = textOf(value);
  return spec.kind === 'date' ? parseDateInput(text) : text;
}

/**
 * The section's fields as posted (the form kit's payload: list entries already read into
 * rows), unchecked boxes (absent from a post) as ''. Entries left entirely blank are kept
 * while adding and removing entries, and dropped when saving (`keepBlank: false`), as the
 * section's form schema drops them.
 */
export function sectionValuesFromPayload(section: SectionSpec, payload: Record<string, unknown>, options: { keepBlank: boolean }): SectionValues {
  const textsOf = (entry: Record<string, unknown>) => Object.fromEntries(section.fields.map((spec) => [spec.name, typedText(spec, entry[spec.name])]));
  if (!section.list) return { fields: textsOf(payload), rows: [] };
  return { fields: {}, rows: postedEntries(payload[section.id], options).map(textsOf) };
}

/** Issue code (`profile:form.errors`) of a number that is not a whole one. */
const WHOLE_NUMBER = 'wholeNumber';

/**
 * The form's text as the API input types, by field kind. Text goes as typed: the API's
 * schema trims it and reads blank as cleared (null). A box left unticked, which a browser
 * leaves out of the post, is off.
 */
const FORM_VALUES: Record<FieldKind, z.ZodType> = {
  text: posted(z.string()),
  textarea: posted(z.string()),
  url: posted(z.string()),
  select: posted(z.string()),
  currency: posted(z.string()),
  decimal: posted(z.string()),
  checkbox,
  integer: posted(
    z
      .string()
      .trim()
      .refine((text) => text === '' || /^\d{1,6}$/.test(text), WHOLE_NUMBER)
      .transform((text) => (text === '' ? null : Number(text))),
  ),
  date: posted(z.string().transform((text) => (text.trim() === '' ? null : parseDateInput(text)))),
  cities: posted(
    z.string().transform((text) =>
      text
        .split(',')
        .map((city) => city.trim())
        .filter(Boolean),
    ),
  ),
};

const formObject = (fields: readonly FieldSpec[]) => z.object(Object.fromEntries(fields.map((spec) => [spec.name, FORM_VALUES[spec.kind]])));

/**
 * A section's post read as the API's input and checked with the API's own section schema
 * (`PROFILE_SECTION_SCHEMAS`): the form's conversions (dd/mm/yyyy days, comma-separated
 * cities, whole numbers, ticked boxes; blank entries of a list dropped) piped into it.
 */
function sectionFormSchema(section: SectionSpec): z.ZodType<Record<string, unknown>> {
  const input = section.list ? z.object({ [section.id]: z.preprocess((entries) => postedEntries(entries), z.array(formObject(section.fields))) }) : formObject(section.fields);
  return input.pipe(PROFILE_SECTION_SCHEMAS[section.id]);
}

/** The form schema of each section, for `parseForm(form, PROFILE_SECTION_FORMS[id], { coerce: false })`. */
export const PROFILE_SECTION_FORMS = Object.fromEntries(SECTIONS.map((section) => [section.id, sectionFormSchema(section)])) as Record<SectionId, z.ZodType<Record<string, unknown>>>;

export function readIntent(value: FormDataEntryValue | null): FormIntent {
  if (value === 'add') return { kind: 'add' };
  if (value === 'cancel') return { kind: 'cancel' };
  const open = typeof value === 'string' && value.startsWith('edit:') ? SECTIONS.find((section) => `edit:${section.id}` === value) : undefined;
  if (open) return { kind: 'open', section: open.id };
  const remove = typeof value === 'string' ? /^remove:(\d{1,3})$/.exec(value) : null;
  if (remove) return { kind: 'remove', index: Number(remove[1]) };
  return { kind: 'save' };
}

/** The field where a chip list's new entry is typed before Add (the skills' "New skill"). */
export const NEW_ENTRY_FIELD = 'newEntry';

/**
 * A post of a chip list section (Skills) with the text typed in its new-entry field made an
 * entry of its own, at the end of the list: Add takes it, and a text typed but not added yet
 * is kept whatever the post (a Save, another section opened, a draft carried): nothing typed
 * is lost. `added` says whether there was such a text.
 */
export function withNewEntry(section: SectionSpec, form: FormData): { form: FormData; added: boolean } {
  const chips = section.list?.chips;
  const text = textOf(form.get(NEW_ENTRY_FIELD)).trim();
  if (!chips || !text) return { form, added: false };
  const entry = new RegExp(`^${section.id}\\[(\\d+)\\]\\.`);
  const indexes = [...form.keys()].map((name) => entry.exec(name)).filter((match) => match !== null).map((match) => Number(match[1]));
  const copy = new FormData();
  for (const [name, value] of form.entries()) if (name !== NEW_ENTRY_FIELD) copy.append(name, value);
  copy.append(`${section.id}[${indexes.length ? Math.max(...indexes) + 1 : 0}].${chips.field}`, text);
  return { form: copy, added: true };
}

/** Adds an empty entry (up to the list's limit) or removes one; nothing is saved. */
export function applyListIntent(section: SectionSpec, values: SectionValues, intent: FormIntent): SectionValues {
  if (!section.list) return values;
  if (intent.kind === 'add') {
    return values.rows.length >= section.list.max ? values : { ...values, rows: [...values.rows, emptyRow(section)] };
  }
  if (intent.kind === 'remove') return { ...values, rows: values.rows.filter((_row, index) => index !== intent.index) };
  return values;
}

/**
 * Places issues on the section's fields. A path below a field (the third city of
 * `interestedToRelocateTo`) lands on that field; anything else, such as a limit on the
 * whole list, is returned for the section's own message.
 */
export function placeIssues(section: SectionSpec, issues: readonly FieldIssue[]): { byField: FieldIssue[]; other: FieldIssue[] } {
  const byField: FieldIssue[] = [];
  const other: FieldIssue[] = [];
  const names = new Set(section.fields.map((spec) => spec.name));
  for (const issue of issues) {
    // The API names paths with dots (`experience.0.endDate`), the form kit as the form does.
    const path = formNameOf(issue.path);
    let target: string | null = null;
    if (section.list) {
      const match = new RegExp(`^${section.id}\\[(\\d+)\\]\\.(\\w+)`).exec(path);
      if (match && names.has(match[2]!)) target = `${section.id}[${match[1]}].${match[2]}`;
    } else {
      const [head = ''] = path.split(/[.[]/);
      if (names.has(head)) target = head;
    }
    if (target === null) other.push(issue);
    else byField.push({ ...issue, path: target });
  }
  return { byField, other };
}
