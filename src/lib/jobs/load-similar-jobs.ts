import type { SendGraphql } from '../talent/profile-operations';
import { JOB_AD_FIELDS, type JobAdCard } from './job-queries';
import { NEWEST_JOBS_SEARCH, pickSimilarJobs, similarJobsSearch } from './similar-jobs';

// Both searches in one request: the similar ads (skipped when the ad gives nothing to
// search by) and the newest ones that top them up.
const SIMILAR_JOBS_QUERY = `query SimilarJobAds($similar: JobAdSearchInput, $hasSimilar: Boolean!, $newest: JobAdSearchInput) {
  similar: jobAds(search: $similar) @include(if: $hasSimilar) { items { ${JOB_AD_FIELDS} } }
  newest: jobAds(search: $newest) { items { ${JOB_AD_FIELDS} } }
}`;

interface SimilarJobsAnswer {
  similar?: { items: JobAdCard[] } | null;
  newest?: { items: JobAdCard[] } | null;
}

/**
 * Open ads like a closed one, for its 410 page, through the public jobAds search. A
 * failed search costs only the list (the page then shows its empty state), never the page.
 */
export async function loadSimilarOpenJobs(send: SendGraphql, ad: { id: string; title: string; skills: readonly string[] }): Promise<JobAdCard[]> {
  const similar = similarJobsSearch(ad);
  const answer = await send({
    query: SIMILAR_JOBS_QUERY,
    variables: { similar, hasSimilar: similar !== null, newest: NEWEST_JOBS_SEARCH },
    operationName: 'SimilarJobAds',
  });
  const data = answer.body.data as SimilarJobsAnswer | undefined;
  return pickSimilarJobs(ad.id, data?.similar?.items ?? [], data?.newest?.items ?? []);
}
