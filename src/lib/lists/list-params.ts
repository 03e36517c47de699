/**
 * A list page's address state: which page and which sort. Anything unknown in the
 * address falls back to the default rather than failing, so a stale or hand-edited
 * link still shows the list.
 */
export interface ListParams<Sort extends string> {
  page: number;
  sort: Sort;
}

/** A page number from the address (`page`, or a section's own name such as `poolPage`); 1 when absent or not a page. */
export function pageParam(url: URL, name = 'page'): number {
  const raw = Number(url.searchParams.get(name) ?? '1');
  return Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
}

export function readListParams<Sort extends string>(url: URL, sorts: readonly Sort[], defaultSort: Sort): ListParams<Sort> {
  const page = pageParam(url);
  const rawSort = url.searchParams.get('sort');
  const sort = (sorts as readonly string[]).includes(rawSort ?? '') ? (rawSort as Sort) : defaultSort;
  return { page, sort };
}

/** The same list address with other params changed (page 1, of the list or of a section, is left out: one canonical URL). */
export function listHref(url: URL, changes: Record<string, string | number | null>): string {
  const next = new URL(url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || ((name === 'page' || name.endsWith('Page')) && Number(value) === 1)) next.searchParams.delete(name);
    else next.searchParams.set(name, String(value));
  }
  return `${next.pathname}${next.search}`;
}
