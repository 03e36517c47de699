import { graphql, type ResultOf } from '../graphql/graphql';
import type { JobSearchParams } from './search-params';
import { toSortByValue } from './search-params';

/** The fields a job card and a job page show. */
export const JOB_AD_CARD_FRAGMENT = graphql(`
  fragment JobAdCard on JobAd {
    id title location skills salary currency salaryRateUnit employmentType workMode assignmentType
    isAnonymous publishedAt publishedUntil isOpen language
    company { id name logo }
  }
`);

export const JOB_ADS_QUERY = graphql(
  `
  query JobAds($search: JobAdSearchInput) {
    jobAds(search: $search) { total totalIsExact page perPage pageCount items { ...JobAdCard } }
  }
`,
  [JOB_AD_CARD_FRAGMENT],
);

export const JOB_AD_QUERY = graphql(
  `
  query JobAd($id: ID!) {
    jobAd(id: $id) { ...JobAdCard countryCode locality remoteCountries description adDescription language company { id name logo website country industry description } }
  }
`,
  [JOB_AD_CARD_FRAGMENT],
);

export const JOB_AD_GONE_QUERY = graphql(`query JobAdGone($id: ID!) { jobAdGone(id: $id) }`);

export const JOB_AD_SUGGESTIONS_QUERY = graphql(`
  query JobAdSuggestions($q: String!, $limit: Int) {
    jobAdSuggestions(q: $q, limit: $limit) { id title }
  }
`);

export type JobAdCard = ResultOf<typeof JOB_AD_CARD_FRAGMENT>;
export type JobAdDetail = NonNullable<ResultOf<typeof JOB_AD_QUERY>['jobAd']>;
export type JobAdsPage = NonNullable<ResultOf<typeof JOB_ADS_QUERY>['jobAds']>;

/** The API's JobAdSearchInput for parameters read from a /jobs address. */
export function toJobAdSearchInput(params: JobSearchParams) {
  return {
    q: params.q || null,
    queryBy: params.queryBy,
    sortBy: toSortByValue(params.sortBy),
    employmentType: params.employmentType,
    workMode: params.workMode,
    assignmentType: params.assignmentType,
    location: params.location || null,
    salaryMin: params.salaryMin,
    salaryMax: params.salaryMax,
    salaryRateUnit: params.salaryRateUnit,
    currency: params.currency,
    postedWithinDays: params.postedWithinDays,
    page: params.page,
    perPage: params.perPage,
  };
}
