/** The search suggestion debounce: suggestions are fetched 300 ms after the user stops typing. */
export const SUGGESTION_DEBOUNCE_MS = 300;

export interface SuggestionOption {
  /** What the search runs with. */
  query: string;
  /** What the option shows. */
  label: string;
  kind: 'search-text' | 'suggestion';
}

/**
 * The combobox options of the job search box: first 'Search "{text}" in job ads', then the
 * suggested titles (without repeating the text itself). Empty text gives no options.
 */
export function suggestionOptions(text: string, titles: readonly string[], searchLabel: (text: string) => string): SuggestionOption[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const seen = new Set([trimmed.toLowerCase()]);
  const options: SuggestionOption[] = [{ query: trimmed, label: searchLabel(trimmed), kind: 'search-text' }];
  for (const title of titles) {
    const key = title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({ query: title, label: title, kind: 'suggestion' });
  }
  return options;
}

/** Where choosing an option goes: the job search with q, query_by and sort_by. */
export function searchHref(query: string, queryBy: string, sortBy: string): string {
  const params = new URLSearchParams({ q: query, query_by: queryBy, sort_by: sortBy });
  return `/jobs?${params.toString()}`;
}
