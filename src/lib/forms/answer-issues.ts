import type { GraphqlError } from '../graphql/send-document';
import type { FieldIssue } from './form-outcome';

export interface AnswerIssues {
  /** Field problems the API named (`fieldErrors` with a code, and the values its words name), paths without the `data.` input prefix. */
  issues: FieldIssue[];
  /** The first error's code (BAD_USER_INPUT, FORBIDDEN, NOT_FOUND...), or null when there was none. */
  code: string | null;
}

/** The machine-readable part of an API answer's errors: what a page maps to its own words. */
export function answerIssues(errors: readonly GraphqlError[]): AnswerIssues {
  const first = errors[0];
  if (!first) return { issues: [], code: null };
  const listed = first.extensions?.fieldErrors;
  const issues: FieldIssue[] = [];
  if (Array.isArray(listed)) {
    for (const entry of listed as Array<{ field?: unknown; code?: unknown; params?: unknown }>) {
      if (typeof entry.field !== 'string' || typeof entry.code !== 'string') continue;
      const params = typeof entry.params === 'object' && entry.params !== null ? (entry.params as FieldIssue['params']) : undefined;
      issues.push({ path: entry.field.replace(/^(data|input)\./, ''), code: entry.code, ...(params ? { params } : {}) });
    }
  }
  const code = first.extensions?.code;
  return { issues, code: typeof code === 'string' ? code : 'UNKNOWN' };
}
