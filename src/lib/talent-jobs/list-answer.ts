import type { GraphqlAnswerLike } from '../talent/profile-operations';

/**
 * The data field a page cannot render without (a list, an item). A failure here is ours,
 * not the user's: it throws, and the page answers 500 instead of pretending the list is empty.
 */
export function requireAnswerField<T>(answer: GraphqlAnswerLike, field: string): T {
  const value = (answer.body.data as Record<string, unknown> | null | undefined)?.[field];
  if (answer.body.errors?.length || value === undefined || value === null) {
    throw new Error(`loading ${field} failed: ${answer.body.errors?.[0]?.message ?? `status ${answer.status}`}`);
  }
  return value as T;
}
