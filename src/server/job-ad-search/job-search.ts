import type { JobSearchParams } from '../../lib/job-ads/search-params';

/** One page of matching job ads: ids in display order, and how many match in all. */
export interface JobSearchResult {
  ids: string[];
  /** Matching ads over all pages; when totalIsExact is false, a lower bound (the count stopped there). */
  total: number;
  /**
   * False when the adapter stopped counting at its cap ("1,000+ jobs", as large job
   * boards show): counting every match of a common word costs as much as the matches.
   * Pages then go no further than `total` allows.
   */
  totalIsExact: boolean;
}

export interface JobSuggestion {
  id: string;
  title: string;
}

/**
 * The job ad search port (PostgreSQL or Typesense behind it). Only open ads ever match:
 * published, not past their deadline, not deleted, from a verified company that is not
 * deleted. It returns ids only; the caller loads the rows, so both adapters share one
 * loader and one definition of what a guest may see.
 */
export interface JobSearch {
  search(params: JobSearchParams, now?: Date): Promise<JobSearchResult>;
  /** Distinct titles for the search box's autocomplete; [] for an empty text. */
  suggest(q: string, limit?: number): Promise<JobSuggestion[]>;
}

export const DEFAULT_SUGGESTION_LIMIT = 8;
export const MAX_SUGGESTION_LIMIT = 20;

export function clampSuggestionLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SUGGESTION_LIMIT;
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_SUGGESTION_LIMIT);
}
