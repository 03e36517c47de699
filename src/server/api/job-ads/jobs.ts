import { MAX_QUERY_LENGTH } from '../../../lib/job-ads/search-params';
import { JOB_SEARCH_ERRORS, validateJobSearchInput } from '../../../lib/job-ads/search-input';
import { MAX_SUGGESTION_LIMIT } from '../../job-ad-search/job-search';
import { loadOpenJobAds, loadVisibleJobAd, type PublicCompanyRow, type PublicJobAdRow } from '../../job-ad-search/job-ad-rows';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../builder';
import { invalidFields } from '../errors';
import { selectsField } from '../selected-fields';

// Public operations: they answer calls without a token, so every row they return comes
// from job-ad-rows, which only ever loads what a guest may see.

const PublicCompany = builder.objectRef<PublicCompanyRow>('PublicCompany').implement({
  description: 'What anyone may see of a company that publishes job ads',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    logo: t.exposeString('logo', { nullable: true }),
    website: t.exposeString('website', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    industry: t.exposeString('industry', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
  }),
});

// Exported as objectRef returns it (the kind of ref pageOf takes), so other domains can list job ads.
export const JobAd = builder.objectRef<PublicJobAdRow>('JobAd');
JobAd.implement({
  description: 'A published job ad',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    adDescription: t.exposeString('adDescription', { nullable: true }),
    location: t.exposeString('location', { nullable: true, description: 'The place as one line of text (derived from the fields below), what search matches' }),
    countryCode: t.exposeString('countryCode', {
      nullable: true,
      description: "ISO 3166-1 alpha-2 of the workplace, for remote work where the company hires from; the publisher's country when the ad names none",
    }),
    locality: t.exposeString('locality', { nullable: true, description: 'Town or city of the workplace' }),
    remoteCountries: t.exposeStringList('remoteCountries', { description: 'Remote work: the countries applicants may live in (ISO 3166-1 alpha-2); empty means the country above' }),
    skills: t.exposeStringList('skills'),
    salary: t.field({ type: 'Decimal', nullable: true, resolve: (ad) => ad.salary }),
    currency: t.exposeString('currency', { nullable: true }),
    salaryRateUnit: t.exposeString('salaryRateUnit', { nullable: true }),
    employmentType: t.exposeString('employmentType', { nullable: true }),
    workMode: t.exposeString('workMode', { nullable: true }),
    assignmentType: t.exposeString('assignmentType', { nullable: true }),
    language: t.exposeString('language', { nullable: true }),
    isAnonymous: t.exposeBoolean('isAnonymous'),
    publishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (ad) => ad.publishedAt }),
    publishedUntil: t.field({ type: 'DateTime', nullable: true, description: 'The application deadline, if any', resolve: (ad) => ad.publishedUntil }),
    isOpen: t.exposeBoolean('isOpen', { description: 'False once the deadline has passed' }),
    company: t.field({
      type: PublicCompany,
      nullable: true,
      description: 'The publisher; null for an anonymous ad',
      resolve: (ad) => ad.company,
    }),
  }),
});

interface SearchPage {
  items: PublicJobAdRow[];
  total: number;
  totalIsExact: boolean;
  page: number;
  perPage: number;
}

/** The JobAd and PublicCompany fields loadOpenJobAds reads only when asked (its longTexts). */
const LONG_TEXT_FIELDS: ReadonlyArray<readonly string[]> = [['description'], ['adDescription'], ['company', 'description']];

/** Whether the operation asks, for the job ads listed at `listPath`, for any long text. */
export function asksForLongTexts(info: GraphQLResolveInfo, listPath: readonly string[]): boolean {
  return LONG_TEXT_FIELDS.some((field) => selectsField(info, [...listPath, ...field]));
}

const JobAdSearchResult = builder.objectRef<SearchPage>('JobAdSearchResult').implement({
  fields: (t) => ({
    items: t.field({ type: [JobAd], resolve: (result) => result.items }),
    total: t.exposeInt('total', { description: 'Open ads matching the search, over all pages; a lower bound when totalIsExact is false' }),
    totalIsExact: t.exposeBoolean('totalIsExact', {
      description: 'False when counting stopped at the search\'s cap: more than total ads match (show e.g. "1,000+"), and pages end at total',
    }),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    pageCount: t.int({ resolve: (result) => Math.ceil(result.total / result.perPage) }),
  }),
});

const JobAdSuggestion = builder.objectRef<{ id: string; title: string }>('JobAdSuggestion').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

const JobAdSearchInput = builder.inputType('JobAdSearchInput', {
  description: 'The /jobs search; an empty q lists the newest open ads without a text search',
  fields: (t) => ({
    q: t.string({ required: false, description: `Search text, at most ${MAX_QUERY_LENGTH} characters` }),
    queryBy: t.stringList({ required: false, description: 'Fields to search: title, skills, description, location, employmentType (default all)' }),
    sortBy: t.string({
      required: false,
      description: '_text_match:desc, publishedAt:desc or publishedAt:asc; default relevance then newest with q, newest without',
    }),
    employmentType: t.stringList({ required: false }),
    workMode: t.stringList({ required: false }),
    assignmentType: t.stringList({ required: false }),
    location: t.string({ required: false, description: 'Part of the location, any case' }),
    salaryMin: t.field({ type: 'Decimal', required: false }),
    salaryMax: t.field({ type: 'Decimal', required: false }),
    salaryRateUnit: t.string({ required: false, description: 'HOUR, DAY or MONTH' }),
    currency: t.string({ required: false, description: 'ISO 4217 code' }),
    postedWithinDays: t.int({ required: false, description: '1, 7 or 30' }),
    page: t.int({ required: false, description: 'From 1 (default 1)' }),
    perPage: t.int({ required: false, description: '1 to 50 (default 20)' }),
  }),
});

builder.queryField('jobAds', (t) =>
  t.field({
    type: JobAdSearchResult,
    description: 'Searches open job ads (public)',
    args: { search: t.arg({ type: JobAdSearchInput, required: false }) },
    resolve: async (_root, args, { db, jobSearch }, info) => {
      const checked = validateJobSearchInput(args.search);
      if (!checked.ok) throw invalidFields(checked.issues, JOB_SEARCH_ERRORS, 'search');
      const { params } = checked;
      const now = new Date();
      const { ids, total, totalIsExact } = await jobSearch.search(params, now);
      const items = await loadOpenJobAds(db, ids, now, { longTexts: asksForLongTexts(info, ['items']) });
      return { items, total, totalIsExact, page: params.page, perPage: params.perPage };
    },
  }),
);

builder.queryField('jobAd', (t) =>
  t.field({
    type: JobAd,
    nullable: true,
    description: 'A published job ad (public); also past its deadline, with isOpen false',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { db }) => loadVisibleJobAd(db, String(args.id), new Date()),
  }),
);

builder.queryField('jobAdSuggestions', (t) =>
  t.field({
    type: [JobAdSuggestion],
    description: 'Distinct open job ad titles for the search box as the user types (public)',
    args: { q: t.arg.string({ required: true }), limit: t.arg.int({ required: false, description: `1 to ${MAX_SUGGESTION_LIMIT} (default 8)` }) },
    resolve: (_root, args, { jobSearch }) => {
      const q = args.q.trim();
      if (q.length > MAX_QUERY_LENGTH) throw invalidFields([{ path: 'q', code: 'tooLong', params: { max: MAX_QUERY_LENGTH } }], JOB_SEARCH_ERRORS, null);
      const limit = args.limit ?? undefined;
      if (limit !== undefined && (limit < 1 || limit > MAX_SUGGESTION_LIMIT)) {
        throw invalidFields([{ path: 'limit', code: 'limitOutOfRange', params: { max: MAX_SUGGESTION_LIMIT } }], JOB_SEARCH_ERRORS, null);
      }
      // An empty text sends no search (an empty query performs no search).
      return q ? jobSearch.suggest(q, limit) : [];
    },
  }),
);
