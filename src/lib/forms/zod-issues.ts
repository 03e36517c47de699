import type { z } from 'zod';
import type { FieldIssue } from './form-outcome';

/**
 * The issues of a failed zod parse as the form kit's FieldIssue list: the dotted path of
 * the field and the schema's message, which is an issue code. The API answers them with
 * `invalidFields`, a page words them with `fieldErrorsOf`; both read the same schema.
 */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.message }));
}
