import { stripControlCharacters } from '../text/control-characters';
import { z } from 'zod';
import { isCurrencyCode, normalizeCurrency } from '../money/currency-code';
import {
  ASSIGNMENT_TYPES,
  EMPLOYMENT_TYPES,
  RATE_UNITS,
  WORK_MODES,
  type AssignmentTypeValue,
  type EmploymentTypeValue,
  type RateUnitValue,
  type WorkModeValue,
} from './job-enums';

/** The job ad search document's text fields, in the spec's query_by order. */
export const JOB_SEARCH_FIELDS = ['title', 'skills', 'description', 'location', 'employmentType'] as const;
export type JobSearchField = (typeof JOB_SEARCH_FIELDS)[number];

export type JobSearchSort = 'relevance' | 'newest' | 'oldest';

/** sort_by as the search box sends it (Typesense style, as the search service call takes it). */
export const SORT_BY_VALUES = {
  '_text_match:desc': 'relevance',
  'publishedAt:desc': 'newest',
  'publishedAt:asc': 'oldest',
} as const satisfies Record<string, JobSearchSort>;
export type SortByValue = keyof typeof SORT_BY_VALUES;

export const POSTED_WITHIN_DAYS = [1, 7, 30] as const;
export type PostedWithinDays = (typeof POSTED_WITHIN_DAYS)[number];

export const MAX_QUERY_LENGTH = 200;
export const MAX_LOCATION_LENGTH = 100;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;

/** Same shape as the API's Decimal scalar, without a sign: salaries are not negative. */
export const SALARY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

export interface JobSearchParams {
  /** Trimmed; empty means a listing of the newest open ads, not a text search (an empty query performs no search). */
  q: string;
  queryBy: JobSearchField[];
  sortBy: JobSearchSort;
  employmentType: EmploymentTypeValue[];
  workMode: WorkModeValue[];
  assignmentType: AssignmentTypeValue[];
  /** Substring of the ad's location; empty for any. */
  location: string;
  salaryMin: string | null;
  salaryMax: string | null;
  salaryRateUnit: RateUnitValue | null;
  currency: string | null;
  postedWithinDays: PostedWithinDays | null;
  page: number;
  perPage: number;
}

/** Without a query there is nothing to rank, so the listing is newest first. */
export const defaultSort = (q: string): JobSearchSort => (q ? 'relevance' : 'newest');

export function defaultJobSearchParams(): JobSearchParams {
  return {
    q: '',
    queryBy: [...JOB_SEARCH_FIELDS],
    sortBy: 'newest',
    employmentType: [],
    workMode: [],
    assignmentType: [],
    location: '',
    salaryMin: null,
    salaryMax: null,
    salaryRateUnit: null,
    currency: null,
    postedWithinDays: null,
    page: 1,
    perPage: DEFAULT_PER_PAGE,
  };
}

/** Known values only, each once, in the list's own order (so links are canonical). */
export function pickKnown<T extends string>(allowed: readonly T[], values: Iterable<string>): T[] {
  const wanted = new Set(values);
  return allowed.filter((value) => wanted.has(value));
}

// Control characters are dropped: a stray NUL in a shared link must not break the search.
const clip = (max: number) => z.string().transform((text) => stripControlCharacters(text).trim().slice(0, max).trim());

// Each field falls back on its own: a link with one bad value still shows results.
const urlQuerySchema = z.object({
  q: clip(MAX_QUERY_LENGTH).catch(''),
  location: clip(MAX_LOCATION_LENGTH).catch(''),
  sortBy: z.enum(Object.keys(SORT_BY_VALUES) as [SortByValue, ...SortByValue[]]).optional().catch(undefined),
  salaryMin: z.string().trim().regex(SALARY_PATTERN).nullable().catch(null),
  salaryMax: z.string().trim().regex(SALARY_PATTERN).nullable().catch(null),
  salaryRateUnit: z
    .string()
    .trim()
    .transform((unit) => unit.toUpperCase())
    .pipe(z.enum(RATE_UNITS))
    .nullable()
    .catch(null),
  currency: z
    .string()
    .trim()
    .transform(normalizeCurrency)
    .refine(isCurrencyCode)
    .nullable()
    .catch(null),
  postedWithinDays: z.coerce
    .number()
    .pipe(z.literal(POSTED_WITHIN_DAYS))
    .nullable()
    .catch(null),
  page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, MAX_PER_PAGE))
    .catch(DEFAULT_PER_PAGE),
});

/** Every value of a repeatable parameter, comma lists split, lower-cased. */
function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

const lowerList = (values: string[]) => values.map((value) => value.toLowerCase());

/** A single parameter, or null when absent or blank (so optional fields stay null). */
function single(query: URLSearchParams, name: string): string | null {
  const value = query.get(name);
  return value === null || value.trim() === '' ? null : value;
}

/**
 * Reads the /jobs address into search parameters. Never fails: unknown or malformed
 * values fall back to their defaults, so any shared or hand-edited link still works.
 */
export function parseJobSearchParams(query: URLSearchParams): JobSearchParams {
  const parsed = urlQuerySchema.parse({
    q: query.get('q') ?? '',
    location: query.get('location') ?? '',
    sortBy: single(query, 'sort_by')?.trim() ?? undefined,
    salaryMin: single(query, 'salary_min'),
    salaryMax: single(query, 'salary_max'),
    salaryRateUnit: single(query, 'salary_rate_unit'),
    currency: single(query, 'currency'),
    postedWithinDays: single(query, 'posted_within_days'),
    page: single(query, 'page') ?? 1,
    perPage: single(query, 'per_page') ?? DEFAULT_PER_PAGE,
  });
  const queryBy = pickKnown(JOB_SEARCH_FIELDS, listParam(query, 'query_by'));
  const requestedSort = parsed.sortBy ? SORT_BY_VALUES[parsed.sortBy] : defaultSort(parsed.q);
  return {
    q: parsed.q,
    queryBy: queryBy.length ? queryBy : [...JOB_SEARCH_FIELDS],
    sortBy: !parsed.q && requestedSort === 'relevance' ? 'newest' : requestedSort,
    employmentType: pickKnown(EMPLOYMENT_TYPES, lowerList(listParam(query, 'employment_type'))),
    workMode: pickKnown(WORK_MODES, lowerList(listParam(query, 'work_mode'))),
    assignmentType: pickKnown(ASSIGNMENT_TYPES, lowerList(listParam(query, 'assignment_type'))),
    location: parsed.location,
    salaryMin: parsed.salaryMin,
    salaryMax: parsed.salaryMax,
    salaryRateUnit: parsed.salaryRateUnit,
    currency: parsed.currency,
    postedWithinDays: parsed.postedWithinDays,
    page: parsed.page,
    perPage: parsed.perPage,
  };
}

/** The URL form of a sort (the search box's sort_by value). */
export function toSortByValue(sort: JobSearchSort): SortByValue {
  const entry = Object.entries(SORT_BY_VALUES).find(([, value]) => value === sort);
  return entry![0] as SortByValue;
}

/**
 * sort_by for a Typesense search. Relevance breaks ties by recency, as the PostgreSQL
 * adapter does, so both adapters order equal matches the same way.
 */
export function toTypesenseSortBy(sort: JobSearchSort): string {
  if (sort === 'relevance') return '_text_match:desc,publishedAt:desc';
  return toSortByValue(sort);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The canonical /jobs query for the parameters, defaults left out, so that equal searches
 * get equal links (and parseJobSearchParams reads back the same parameters).
 */
export function searchParamsToQuery(params: JobSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  const queryBy = pickKnown(JOB_SEARCH_FIELDS, params.queryBy);
  if (queryBy.length && !sameList(queryBy, JOB_SEARCH_FIELDS)) query.set('query_by', queryBy.join(','));
  if (params.sortBy !== defaultSort(params.q)) query.set('sort_by', toSortByValue(params.sortBy));
  const lists: Array<[string, readonly string[], readonly string[]]> = [
    ['employment_type', EMPLOYMENT_TYPES, params.employmentType],
    ['work_mode', WORK_MODES, params.workMode],
    ['assignment_type', ASSIGNMENT_TYPES, params.assignmentType],
  ];
  for (const [name, allowed, values] of lists) {
    const known = pickKnown(allowed, values);
    if (known.length) query.set(name, known.join(','));
  }
  if (params.location) query.set('location', params.location);
  if (params.salaryMin !== null) query.set('salary_min', params.salaryMin);
  if (params.salaryMax !== null) query.set('salary_max', params.salaryMax);
  if (params.salaryRateUnit !== null) query.set('salary_rate_unit', params.salaryRateUnit);
  if (params.currency !== null) query.set('currency', params.currency);
  if (params.postedWithinDays !== null) query.set('posted_within_days', String(params.postedWithinDays));
  if (params.page > 1) query.set('page', String(params.page));
  if (params.perPage !== DEFAULT_PER_PAGE) query.set('per_page', String(params.perPage));
  return query;
}

/** Parameters of the canonical query that order or page the results rather than narrow them. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['q', 'sort_by', 'page', 'per_page']);

/**
 * How many of the filter form's controls narrow the search (one per control, however many
 * boxes it has ticked), for the "Filters (2)" toggle on phones. The order and the page are
 * not filters; a choice left at its default is not one either (searchParamsToQuery drops it).
 */
export function activeFilterCount(params: JobSearchParams): number {
  return [...searchParamsToQuery(params).keys()].filter((name) => !NOT_FILTERS.has(name)).length;
}
