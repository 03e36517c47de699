import type { JobSearchParams } from './search-params';
import { toSortByValue } from './search-params';

/** The fields a job card and a job page show. */
export const JOB_AD_FIELDS = `
  id title location skills salary currency salaryRateUnit employmentType workMode assignmentType
  isAnonymous publishedAt publishedUntil isOpen
  company { id name logo }
`;

export const JOB_ADS_QUERY = `query JobAds($search: JobAdSearchInput) {
  jobAds(search: $search) { total page perPage pageCount items { ${JOB_AD_FIELDS} } }
}`;

export const JOB_AD_QUERY = `query JobAd($id: ID!) {
  jobAd(id: $id) { ${JOB_AD_FIELDS} description adDescription language company { id name logo website country industry description } }
}`;

export const JOB_AD_GONE_QUERY = 'query JobAdGone($id: ID!) { jobAdGone(id: $id) }';

export const JOB_AD_SUGGESTIONS_QUERY = `query JobAdSuggestions($q: String!, $limit: Int) {
  jobAdSuggestions(q: $q, limit: $limit) { id title }
}`;

export interface JobAdCard {
  id: string;
  title: string;
  location: string | null;
  skills: string[];
  salary: string | null;
  currency: string | null;
  salaryRateUnit: 'HOUR' | 'DAY' | 'MONTH' | null;
  employmentType: string | null;
  workMode: string | null;
  assignmentType: string | null;
  isAnonymous: boolean;
  publishedAt: string | null;
  publishedUntil: string | null;
  isOpen: boolean;
  company: { id: string; name: string; logo: string | null } | null;
}

export interface JobAdDetail extends JobAdCard {
  description: string | null;
  adDescription: string | null;
  language: string | null;
  company: { id: string; name: string; logo: string | null; website: string | null; country: string | null; industry: string | null; description: string | null } | null;
}

export interface JobAdsPage {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: JobAdCard[];
}

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
