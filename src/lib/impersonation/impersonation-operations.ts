import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf } from '../forms/form-outcome';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { IMPERSONATION_ERRORS } from './impersonation-rules';

// The documents of accountable impersonation: finding whom to act as,
// starting with a reason, stopping, and the admins' audit.

export const IMPERSONATION_CANDIDATES_QUERY = graphql(`
  query ImpersonationCandidates($search: String!) {
    impersonationCandidates(search: $search) { externalId email displayName }
  }
`);

export type ImpersonationCandidate = ResultOf<typeof IMPERSONATION_CANDIDATES_QUERY>['impersonationCandidates'][number];

export type CandidateSearch = { kind: 'none' } | { kind: 'found'; candidates: ImpersonationCandidate[] } | { kind: 'invalid'; message: string };

/**
 * The users matching a search, or why the search is not acceptable: the API's issue code
 * on the search field (too short) worded by `t` (`impersonation.errors.<code>`), else that
 * the search failed.
 */
export async function searchImpersonationCandidates(send: SendGraphql, search: string, t: Translate): Promise<CandidateSearch> {
  if (!search.trim()) return { kind: 'none' };
  const answer = await sendDocument(send, IMPERSONATION_CANDIDATES_QUERY, { search });
  const candidates = answer.data?.impersonationCandidates;
  if (candidates) return { kind: 'found', candidates };
  const { issues } = answerIssues(answer.errors);
  return { kind: 'invalid', message: fieldErrorsOf(issues, t, IMPERSONATION_ERRORS).search ?? t(`${IMPERSONATION_ERRORS}.searchFailed`) };
}

export const START_IMPERSONATION_MUTATION = graphql(`
  mutation StartImpersonation($externalId: String!, $reason: String!) {
    startImpersonation(externalId: $externalId, reason: $reason) { id reason startedAt targetEmail }
  }
`);

export const STOP_IMPERSONATION_MUTATION = graphql(`
  mutation StopImpersonation {
    stopImpersonation
  }
`);

export const FIND_MANY_IMPERSONATION_QUERY = graphql(`
  query FindManyImpersonation($q: String, $userId: ID, $page: Int, $perPage: Int) {
    findManyImpersonation(q: $q, userId: $userId, page: $page, perPage: $perPage) {
      items {
        id reason startedAt endedAt open actorEmail actorName targetEmail targetName writeCount
        writes { id type createdAt entityId changes { field before after } }
      }
      total page pageCount
    }
  }
`);

export type ImpersonationAuditPage = ResultOf<typeof FIND_MANY_IMPERSONATION_QUERY>['findManyImpersonation'];

/** What an impersonation started with, as the session keeps it for the banner. */
export type StartedImpersonation = ResultOf<typeof START_IMPERSONATION_MUTATION>['startImpersonation'];
