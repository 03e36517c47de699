import { z } from 'zod';
import { isUuid } from '../ids';

// Reading values every form has, once: the fields as typed and the boxes as ticked (to show
// a refused form again), a checkbox, and an optional id.

/** A posted value as the text a field shows: a file, a missing field or anything else but text is blank. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The posted fields as typed, to show the form again after a refusal (never the parsed values). */
export function typedForm<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, textOf(form.get(field))])) as Record<Field, string>;
}

/** Fields that carry the post, not what was typed: the anti-forgery token and the button's intent. */
const CONTROL_FIELDS: ReadonlySet<string> = new Set(['csrf', 'intent']);

/**
 * Every posted field as typed, for a form whose field names depend on its rows (a remark
 * per billing line): shown again after a refusal, never sent.
 */
export function postedValues(form: FormData): Record<string, string> {
  return typedForm(form, [...new Set(form.keys())].filter((name) => !CONTROL_FIELDS.has(name)));
}

const isTicked = (raw: unknown): boolean => raw === true || raw === 'on' || raw === 'true';

/** A ticked box posts "on"; the API sends a boolean; absent is unticked. */
export const checkbox = z
  .union([z.boolean(), z.string()])
  .nullish()
  .transform(isTicked);

/**
 * The boxes of a form as ticked, by name, read as `checkbox` reads them: to show a refused
 * form again (beside `typedForm`'s text fields), or to read a form of boxes only. An
 * unticked box posts nothing, so a name not posted is unticked.
 */
export function tickedBoxes<Name extends string>(form: Pick<FormData, 'get'>, names: readonly Name[]): Record<Name, boolean> {
  return Object.fromEntries(names.map((name) => [name, isTicked(form.get(name))])) as Record<Name, boolean>;
}

/** An optional id: blank reads as none (null), anything but a UUID as the issue `code`; in lower case, as stored (as `requiredId`). */
export function optionalId(code: string) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim().toLowerCase();
      if (value === '') return null;
      if (!isUuid(value)) ctx.addIssue({ code: 'custom', message: code });
      return value;
    });
}

/** An id the API can resolve, or null: anything else names no record, as if not posted (a form that was not ours). */
export const idOrNull = z
  .string()
  .nullish()
  .transform((raw) => (raw && isUuid(raw) ? raw : null));

/** A required id: blank is the issue `codes.required`, anything but a UUID `codes.unknown`; in lower case, as stored. */
export function requiredId(codes: { required: string; unknown: string }) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim().toLowerCase();
      if (value === '') ctx.addIssue({ code: 'custom', message: codes.required });
      else if (!isUuid(value)) ctx.addIssue({ code: 'custom', message: codes.unknown });
      return value;
    });
}

/** A field the post leaves out reads as blank, as a browser sends an empty text field. */
export const posted = <Output>(schema: z.ZodType<Output, string>) => z.preprocess((value) => value ?? '', schema);

const asEntry = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/**
 * The entries of a posted list (`lines[0].price`...) as Conform reads them, in index order
 * without the gaps of missing indexes. Entries whose `filled` fields (all, by default) are
 * blank are dropped unless `keepBlank`: the form offers empty entries to fill, and saving
 * drops the untouched ones, so that entry i of the input and of its issues is row i.
 */
export function postedEntries(value: unknown, options: { keepBlank?: boolean; filled?: readonly string[] } = {}): Array<Record<string, unknown>> {
  const entries = (Array.isArray(value) ? value : []).map(asEntry).filter((entry): entry is Record<string, unknown> => entry !== null);
  if (options.keepBlank) return entries;
  const isBlank = (entry: Record<string, unknown>) =>
    (options.filled ?? Object.keys(entry)).every((field) => {
      const text = entry[field];
      return typeof text !== 'string' || text.trim() === '';
    });
  return entries.filter((entry) => !isBlank(entry));
}
