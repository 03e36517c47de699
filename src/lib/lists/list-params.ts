/**
 * A list page's address state: which page and which sort. Anything unknown in the
 * address falls back to the default rather than failing, so a stale or hand-edited
 * link still shows the list.
 */
export interface ListParams<Sort extends string> {
  page: number;
  sort: Sort;
}

export function readListParams<Sort extends string>(url: URL, sorts: readonly Sort[], defaultSort: Sort): ListParams<Sort> {
  const rawPage = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 10_000 ? rawPage : 1;
  const rawSort = url.searchParams.get('sort');
  const sort = (sorts as readonly string[]).includes(rawSort ?? '') ? (rawSort as Sort) : defaultSort;
  return { page, sort };
}

/** The same list address with other params changed (page 1 is left out: one canonical URL). */
export function listHref(url: URL, changes: Record<string, string | number | null>): string {
  const next = new URL(url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || (name === 'page' && Number(value) === 1)) next.searchParams.delete(name);
    else next.searchParams.set(name, String(value));
  }
  return `${next.pathname}${next.search}`;
}
