import { builder } from './builder';
import { invalidFields } from './errors';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Where the locale files word the page arguments' issue codes (common namespace). */
const PAGINATION_ERRORS = 'pagination.errors';

export interface PageArgs {
  page?: number | null;
  perPage?: number | null;
}

export interface PageWindow {
  page: number;
  perPage: number;
  offset: number;
}

/** Checked page arguments (page from 1, perPage 1..100) and the SQL offset they mean. */
export function pageWindow(args: PageArgs): PageWindow {
  const page = args.page ?? 1;
  const perPage = args.perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(page) || page < 1) {
    throw invalidFields([{ path: 'page', code: 'pageOutOfRange', params: { min: 1 } }], PAGINATION_ERRORS, null);
  }
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw invalidFields([{ path: 'perPage', code: 'perPageOutOfRange', params: { min: 1, max: MAX_PER_PAGE } }], PAGINATION_ERRORS, null);
  }
  return { page, perPage, offset: (page - 1) * perPage };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * A page type for a list: `{ items, total, page, perPage, pageCount }`. One per item type,
 * named `<Item>Page`, so every paginated list of the API reads the same way.
 */
export function pageOf<T>(itemRef: ReturnType<typeof builder.objectRef<T>>, name: string) {
  return builder.objectRef<Page<T>>(`${name}Page`).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (page) => page.items }),
      total: t.exposeInt('total', { description: 'Rows over all pages' }),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      pageCount: t.int({ resolve: (page) => Math.max(1, Math.ceil(page.total / page.perPage)) }),
    }),
  });
}

/** A page of a list whose count stops at a cap: when totalIsExact is false, total is the cap and the pages end there. */
export interface CappedPage<T> extends Page<T> {
  totalIsExact: boolean;
}

/**
 * A page type for a list that may match too many rows to count on each request (a broad
 * text searched): as pageOf, with `totalIsExact` false when the count stopped at `cap`
 * (a page shows it as "1,000+"). `cappedWhen` says when the count stops at the cap, for the descriptions.
 */
export function cappedPageOf<T>(itemRef: ReturnType<typeof builder.objectRef<T>>, name: string, cap: number, cappedWhen: string) {
  return builder.objectRef<CappedPage<T>>(`${name}Page`).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (page) => page.items }),
      total: t.exposeInt('total', { description: `Rows over all pages; ${cappedWhen}, counted up to ${cap}: the cap when totalIsExact is false` }),
      totalIsExact: t.exposeBoolean('totalIsExact', { description: `False when more than ${cap} match (show e.g. "${cap.toLocaleString('en')}+"): pages end there` }),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      pageCount: t.int({ resolve: (page) => Math.max(1, Math.ceil(page.total / page.perPage)) }),
    }),
  });
}

/** Args of a paginated list field: `args: { ...pageArgs, ...its own }`. */
export const pageArgs = builder.args((t) => ({
  page: t.int({ required: false, description: 'From 1 (default 1)' }),
  perPage: t.int({ required: false, description: `1 to ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE})` }),
}));
