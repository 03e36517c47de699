import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { jobAdPath } from '../../lib/job-ads/job-ad-path';
import { createDocumentStore, mutate } from '../api/graphql-client';
import { StatusPill } from '../ui/StatusPill';
import {
  MATCHING_JOBS_SHOWN,
  MY_SKILLS_SEARCH_KEY,
  PERSONALIZED_SEARCH_KEY,
  newJobIds,
  readPersonalizedSearch,
} from '../../lib/talent/matching-jobs';
import { MARK_PERSONALIZED_JOBS_FOUND_MUTATION, MATCHING_JOBS_QUERY } from '../../lib/talent/matching-jobs-queries';

export interface MatchingJobsProps {
  /** The skills search (see skillsSearchText). */
  query: string;
  /** Link to the whole result list on /jobs. */
  searchHref: string;
  labels: { loading: string; failed: string; empty: string; isNew: string; seeAll: string; anonymous: string };
}

/**
 * Dashboard widget: open jobs asking for the talent's skills, newest first, with the ones
 * found since the last visit marked new. The answer is cached and refreshed in the
 * background (cache-and-network) through the islands' GraphQL client.
 */
export default function MatchingJobs({ query, searchHref, labels }: MatchingJobsProps) {
  const store = useMemo(
    () => createDocumentStore(MATCHING_JOBS_QUERY, { search: { q: query, queryBy: ['skills'], perPage: MATCHING_JOBS_SHOWN } }, { publicQuery: true }),
    [query],
  );
  const { data, error } = useStore(store);
  const items = data?.jobAds.items ?? [];
  const ids = items.map((item) => item.id).join(',');
  const fresh = useMemo(() => {
    if (!data) return new Set<string>();
    return new Set(newJobIds(query, ids ? ids.split(',') : [], readPersonalizedSearch(localStorage.getItem(PERSONALIZED_SEARCH_KEY))));
  }, [data, ids, query]);

  useEffect(() => {
    if (!data) return;
    localStorage.setItem(MY_SKILLS_SEARCH_KEY, query);
    localStorage.setItem(PERSONALIZED_SEARCH_KEY, JSON.stringify({ query, seenIds: ids ? ids.split(',') : [] }));
    // Failing to record the time is not worth an error toast on the dashboard.
    if (fresh.size > 0) void mutate(MARK_PERSONALIZED_JOBS_FOUND_MUTATION, {}, { onError: () => undefined });
  }, [data, ids, query, fresh]);

  // No answer yet, on the server and until the widget scrolls into view and asks (the query
  // store starts with neither data nor loading): say it is looking, never that there are
  // none. The link serves readers without JavaScript.
  if (!data && !error) {
    return (
      <p className="text-gray-600" role="status">
        {labels.loading} <a className="text-primary-dark underline" href={searchHref}>{labels.seeAll}</a>
      </p>
    );
  }
  if (error && !data) return <p className="text-gray-700">{labels.failed} <a className="text-primary-dark underline" href={searchHref}>{labels.seeAll}</a></p>;
  if (items.length === 0) return <p className="text-gray-700">{labels.empty} <a className="text-primary-dark underline" href={searchHref}>{labels.seeAll}</a></p>;
  return (
    <div>
      <ul className="divide-y divide-gray-200">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-baseline gap-x-1 py-0.5">
            <a className="font-semibold text-primary-dark hover:underline" href={jobAdPath(item)}>{item.title}</a>
            {fresh.has(item.id) && <StatusPill label={labels.isNew} tone="primary" />}
            <span className="text-small text-gray-600">{[item.company?.name ?? labels.anonymous, item.location].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
      <a className="mt-1 inline-block text-primary-dark underline" href={searchHref}>{labels.seeAll}</a>
    </div>
  );
}
