import type { SendGraphql } from '../graphql/send-document';

export const IMPERSONATION_CANDIDATES_QUERY = `query ImpersonationCandidates($search: String!) {
  impersonationCandidates(search: $search) { externalId email displayName }
}`;

export interface ImpersonationCandidate {
  externalId: string;
  email: string;
  displayName: string | null;
}

export type CandidateSearch = { kind: 'none' } | { kind: 'found'; candidates: ImpersonationCandidate[] } | { kind: 'invalid'; message: string };

/** The users matching a search, or the API's message when the search is not acceptable. */
export async function searchImpersonationCandidates(send: SendGraphql, search: string): Promise<CandidateSearch> {
  if (!search.trim()) return { kind: 'none' };
  const answer = await send({ query: IMPERSONATION_CANDIDATES_QUERY, variables: { search }, operationName: 'ImpersonationCandidates' });
  const candidates = (answer.body.data as { impersonationCandidates?: ImpersonationCandidate[] } | null | undefined)?.impersonationCandidates;
  if (candidates) return { kind: 'found', candidates };
  return { kind: 'invalid', message: answer.body.errors?.[0]?.message ?? 'The search failed; try again' };
}
