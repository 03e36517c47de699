import { graphql } from '../graphql/graphql';

/** The dashboard's matching jobs widget (islands/talent/MatchingJobs): open jobs by skills. */
export const MATCHING_JOBS_QUERY = graphql(`
  query MatchingJobs($search: JobAdSearchInput) {
    jobAds(search: $search) { total items { id title location company { name } } }
  }
`);

/** Records that the talent was shown new matching jobs (profile.personalizedJobsFoundAt). */
export const MARK_PERSONALIZED_JOBS_FOUND_MUTATION = graphql(`
  mutation MarkPersonalizedJobsFound { markPersonalizedJobsFound }
`);
