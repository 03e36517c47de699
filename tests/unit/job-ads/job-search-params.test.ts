import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_TYPES, EMPLOYMENT_TYPES, RATE_UNITS, WORK_MODES } from '../../../src/lib/job-ads/job-enums';
import {
  activeFilterCount,
  defaultJobSearchParams,
  JOB_SEARCH_FIELDS,
  parseJobSearchParams,
  searchParamsToQuery,
  toTypesenseSortBy,
  type JobSearchParams,
} from '../../../src/lib/job-ads/search-params';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { JOB_SEARCH_ERRORS, validateJobSearchInput } from '../../../src/lib/job-ads/search-input';

const parse = (query: string) => parseJobSearchParams(new URLSearchParams(query));

describe('/jobs query parameters', () => {
  it('defaults to a listing: no query, all five fields, newest first, page 1 of 20', () => {
    expect(parse('')).toEqual(defaultJobSearchParams());
    expect(defaultJobSearchParams()).toMatchObject({ q: '', queryBy: [...JOB_SEARCH_FIELDS], sortBy: 'newest', page: 1, perPage: 20 });
  });

  it('trims q and cuts it to 200 characters', () => {
    expect(parse('q=%20%20react%20dev%20').q).toBe('react dev');
    expect(parse(`q=${'a'.repeat(250)}`).q).toHaveLength(200);
  });

  it('limits query_by to title, skills, description, location and employmentType, else all five', () => {
    expect(parse('query_by=skills,title').queryBy).toEqual(['title', 'skills']);
    expect(parse('query_by=title&query_by=salary,location').queryBy).toEqual(['title', 'location']);
    expect(parse('query_by=salary').queryBy).toEqual([...JOB_SEARCH_FIELDS]);
    expect(parse('query_by=title,skills,description,location,employmentType').queryBy).toEqual([...JOB_SEARCH_FIELDS]);
  });

  it('maps sort_by: _text_match:desc to relevance, publishedAt:desc to newest, publishedAt:asc to oldest', () => {
    expect(parse('q=go&sort_by=_text_match:desc').sortBy).toBe('relevance');
    expect(parse('q=go&sort_by=publishedAt:desc').sortBy).toBe('newest');
    expect(parse('sort_by=publishedAt:asc').sortBy).toBe('oldest');
  });

  it('sorts by relevance with a query and newest first without one when sort_by is absent or unknown', () => {
    expect(parse('q=go').sortBy).toBe('relevance');
    expect(parse('').sortBy).toBe('newest');
    expect(parse('q=go&sort_by=salary:asc').sortBy).toBe('relevance');
    // Nothing to rank without a query.
    expect(parse('sort_by=_text_match:desc').sortBy).toBe('newest');
  });

  it('reads enum filters from repeated parameters or comma lists, dropping unknown values', () => {
    expect(parse('employment_type=employee&employment_type=freelancer,intern').employmentType).toEqual(['freelancer', 'employee']);
    expect(parse('work_mode=Remote,onsite,remote').workMode).toEqual(['remote', 'onsite']);
    expect(parse('assignment_type=weekly').assignmentType).toEqual([]);
  });

  it('keeps salaries as decimal strings and drops malformed ones', () => {
    expect(parse('salary_min=4500&salary_max=6000.50')).toMatchObject({ salaryMin: '4500', salaryMax: '6000.50' });
    expect(parse('salary_min=-1&salary_max=1e3')).toMatchObject({ salaryMin: null, salaryMax: null });
    expect(parse('salary_min=12.345').salaryMin).toBeNull();
  });

  it('reads rate unit and currency in any case, dropping unknown ones', () => {
    expect(parse('salary_rate_unit=month&currency=eur')).toMatchObject({ salaryRateUnit: 'MONTH', currency: 'EUR' });
    expect(parse('salary_rate_unit=WEEK&currency=EURO')).toMatchObject({ salaryRateUnit: null, currency: null });
  });

  it('accepts posted within 1, 7 or 30 days only', () => {
    expect(parse('posted_within_days=7').postedWithinDays).toBe(7);
    expect(parse('posted_within_days=30').postedWithinDays).toBe(30);
    expect(parse('posted_within_days=14').postedWithinDays).toBeNull();
  });

  it('reads page from 1 (a bad page is 1) and per_page up to 50 (default 20)', () => {
    expect(parse('page=3').page).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'x', '']) expect(parse(`page=${bad}`).page).toBe(1);
    expect(parse('per_page=10').perPage).toBe(10);
    expect(parse('per_page=500').perPage).toBe(50);
    expect(parse('per_page=0').perPage).toBe(20);
    expect(parse('per_page=abc').perPage).toBe(20);
  });

  it('gives Typesense sort_by values, relevance breaking ties by recency', () => {
    expect(toTypesenseSortBy('relevance')).toBe('_text_match:desc,publishedAt:desc');
    expect(toTypesenseSortBy('newest')).toBe('publishedAt:desc');
    expect(toTypesenseSortBy('oldest')).toBe('publishedAt:asc');
  });

  it('writes a canonical query that leaves out defaults', () => {
    expect(searchParamsToQuery(defaultJobSearchParams()).toString()).toBe('');
    expect(searchParamsToQuery(parse('q=go')).toString()).toBe('q=go');
    const params: JobSearchParams = {
      ...defaultJobSearchParams(),
      q: 'react dev',
      queryBy: ['skills', 'title'],
      sortBy: 'newest',
      employmentType: ['employee', 'freelancer'],
      workMode: ['remote'],
      location: 'Helsinki',
      salaryMin: '4000',
      currency: 'EUR',
      salaryRateUnit: 'MONTH',
      postedWithinDays: 7,
      page: 2,
      perPage: 50,
    };
    expect(searchParamsToQuery(params).toString()).toBe(
      'q=react+dev&query_by=title%2Cskills&sort_by=publishedAt%3Adesc&employment_type=freelancer%2Cemployee&work_mode=remote&location=Helsinki&salary_min=4000&salary_rate_unit=MONTH&currency=EUR&posted_within_days=7&page=2&per_page=50',
    );
  });

  it('reads back what it writes', () => {
    const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
    const decimal = fc.option(fc.tuple(fc.nat(999_999), fc.nat(99)).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`), { nil: null });
    const params = fc.record<JobSearchParams>({
      q: fc.string({ maxLength: 40 }).map((text) => text.trim()),
      queryBy: fc.subarray([...JOB_SEARCH_FIELDS], { minLength: 1 }),
      sortBy: fc.constantFrom('relevance', 'newest', 'oldest'),
      employmentType: subset(EMPLOYMENT_TYPES),
      workMode: subset(WORK_MODES),
      assignmentType: subset(ASSIGNMENT_TYPES),
      location: fc.string({ maxLength: 20 }).map((text) => text.trim()),
      salaryMin: decimal,
      salaryMax: decimal,
      salaryRateUnit: fc.option(fc.constantFrom(...RATE_UNITS), { nil: null }),
      currency: fc.option(fc.constantFrom('EUR', 'USD', 'GBP'), { nil: null }),
      postedWithinDays: fc.option(fc.constantFrom(1 as const, 7 as const, 30 as const), { nil: null }),
      page: fc.integer({ min: 1, max: 10_000 }),
      perPage: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(params, (original) => {
        const expected = { ...original, sortBy: !original.q && original.sortBy === 'relevance' ? 'newest' : original.sortBy };
        expect(parseJobSearchParams(searchParamsToQuery(original))).toEqual(expected);
      }),
    );
  });
});

describe('active filters (the "Filters (n)" toggle on phones)', () => {
  it('counts none for a listing or a text search, whatever the order or the page', () => {
    expect(activeFilterCount(parse(''))).toBe(0);
    expect(activeFilterCount(parse('q=react&sort_by=publishedAt:asc&page=3&per_page=50'))).toBe(0);
  });

  it('counts each control that narrows, once however many boxes it has ticked', () => {
    expect(activeFilterCount(parse('employment_type=employee,freelancer&work_mode=remote'))).toBe(2);
    expect(activeFilterCount(parse('q=react&query_by=title&location=Helsinki&salary_min=4000&salary_max=6000&currency=EUR&salary_rate_unit=MONTH&posted_within_days=7&assignment_type=fulltime'))).toBe(8);
  });

  it('ignores values the search would drop (all fields searched, unknown choices)', () => {
    expect(activeFilterCount(parse('q=react&query_by=title,skills,description,location,employmentType'))).toBe(0);
    expect(activeFilterCount(parse('employment_type=astronaut&posted_within_days=5'))).toBe(0);
  });
});

describe('API search input (strict, a code per bad field)', () => {
  it('accepts an empty input as the default listing', () => {
    expect(validateJobSearchInput(undefined)).toEqual({ ok: true, params: defaultJobSearchParams() });
    expect(validateJobSearchInput({ q: ' go ', sortBy: 'publishedAt:asc', perPage: 50 })).toEqual({
      ok: true,
      params: { ...defaultJobSearchParams(), q: 'go', sortBy: 'oldest', perPage: 50 },
    });
  });

  it('names every bad field instead of guessing', () => {
    const result = validateJobSearchInput({
      q: 'x'.repeat(201),
      queryBy: ['title', 'salary'],
      sortBy: 'price',
      workMode: ['office'],
      location: 'y'.repeat(101),
      salaryMin: '10',
      salaryMax: '5',
      salaryRateUnit: 'WEEK',
      currency: 'eur',
      postedWithinDays: 3,
      page: 0,
      perPage: 500,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toEqual([
      { path: 'q', code: 'tooLong', params: { max: 200 } },
      { path: 'queryBy', code: 'valueUnknown', params: { value: 'salary', allowed: 'title, skills, description, location, employmentType' } },
      { path: 'workMode', code: 'valueUnknown', params: { value: 'office', allowed: 'remote, hybrid, onsite' } },
      { path: 'sortBy', code: 'valueUnknown', params: { value: 'price', allowed: '_text_match:desc, publishedAt:desc, publishedAt:asc' } },
      { path: 'location', code: 'tooLong', params: { max: 100 } },
      { path: 'salaryMax', code: 'belowSalaryMin' },
      { path: 'salaryRateUnit', code: 'valueUnknown', params: { value: 'WEEK', allowed: 'HOUR, DAY, MONTH' } },
      { path: 'currency', code: 'currencyInvalid' },
      { path: 'postedWithinDays', code: 'valueUnknown', params: { value: 3, allowed: '1, 7, 30' } },
      { path: 'page', code: 'pageInvalid' },
      { path: 'perPage', code: 'perPageOutOfRange', params: { max: 50 } },
    ]);
    // Every code the check gives has its words in the locale file, filled with its params.
    const t = getTranslator(['common', 'jobs']);
    for (const issue of !result.ok ? result.issues : []) {
      const key = `${JOB_SEARCH_ERRORS}.${issue.code}`;
      expect(t(key, { ...issue.params, defaultValue: '' }), key).not.toBe('');
      expect(t(key, issue.params ?? {}), key).not.toMatch(/\{\{/);
    }
    expect(validateJobSearchInput({ salaryMin: '-1' })).toEqual({ ok: false, issues: [{ path: 'salaryMin', code: 'amountFormat' }] });
  });
});
