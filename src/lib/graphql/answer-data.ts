import type { DocumentAnswer } from './send-document';

// Reading the answer of a page's query. A failure here is ours, not the user's: it throws,
// and the page answers with its error page instead of rendering an empty list. The API's
// message goes to the log only; what a user reads comes from the locale files.

/** The data of a page query; throws when the API answered errors or no data. `what` names it in the log. */
export function dataOf<TResult>(answer: DocumentAnswer<TResult>, what: string): TResult {
  if (answer.errors.length || !answer.data) throw new Error(`loading ${what} failed: ${answer.errors[0]?.message ?? `status ${answer.status}`}`);
  return answer.data;
}

/**
 * The data of a query for one addressed record, or null when the API said NOT_FOUND
 * (another user's, deleted, malformed id): the page then shows its not-found page. Any
 * other failure throws, as `dataOf`.
 */
export function dataOrNotFound<TResult>(answer: DocumentAnswer<TResult>, what: string): TResult | null {
  if (answer.errors[0]?.extensions?.code === 'NOT_FOUND') return null;
  return dataOf(answer, what);
}
