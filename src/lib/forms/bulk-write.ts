import type { Translate } from '../i18n/i18n';
import { postedIds } from '../ids';

// One write applied to the ticked rows of a list (the rows' boxes post `id`, repeated):
// each row by the API's one-row operation, so each keeps its own checks and event. Nothing
// ticked or more than a page is refused before any write; when some writes are refused the
// others stand, and the outcome says how many.

export type BulkWriteOutcome =
  | { kind: 'noneSelected' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'done'; total: number }
  | { kind: 'partial'; done: number; total: number };

export async function bulkWrite(form: FormData, max: number, write: (id: string) => Promise<boolean>): Promise<BulkWriteOutcome> {
  const ids = postedIds(form);
  if (ids.length === 0) return { kind: 'noneSelected' };
  if (ids.length > max) return { kind: 'tooMany', max };
  let done = 0;
  // One after another: the writes of one admin's click, never a burst at the API.
  for (const id of ids) if (await write(id)) done += 1;
  return done === ids.length ? { kind: 'done', total: ids.length } : { kind: 'partial', done, total: ids.length };
}

/**
 * A refused bulk write in the page's words (`<words>.bulkNoneSelected`, `.bulkTooMany`,
 * `.bulkPartial`) with its status; null when every row was written.
 */
export function bulkRefusal(outcome: BulkWriteOutcome, t: Translate, words: string): { message: string; status: 409 | 422 } | null {
  switch (outcome.kind) {
    case 'noneSelected':
      return { message: t(`${words}.bulkNoneSelected`), status: 422 };
    case 'tooMany':
      return { message: t(`${words}.bulkTooMany`, { max: outcome.max }), status: 422 };
    case 'partial':
      return { message: t(`${words}.bulkPartial`, { done: outcome.done, total: outcome.total }), status: 409 };
    case 'done':
      return null;
  }
}
