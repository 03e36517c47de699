import { z } from 'zod';
import { isUuid } from '../ids';

// Reading values every form has, once: the fields as typed (to show a refused form again),
// a checkbox, and an optional id.

/** The posted fields as typed, to show the form again after a refusal (never the parsed values). */
export function typedForm<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => {
    const value = form.get(field);
    return [field, typeof value === 'string' ? value : ''];
  })) as Record<Field, string>;
}

/** A ticked box posts "on"; the API sends a boolean; absent is unticked. */
export const checkbox = z
  .union([z.boolean(), z.string()])
  .nullish()
  .transform((raw) => raw === true || raw === 'on' || raw === 'true');

/** An optional id: blank reads as none (null), anything but a UUID as the issue `code`. */
export function optionalId(code: string) {
  return z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') return null;
      if (!isUuid(value)) ctx.addIssue({ code: 'custom', message: code });
      return value;
    });
}
