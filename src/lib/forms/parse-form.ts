import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import type { FieldIssue } from './form-outcome';

export type ParsedForm<Value> =
  | { ok: true; value: Value }
  /** The form as typed (nested names read into objects and lists), and what is wrong. */
  | { ok: false; payload: Record<string, unknown>; issues: FieldIssue[] };

/**
 * Reads a posted form against the feature's zod schema, the one the API checks its input
 * with. Conform does the reading: nested names (`experience[0].company`), lists, and
 * empty fields as absent, as browsers send them. The schema's messages are issue codes.
 */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): ParsedForm<z.output<Schema>> {
  const submission = parseWithZod(form, { schema });
  if (submission.status === 'success') return { ok: true, value: submission.value as z.output<Schema> };
  const issues: FieldIssue[] = Object.entries(submission.error ?? {}).flatMap(([path, codes]) => (codes ?? []).map((code) => ({ path, code })));
  return { ok: false, payload: submission.payload as Record<string, unknown>, issues };
}
