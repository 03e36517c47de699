import { graphql, type ResultOf } from '../graphql/graphql';

/** GraphQL documents of the saved jobs page and the save toggles; their types are derived from them. */

export const MY_SAVED_JOB_ADS_QUERY = graphql(`
  query MySavedJobAds($page: Int, $perPage: Int, $sort: SavedJobAdSort) {
    mySavedJobAds(page: $page, perPage: $perPage, sort: $sort) {
      total page perPage pageCount
      items { id jobAdId title companyName isAnonymous location publishedUntil isVisible isOpen savedAt }
    }
  }
`);

export const MY_SAVED_JOB_AD_IDS_QUERY = graphql(`
  query MySavedJobAdIds($jobAdIds: [ID!]!) { mySavedJobAdIds(jobAdIds: $jobAdIds) }
`);

export const SAVE_JOB_AD_MUTATION = graphql(`
  mutation SaveJobAd($jobAdId: ID!) { saveJobAd(jobAdId: $jobAdId) { id } }
`);

export const REMOVE_SAVED_JOB_AD_MUTATION = graphql(`
  mutation RemoveSavedJobAd($jobAdId: ID!) { removeSavedJobAd(jobAdId: $jobAdId) }
`);

export type SavedJobAdsPage = NonNullable<ResultOf<typeof MY_SAVED_JOB_ADS_QUERY>['mySavedJobAds']>;
export type SavedJobAdItem = SavedJobAdsPage['items'][number];
