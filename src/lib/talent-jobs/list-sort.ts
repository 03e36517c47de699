/** The sorts of the talent's job lists (?sort=), newest first by default. */
export const LIST_SORTS = ['newest', 'oldest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_LIST_SORT: ListSort = 'newest';

/** The API's enum value (NEWEST / OLDEST) for a sort read from the address. */
export function toApiSort(sort: ListSort): 'NEWEST' | 'OLDEST' {
  return sort === 'oldest' ? 'OLDEST' : 'NEWEST';
}

/** Rows per page on these lists. */
export const LIST_PER_PAGE = 20;
