import { ASSIGNMENT_TYPES, EMPLOYMENT_TYPES, RATE_UNITS, WORK_MODES } from './job-enums';
import {
  DEFAULT_PER_PAGE,
  JOB_SEARCH_FIELDS,
  MAX_LOCATION_LENGTH,
  MAX_PER_PAGE,
  MAX_QUERY_LENGTH,
  POSTED_WITHIN_DAYS,
  SALARY_PATTERN,
  SORT_BY_VALUES,
  defaultSort,
  pickKnown,
  type JobSearchParams,
  type PostedWithinDays,
  type SortByValue,
} from './search-params';
import { isCurrencyCode } from '../money/currency-code';
import type { FieldIssue } from '../forms/form-outcome';

/** The API's JobAdSearchInput: the same parameters, as a client sends them. */
export interface JobSearchInput {
  q?: string | null;
  queryBy?: readonly string[] | null;
  sortBy?: string | null;
  employmentType?: readonly string[] | null;
  workMode?: readonly string[] | null;
  assignmentType?: readonly string[] | null;
  location?: string | null;
  salaryMin?: string | null;
  salaryMax?: string | null;
  salaryRateUnit?: string | null;
  currency?: string | null;
  postedWithinDays?: number | null;
  page?: number | null;
  perPage?: number | null;
}

/** Where the job search's issue codes are worded (`jobs:search.errors.<code>`): the API's field errors. */
export const JOB_SEARCH_ERRORS = 'jobs:search.errors';

export type JobSearchInputResult = { ok: true; params: JobSearchParams } | { ok: false; issues: FieldIssue[] };

/**
 * Checks an API search input strictly. Unlike the /jobs address, which is forgiving
 * because people edit links, a client sending a bad value is told which field and why:
 * an issue code per field with the values its words name, worded from `JOB_SEARCH_ERRORS`.
 */
export function validateJobSearchInput(input: JobSearchInput | null | undefined): JobSearchInputResult {
  const issues: FieldIssue[] = [];
  const fail = (path: string, code: string, params?: FieldIssue['params']) => issues.push({ path, code, ...(params ? { params } : {}) });
  /** A value outside its list, named with the values the field takes. */
  const unknownValue = (path: string, value: string | number, allowed: readonly (string | number)[]) => fail(path, 'valueUnknown', { value, allowed: allowed.join(', ') });

  const q = (input?.q ?? '').trim();
  if (q.length > MAX_QUERY_LENGTH) fail('q', 'tooLong', { max: MAX_QUERY_LENGTH });

  function enumList<T extends string>(field: string, allowed: readonly T[], values: readonly string[] | null | undefined): T[] {
    const unknown = (values ?? []).filter((value) => !(allowed as readonly string[]).includes(value));
    if (unknown.length) unknownValue(field, unknown[0]!, allowed);
    return pickKnown(allowed, values ?? []);
  }
  const queryBy = enumList('queryBy', JOB_SEARCH_FIELDS, input?.queryBy);
  const employmentType = enumList('employmentType', EMPLOYMENT_TYPES, input?.employmentType);
  const workMode = enumList('workMode', WORK_MODES, input?.workMode);
  const assignmentType = enumList('assignmentType', ASSIGNMENT_TYPES, input?.assignmentType);

  const sortByValues = Object.keys(SORT_BY_VALUES) as SortByValue[];
  const sortBy = input?.sortBy ?? null;
  if (sortBy !== null && !(sortByValues as string[]).includes(sortBy)) unknownValue('sortBy', sortBy, sortByValues);
  const requestedSort = sortBy !== null && sortBy in SORT_BY_VALUES ? SORT_BY_VALUES[sortBy as SortByValue] : defaultSort(q);

  const location = (input?.location ?? '').trim();
  if (location.length > MAX_LOCATION_LENGTH) fail('location', 'tooLong', { max: MAX_LOCATION_LENGTH });

  const salaryMin = input?.salaryMin ?? null;
  const salaryMax = input?.salaryMax ?? null;
  for (const [field, value] of [['salaryMin', salaryMin], ['salaryMax', salaryMax]] as const) {
    if (value !== null && !SALARY_PATTERN.test(value)) fail(field, 'amountFormat');
  }
  if (salaryMin !== null && salaryMax !== null && SALARY_PATTERN.test(salaryMin) && SALARY_PATTERN.test(salaryMax) && Number(salaryMin) > Number(salaryMax)) {
    fail('salaryMax', 'belowSalaryMin');
  }

  const salaryRateUnit = input?.salaryRateUnit ?? null;
  if (salaryRateUnit !== null && !(RATE_UNITS as readonly string[]).includes(salaryRateUnit)) unknownValue('salaryRateUnit', salaryRateUnit, RATE_UNITS);
  const currency = input?.currency ?? null;
  if (currency !== null && !isCurrencyCode(currency)) fail('currency', 'currencyInvalid');

  const postedWithinDays = input?.postedWithinDays ?? null;
  if (postedWithinDays !== null && !(POSTED_WITHIN_DAYS as readonly number[]).includes(postedWithinDays)) {
    unknownValue('postedWithinDays', postedWithinDays, POSTED_WITHIN_DAYS);
  }

  const page = input?.page ?? 1;
  if (!Number.isInteger(page) || page < 1) fail('page', 'pageInvalid');
  const perPage = input?.perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) fail('perPage', 'perPageOutOfRange', { max: MAX_PER_PAGE });

  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    params: {
      q,
      queryBy: queryBy.length ? queryBy : [...JOB_SEARCH_FIELDS],
      sortBy: !q && requestedSort === 'relevance' ? 'newest' : requestedSort,
      employmentType,
      workMode,
      assignmentType,
      location,
      salaryMin,
      salaryMax,
      salaryRateUnit: salaryRateUnit as JobSearchParams['salaryRateUnit'],
      currency,
      postedWithinDays: postedWithinDays as PostedWithinDays | null,
      page,
      perPage,
    },
  };
}
