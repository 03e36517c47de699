import type { DocumentAnswer } from '../graphql/send-document';

/**
 * The data field a page cannot render without (a list, an item). A failure here is ours,
 * not the user's: it throws, and the page answers 500 instead of pretending the list is empty.
 */
export function requireAnswerField<TResult, TField extends keyof TResult & string>(answer: DocumentAnswer<TResult>, field: TField): NonNullable<TResult[TField]> {
  const value = answer.data?.[field];
  if (answer.errors.length || value === undefined || value === null) {
    throw new Error(`loading ${field} failed: ${answer.errors[0]?.message ?? `status ${answer.status}`}`);
  }
  return value;
}
