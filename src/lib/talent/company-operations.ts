import type { JobAdCard } from '../jobs/job-queries';
import type { EmployerSortArgument } from './employer-sort';
import type { GraphqlAnswerLike } from './profile-operations';

// The GraphQL the talent's company pages send, and what they read back: the employers
// (/talent/employers), the provider companies (/talent/providers) and a company's public
// profile with its open job ads (/talent/company).

export const MY_EMPLOYERS_QUERY = `query MyEmployers($page: Int, $perPage: Int, $sort: TalentEmployerSort) {
  myEmployers(page: $page, perPage: $perPage, sort: $sort) {
    total page perPage pageCount
    items { rosterId companyId companyName companyLogo employmentType employeeNumber onRosterSince balance currency }
  }
}`;

export const MY_PROVIDER_COMPANIES_QUERY = `query MyProviderCompanies($page: Int, $perPage: Int) {
  myProviderCompanies(page: $page, perPage: $perPage) {
    total page perPage pageCount
    items { id name logo since clients { id name since until } }
  }
}`;

export const COMPANY_PUBLIC_PROFILE_QUERY = `query CompanyPublicProfile($id: ID!, $page: Int, $perPage: Int) {
  companyPublicProfile(id: $id) {
    id name logo description industry size type website country city isVerified
    openJobAds(page: $page, perPage: $perPage) {
      total page perPage pageCount
      items {
        id title location skills salary currency salaryRateUnit employmentType workMode assignmentType
        isAnonymous publishedAt publishedUntil isOpen company { id name logo }
      }
    }
  }
}`;

export interface ListPage<T> {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: T[];
}

export interface EmployerItem {
  rosterId: string;
  companyId: string;
  companyName: string;
  companyLogo: string | null;
  employmentType: 'freelancer' | 'employee' | null;
  employeeNumber: string | null;
  onRosterSince: string;
  /** Decimal string, e.g. "1234.50": formatted, never turned into a float. */
  balance: string;
  currency: string;
}

export interface ProviderItem {
  id: string;
  name: string;
  logo: string | null;
  since: string;
  clients: Array<{ id: string; name: string; since: string; until: string | null }>;
}

export interface CompanyProfileView {
  id: string;
  name: string;
  logo: string | null;
  description: string | null;
  industry: string | null;
  size: string | null;
  type: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
  isVerified: boolean;
  openJobAds: ListPage<JobAdCard>;
}

export interface EmployersVariables {
  page: number;
  perPage: number;
  sort: EmployerSortArgument;
}

function failure(what: string, answer: GraphqlAnswerLike): Error {
  return new Error(`loading ${what} failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
}

function readField<T>(answer: GraphqlAnswerLike, field: string, what: string): T {
  const data = answer.body.data as Record<string, unknown> | null | undefined;
  const value = data?.[field];
  if (answer.body.errors?.length || value === undefined || value === null) throw failure(what, answer);
  return value as T;
}

/** The employers page; throws when the API failed, so the page shows its error page. */
export function readEmployersAnswer(answer: GraphqlAnswerLike): ListPage<EmployerItem> {
  return readField(answer, 'myEmployers', 'the employers');
}

export function readProviderCompaniesAnswer(answer: GraphqlAnswerLike): ListPage<ProviderItem> {
  return readField(answer, 'myProviderCompanies', 'the provider companies');
}

/** The profile, or null when the API says there is no such company (the page answers 404). */
export function readCompanyProfileAnswer(answer: GraphqlAnswerLike): CompanyProfileView | null {
  if (answer.body.errors?.some((error) => error.extensions?.code === 'NOT_FOUND')) return null;
  return readField(answer, 'companyPublicProfile', 'the company profile');
}
