import type { FieldIssue } from '../forms/form-outcome';
import { parseDateInput, toDateInputValue } from './date-input';
import type { TalentProfileView } from './profile-operations';
import type { FieldSpec, SectionSpec } from './profile-sections';

/**
 * A section's form as text, exactly as typed: scalar sections fill `fields`, list
 * sections `rows`. Re-rendering from these keeps every keystroke after a failed save.
 */
export interface SectionValues {
  fields: Record<string, string>;
  rows: Array<Record<string, string>>;
}

/** What a submit button asked for: save, or add/remove an entry of a list (no saving). */
export type FormIntent = { kind: 'save' } | { kind: 'add' } | { kind: 'remove'; index: number };

/** List entries are posted as `<section>.<index>.<field>`; higher indexes are ignored (lists hold at most 50). */
const MAX_ROW_INDEX = 200;
const CHECKED = 'on';

/** The form name of a field: its API path (`jobTitle`, `experience.0.endDate`). */
export function fieldName(section: SectionSpec, spec: FieldSpec, row?: number): string {
  return section.list ? `${section.id}.${row ?? 0}.${spec.name}` : spec.name;
}

/** An element id for a form name (ids with dots would need escaping in CSS selectors). */

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

const textOf = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value : '');

/**
 * A posted value as the form shows it again. A day typed the en-GB way (where a browser
 * offers no picker) is turned into the picker's yyyy-mm-dd, so it is kept when shown in a
 * date input, which would drop any other format.
 */
function postedText(spec: FieldSpec, value: FormDataEntryValue | null): string {
  if (spec.kind === 'checkbox') return value === null ? '' : CHECKED;
  const text = textOf(value);
  return spec.kind === 'date' ? parseDateInput(text) : text;
}

/** The section's fields as posted. Unchecked boxes are absent from a post: they read as ''. */
export function sectionValuesFromForm(section: SectionSpec, form: FormData): SectionValues {
  if (!section.list) {
    return {
      fields: Object.fromEntries(section.fields.map((spec) => [spec.name, postedText(spec, form.get(spec.name))])),
      rows: [],
    };
  }
  const pattern = new RegExp(`^${section.id}\\.(\\d{1,3})\\.(\\w+)$`);
  const known = new Set(section.fields.map((spec) => spec.name));
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const match = pattern.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const name = match[2]!;
    if (index > MAX_ROW_INDEX || !known.has(name)) continue;
    const row = rows.get(index) ?? emptyRow(section);
    const spec = section.fields.find((candidate) => candidate.name === name)!;
    row[name] = postedText(spec, value);
    rows.set(index, row);
  }
  return { fields: {}, rows: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row) };
}

export function readIntent(value: FormDataEntryValue | null): FormIntent {
  if (value === 'add') return { kind: 'add' };
  const remove = typeof value === 'string' ? /^remove:(\d{1,3})$/.exec(value) : null;
  if (remove) return { kind: 'remove', index: Number(remove[1]) };
  return { kind: 'save' };
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

const isBlankRow = (row: Record<string, string>) => Object.values(row).every((value) => value.trim() === '');

/** Issue code (`profile:form.errors`) of a value the form itself cannot turn into the API's type. */
const WHOLE_NUMBER = 'wholeNumber';

function textToInput(spec: FieldSpec, text: string, name: string, issues: FieldIssue[]): unknown {
  const trimmed = text.trim();
  switch (spec.kind) {
    case 'checkbox':
      return text === CHECKED;
    case 'integer':
      if (trimmed === '') return null;
      if (/^\d{1,6}$/.test(trimmed)) return Number(trimmed);
      issues.push({ path: name, code: WHOLE_NUMBER });
      return undefined;
    case 'date':
      return trimmed === '' ? null : parseDateInput(trimmed);
    case 'cities':
      return text
        .split(',')
        .map((city) => city.trim())
        .filter(Boolean);
    default:
      // Text goes as typed: the API trims it, clears it when blank and says what is wrong.
      return text;
  }
}

export interface SectionInput {
  /** The API input of this section (`UpdateTalentProfileInput`). */
  input: Record<string, unknown>;
  /** The values the input was made of: entries left entirely blank are dropped, so row i is entry i. */
  values: SectionValues;
  /** Text the form cannot convert, by form name (the API is not called then). */
  issues: FieldIssue[];
}

export function sectionInput(section: SectionSpec, values: SectionValues): SectionInput {
  const issues: FieldIssue[] = [];
  if (section.list) {
    const rows = values.rows.filter((row) => !isBlankRow(row));
    const entries = rows.map((row, index) =>
      Object.fromEntries(section.fields.map((spec) => [spec.name, textToInput(spec, row[spec.name] ?? '', fieldName(section, spec, index), issues)])),
    );
    return { input: { [section.id]: entries }, values: { fields: {}, rows }, issues };
  }
  const input = Object.fromEntries(section.fields.map((spec) => [spec.name, textToInput(spec, values.fields[spec.name] ?? '', spec.name, issues)]));
  return { input, values, issues };
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
    const { path } = issue;
    let target: string | null = null;
    if (section.list) {
      const match = new RegExp(`^${section.id}\\.(\\d+)\\.(\\w+)`).exec(path);
      if (match && names.has(match[2]!)) target = `${section.id}.${match[1]}.${match[2]}`;
    } else {
      const [head = ''] = path.split('.');
      if (names.has(head)) target = head;
    }
    if (target === null) other.push(issue);
    else byField.push({ ...issue, path: target });
  }
  return { byField, other };
}
