import { graphql } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { JOB_AD_CARD_FRAGMENT, type JobAdCard } from './job-queries';
import { NEWEST_JOBS_SEARCH, pickSimilarJobs, similarJobsSearch } from './similar-jobs';

// Both searches in one request: the similar ads (skipped when the ad gives nothing to
// search by) and the newest ones that top them up.
export const SIMILAR_JOBS_QUERY = graphql(
  `
  query SimilarJobAds($similar: JobAdSearchInput, $hasSimilar: Boolean!, $newest: JobAdSearchInput) {
    similar: jobAds(search: $similar) @include(if: $hasSimilar) { items { ...JobAdCard } }
    newest: jobAds(search: $newest) { items { ...JobAdCard } }
  }
`,
  [JOB_AD_CARD_FRAGMENT],
);

/**
 * Open ads like a closed one, for its 410 page, through the public jobAds search. A
 * failed search costs only the list (the page then shows its empty state), never the page.
 */
export async function loadSimilarOpenJobs(send: SendGraphql, ad: { id: string; title: string; skills: readonly string[] }): Promise<JobAdCard[]> {
  const similar = similarJobsSearch(ad);
  const { data } = await sendDocument(send, SIMILAR_JOBS_QUERY, { similar, hasSimilar: similar !== null, newest: NEWEST_JOBS_SEARCH });
  return pickSimilarJobs(ad.id, data?.similar?.items ?? [], data?.newest?.items ?? []);
}
