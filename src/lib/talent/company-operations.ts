import { graphql, type ResultOf } from '../graphql/graphql';
import { dataOf, dataOrNotFound } from '../graphql/answer-data';
import type { DocumentAnswer } from '../graphql/send-document';
import { JOB_AD_CARD_FRAGMENT } from '../jobs/job-queries';

// The GraphQL the talent's company pages send, and what they read back: the employers
// (/talent/employers), the provider companies (/talent/providers) and a company's public
// profile with its open job ads (/talent/company). The types are derived from the documents.

export const MY_EMPLOYERS_QUERY = graphql(`
  query MyEmployers($page: Int, $perPage: Int, $sort: TalentEmployerSort) {
    myEmployers(page: $page, perPage: $perPage, sort: $sort) {
      total page perPage pageCount
      items { rosterId companyId companyName companyLogo employmentType employeeNumber onRosterSince balance currency }
    }
  }
`);

export const MY_PROVIDER_COMPANIES_QUERY = graphql(`
  query MyProviderCompanies($page: Int, $perPage: Int) {
    myProviderCompanies(page: $page, perPage: $perPage) {
      total page perPage pageCount
      items { id name logo since clients { id name since until } }
    }
  }
`);

// The company's open ads are shown as job cards, so they read the job card's fields.
export const COMPANY_PUBLIC_PROFILE_QUERY = graphql(
  `
  query CompanyPublicProfile($id: ID!, $page: Int, $perPage: Int) {
    companyPublicProfile(id: $id) {
      id name logo description industry size type website country city isVerified
      openJobAds(page: $page, perPage: $perPage) { total page perPage pageCount items { ...JobAdCard } }
    }
  }
`,
  [JOB_AD_CARD_FRAGMENT],
);

type EmployersResult = ResultOf<typeof MY_EMPLOYERS_QUERY>;
type ProviderCompaniesResult = ResultOf<typeof MY_PROVIDER_COMPANIES_QUERY>;
type CompanyProfileResult = ResultOf<typeof COMPANY_PUBLIC_PROFILE_QUERY>;

export type EmployersPage = EmployersResult['myEmployers'];
/** An employer row; balance is a decimal string (e.g. "1234.50"): formatted, never turned into a float. */
export type EmployerItem = EmployersPage['items'][number];
export type ProviderCompaniesPage = ProviderCompaniesResult['myProviderCompanies'];
export type ProviderItem = ProviderCompaniesPage['items'][number];
export type CompanyProfileView = CompanyProfileResult['companyPublicProfile'];

/** The employers page; throws when the API failed, so the page shows its error page. */
export function readEmployersAnswer(answer: DocumentAnswer<EmployersResult>): EmployersPage {
  return dataOf(answer, 'the employers').myEmployers;
}

export function readProviderCompaniesAnswer(answer: DocumentAnswer<ProviderCompaniesResult>): ProviderCompaniesPage {
  return dataOf(answer, 'the provider companies').myProviderCompanies;
}

/** The profile, or null when the API says there is no such company (the page answers 404). */
export function readCompanyProfileAnswer(answer: DocumentAnswer<CompanyProfileResult>): CompanyProfileView | null {
  return dataOrNotFound(answer, 'the company profile')?.companyPublicProfile ?? null;
}
