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
