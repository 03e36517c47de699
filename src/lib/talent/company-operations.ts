import type { ActionOutcome } from '../forms/form-outcome';
import { graphql, type ResultOf } from '../graphql/graphql';
import { dataOf, dataOrNotFound } from '../graphql/answer-data';
import { sendDocument, type DocumentAnswer, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { JOB_AD_CARD_FRAGMENT } from '../job-ads/job-queries';
import { ROSTER_ANSWERS, type RosterAnswer } from '../talent-roster/roster-consent';

// The GraphQL the talent's company pages send, and what they read back: the employers
// (/talent/employers) with the companies asking to add her to their roster and her answer,
// the provider companies (/talent/providers) and a company's public profile with its open
// job ads (/talent/company). The types are derived from the documents.

export const MY_EMPLOYERS_QUERY = graphql(`
  query MyEmployers($page: Int, $perPage: Int, $sort: TalentEmployerSort) {
    myEmployers(page: $page, perPage: $perPage, sort: $sort) {
      total page perPage pageCount
      items { rosterId companyId companyName companyLogo employmentType employeeNumber onRosterSince balance currency }
    }
  }
`);

/** Open roster requests: on the employers page in full, on the dashboard as a count. */
export const MY_ROSTER_REQUESTS_QUERY = graphql(`
  query MyRosterRequests($page: Int, $perPage: Int) {
    myRosterRequests(page: $page, perPage: $perPage) {
      total page perPage pageCount
      items { id companyId companyName companyLogo employmentType employeeNumber currency }
    }
  }
`);

export const ANSWER_MY_ROSTER_REQUEST_MUTATION = graphql(`
  mutation AnswerMyRosterRequest($id: ID!, $consent: RosterAnswer!) {
    answerMyRosterRequest(id: $id, consent: $consent) { id consent }
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
type RosterRequestsResult = ResultOf<typeof MY_ROSTER_REQUESTS_QUERY>;
type ProviderCompaniesResult = ResultOf<typeof MY_PROVIDER_COMPANIES_QUERY>;
type CompanyProfileResult = ResultOf<typeof COMPANY_PUBLIC_PROFILE_QUERY>;

export type EmployersPage = EmployersResult['myEmployers'];
export type RosterRequestsPage = RosterRequestsResult['myRosterRequests'];
/** An employer row; balance is a decimal string (e.g. "1234.50"): formatted, never turned into a float. */
export type EmployerItem = EmployersPage['items'][number];
export type ProviderCompaniesPage = ProviderCompaniesResult['myProviderCompanies'];
export type ProviderItem = ProviderCompaniesPage['items'][number];
export type CompanyProfileView = CompanyProfileResult['companyPublicProfile'];

/** The employers page; throws when the API failed, so the page shows its error page. */
export function readEmployersAnswer(answer: DocumentAnswer<EmployersResult>): EmployersPage {
  return dataOf(answer, 'the employers').myEmployers;
}

export function readRosterRequestsAnswer(answer: DocumentAnswer<RosterRequestsResult>): RosterRequestsPage {
  return dataOf(answer, 'the roster requests').myRosterRequests;
}

const REQUEST_WORDS = 'rosterRequests';

/**
 * Accept or Decline on a roster request (the employers page): the request's id and the
 * button pressed (`consent`). The notice says which answer was saved; a request no longer
 * open (withdrawn, or not hers) and one answered already are said in words.
 */
export async function submitRosterAnswer(form: FormData, send: SendGraphql, t: Translate): Promise<ActionOutcome<{ noticeKey: string }>> {
  const id = postedId(form);
  const consent = form.get('consent');
  if (!id || typeof consent !== 'string' || !(ROSTER_ANSWERS as readonly string[]).includes(consent)) return { kind: 'refused', message: t(`${REQUEST_WORDS}.invalid`), status: 422 };
  const answer = await sendDocument(send, ANSWER_MY_ROSTER_REQUEST_MUTATION, { id, consent: consent as RosterAnswer });
  if (answer.data?.answerMyRosterRequest && !answer.errors.length) return { kind: 'done', noticeKey: `notices.${REQUEST_WORDS}.${consent}` };
  const code = answer.errors[0]?.extensions?.code;
  if (code === 'CONFLICT') return { kind: 'refused', message: t(`${REQUEST_WORDS}.errors.alreadyAnswered`), status: 409 };
  if (code === 'NOT_FOUND') return { kind: 'refused', message: t(`${REQUEST_WORDS}.gone`), status: 404 };
  return { kind: 'refused', message: t(`${REQUEST_WORDS}.failed`), status: answer.status >= 500 ? 502 : 422 };
}

export function readProviderCompaniesAnswer(answer: DocumentAnswer<ProviderCompaniesResult>): ProviderCompaniesPage {
  return dataOf(answer, 'the provider companies').myProviderCompanies;
}

/** The profile, or null when the API says there is no such company (the page answers 404). */
export function readCompanyProfileAnswer(answer: DocumentAnswer<CompanyProfileResult>): CompanyProfileView | null {
  return dataOrNotFound(answer, 'the company profile')?.companyPublicProfile ?? null;
}
