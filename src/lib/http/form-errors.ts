import type { GraphqlAnswerLike } from '../graphql/send-document';

/** The API's first error, split into what a form shows: field messages and a form message. */
export function formErrorsOf(answer: GraphqlAnswerLike): { formError: string | null; fieldErrors: Record<string, string> } {
  const error = answer.body.errors?.[0];
  if (!error) return { formError: null, fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  const listed = error.extensions?.fieldErrors;
  if (Array.isArray(listed)) {
    for (const entry of listed as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof entry.field === 'string' && typeof entry.message === 'string') fieldErrors[entry.field.replace(/^(data|input)\./, '')] = entry.message;
    }
  }
  return { formError: Object.keys(fieldErrors).length ? null : error.message, fieldErrors };
}
