import { z } from 'zod';
import { JOB_SEARCH_FIELDS, toTypesenseSortBy, type JobSearchParams } from '../../lib/job-ads/search-params';
import { clampSuggestionLimit, type JobSearch, type JobSearchResult, type JobSuggestion } from './job-search';
import { foldDiacritics, JOB_AD_COLLECTION, searchFieldsOf, unixSeconds } from './typesense-document';
import { typesenseJson, type TypesenseHttp } from './typesense-http';
import { errorMessage } from '../../lib/text/error-message';

const DAY_S = 24 * 60 * 60;
const WARNING_INTERVAL_MS = 60_000;
const SEARCH_PATH = `/collections/${JOB_AD_COLLECTION}/documents/search`;
/** The spec's suggestion call sorts this way. */
const SUGGESTION_SORT_BY = 'publishedAt:asc';
/** Hits asked per wanted suggestion: one title may be advertised by several companies. */
const SUGGESTION_OVERFETCH = 3;

export interface TypesenseJobSearchOptions {
  host: string;
  /** Sent with every search; a search-only key, never the admin key. */
  searchKey: string;
  /** The admin key is not used for searching; accepted so a TypesenseConfig can be passed whole. */
  apiKey?: string | null;
  /** Answers when Typesense cannot, and for filters the document cannot express. */
  fallback: JobSearch;
  log: (message: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Milliseconds clock for the warning interval (tests). */
  clock?: () => number;
}

const searchAnswer = z.object({
  found: z.number().int().nonnegative(),
  hits: z.array(z.object({ document: z.object({ id: z.string(), title: z.string().optional() }) })),
});

/** Open ads only, as the PostgreSQL adapter: published by now, before the deadline, verified publisher. */
function openFilter(now: Date): string[] {
  const nowS = unixSeconds(now);
  return [`publishedAt:<=${nowS}`, `(isOpenUntil:=0 || isOpenUntil:>${nowS})`, 'companyVerified:=true'];
}

/** filter_by for the params; the enum values are plain words, so they need no quoting. */
function filterBy(params: JobSearchParams, now: Date): string {
  const parts = openFilter(now);
  const lists = [['employmentType', params.employmentType], ['workMode', params.workMode], ['assignmentType', params.assignmentType]] as const;
  for (const [field, values] of lists) {
    if (values.length) parts.push(`${field}:=[${values.join(',')}]`);
  }
  if (params.postedWithinDays !== null) parts.push(`publishedAt:>=${unixSeconds(now) - params.postedWithinDays * DAY_S}`);
  return parts.join(' && ');
}

/**
 * The document has no salary and Typesense matches whole tokens, not a part of a
 * location: such searches go to PostgreSQL so that both adapters answer alike.
 */
const needsDatabase = (params: JobSearchParams) =>
  Boolean(params.location) || params.salaryMin !== null || params.salaryMax !== null || params.currency !== null || params.salaryRateUnit !== null;

/**
 * Job search on Typesense (GET /collections/jobAdPublic/documents/search with the search
 * key). When Typesense is unreachable or fails, the fallback (PostgreSQL)
 * answers and a warning is logged at most once a minute, so an outage degrades search
 * instead of breaking /jobs and does not flood the log.
 */
export function createTypesenseJobSearch(options: TypesenseJobSearchOptions): JobSearch {
  const http: TypesenseHttp = { host: options.host, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const clock = options.clock ?? Date.now;
  let lastWarningAt: number | null = null;

  function warn(error: unknown) {
    const at = clock();
    if (lastWarningAt !== null && at - lastWarningAt < WARNING_INTERVAL_MS) return;
    lastWarningAt = at;
    options.log(`search: Typesense failed, answering from PostgreSQL (warned at most once a minute): ${errorMessage(error)}`);
  }

  async function searchTypesense(query: URLSearchParams) {
    const { json } = await typesenseJson(http, { method: 'GET', path: SEARCH_PATH, query, key: options.searchKey, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
    return searchAnswer.parse(json);
  }

  return {
    async search(params, now = new Date()): Promise<JobSearchResult> {
      if (needsDatabase(params)) return options.fallback.search(params, now);
      const query = new URLSearchParams({
        // '*' lists without a text search (an empty query performs no search).
        // Folded as the French stemmed fields are (English fields fold accents themselves).
        q: params.q ? foldDiacritics(params.q) : '*',
        query_by: params.queryBy.flatMap(searchFieldsOf).join(','),
        sort_by: toTypesenseSortBy(params.sortBy),
        filter_by: filterBy(params, now),
        include_fields: 'id',
        page: String(params.page),
        per_page: String(params.perPage),
      });
      try {
        const answer = await searchTypesense(query);
        // Typesense counts every match itself.
        return { ids: answer.hits.map((hit) => hit.document.id), total: answer.found, totalIsExact: true };
      } catch (error) {
        warn(error);
        return options.fallback.search(params, now);
      }
    },

    async suggest(q, limit): Promise<JobSuggestion[]> {
      const text = q.trim();
      if (!text) return [];
      const wanted = clampSuggestionLimit(limit);
      const query = new URLSearchParams({
        q: foldDiacritics(text),
        query_by: JOB_SEARCH_FIELDS.flatMap(searchFieldsOf).join(','),
        sort_by: SUGGESTION_SORT_BY,
        filter_by: openFilter(new Date()).join(' && '),
        include_fields: 'id,title',
        per_page: String(wanted * SUGGESTION_OVERFETCH),
      });
      try {
        const answer = await searchTypesense(query);
        const seen = new Set<string>();
        const suggestions: JobSuggestion[] = [];
        for (const { document } of answer.hits) {
          const title = document.title ?? '';
          if (!title || seen.has(title.toLowerCase())) continue;
          seen.add(title.toLowerCase());
          suggestions.push({ id: document.id, title });
        }
        return suggestions.slice(0, wanted);
      } catch (error) {
        warn(error);
        return options.fallback.suggest(q, limit);
      }
    },
  };
}
