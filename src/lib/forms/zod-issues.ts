import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
import type { FieldIssue } from './form-outcome';

/**
 * One zod issue as the form kit's FieldIssue at `path`: the schema's message is the code;
 * a broken maximum carries it as the `max` its words name ("at most {{max}} characters"),
 * and a rule's own issue (`addFieldIssues`) its params.
 */
export function fieldIssueOf(path: string, issue: $ZodIssue): FieldIssue {
  if (issue.code === 'too_big') return { path, code: issue.message, params: { max: Number(issue.maximum) } };
  if (issue.code === 'custom' && issue.params) return { path, code: issue.message, params: issue.params as FieldIssue['params'] };
  return { path, code: issue.message };
}

/**
 * The issues of a failed zod parse as the form kit's FieldIssue list: the dotted path of
 * the field and the schema's message, which is an issue code. The API answers them with
 * `invalidFields`, a page words them with `fieldErrorsOf`; both read the same schema.
 */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => fieldIssueOf(issue.path.map(String).join('.'), issue));
}

/**
 * Reports a feature rule's issues (dotted paths such as `lines.0.price`) from inside a
 * schema's transform or refinement, as issues of that schema with their codes and params.
 */
export function addFieldIssues(context: z.RefinementCtx, issues: readonly FieldIssue[]): void {
  for (const { path, code, params } of issues) {
    const segments = path === '' ? [] : path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    context.addIssue({ code: 'custom', message: code, path: segments, ...(params ? { params } : {}) });
  }
}
