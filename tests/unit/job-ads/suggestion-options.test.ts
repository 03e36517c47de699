import { describe, expect, it } from 'vitest';
import { SUGGESTION_DEBOUNCE_MS, searchHref, suggestionOptions } from '../../../src/lib/job-ads/suggestion-options';

const label = (text: string) => `Search "${text}" in job ads`;

describe('job search box suggestions', () => {
  it('debounces by 300 ms', () => {
    expect(SUGGESTION_DEBOUNCE_MS).toBe(300);
  });

  it('offers first to search the typed text in job ads', () => {
    expect(suggestionOptions(' react ', ['React Developer'], label)[0]).toEqual({ query: 'react', label: 'Search "react" in job ads', kind: 'search-text' });
  });

  it('then the suggested titles, each once, without repeating the text', () => {
    const options = suggestionOptions('react developer', ['React Developer', 'Senior React Developer', 'senior react developer'], label);
    expect(options.map((option) => option.query)).toEqual(['react developer', 'Senior React Developer']);
  });

  it('offers nothing for empty text (no search for an empty query)', () => {
    expect(suggestionOptions('   ', ['x'], label)).toEqual([]);
  });

  it('navigates to the job search with q, query_by and sort_by', () => {
    expect(searchHref('react dev', 'title,skills', '_text_match:desc')).toBe('/jobs?q=react+dev&query_by=title%2Cskills&sort_by=_text_match%3Adesc');
  });
});
