import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
import type { FieldIssue } from './form-outcome';
import { withinListIndexes } from './form-names';
import { fieldIssueOf } from './zod-issues';

export type ParsedForm<Value> =
  /** The parsed value, and the form as typed (for a page that shows it again when the API refuses it). */
  | { ok: true; value: Value; payload: Record<string, unknown> }
  /** The form as typed (nested names read into objects and lists), and what is wrong. */
  | { ok: false; payload: Record<string, unknown>; issues: FieldIssue[] };

export interface ParseFormOptions {
  /**
   * False when the schema turns the posted text into values itself (z.preprocess and
   * transforms, e.g. a blank field that clears a value rather than leaving it out):
   * Conform's own coercion (blank as absent, "on" as true, text as numbers) is then
   * skipped, so it does not run before the schema's.
   */
  coerce?: boolean;
}

/**
 * Reads a posted form against the feature's zod schema, the one the API checks its input
 * with. Conform does the reading: nested names (`experience[0].company`), lists, and
 * empty fields as absent, as browsers send them. The schema's messages are issue codes;
 * an issue's path is the field's form name (`experience[0].company`). A list index above
 * MAX_LIST_INDEX is not read.
 */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema, options: ParseFormOptions = {}): ParsedForm<z.output<Schema>> {
  const read = new FormData();
  for (const [name, value] of form.entries()) if (withinListIndexes(name)) read.append(name, value);
  const submission = parseWithZod(read, {
    schema,
    disableAutoCoercion: options.coerce === false,
    formatError: (issues: $ZodIssue[]) => issues,
  });
  const payload = submission.payload as Record<string, unknown>;
  if (submission.status === 'success') return { ok: true, value: submission.value as z.output<Schema>, payload };
  const issues: FieldIssue[] = Object.entries(submission.error ?? {}).flatMap(([path, listed]) => (listed ?? []).map((issue) => fieldIssueOf(path, issue)));
  return { ok: false, payload, issues };
}
