/** GraphQL documents and answer shapes of the saved jobs page and the save toggles. */

export const MY_SAVED_JOB_ADS_QUERY = `query MySavedJobAds($page: Int, $perPage: Int, $sort: SavedJobAdSort) {
  mySavedJobAds(page: $page, perPage: $perPage, sort: $sort) {
    total page perPage pageCount
    items { id jobAdId title companyName isAnonymous location publishedUntil isVisible isOpen savedAt }
  }
}`;

export const MY_SAVED_JOB_AD_IDS_QUERY = `query MySavedJobAdIds($jobAdIds: [ID!]!) { mySavedJobAdIds(jobAdIds: $jobAdIds) }`;

export const SAVE_JOB_AD_MUTATION = `mutation SaveJobAd($jobAdId: ID!) { saveJobAd(jobAdId: $jobAdId) { id } }`;

export const REMOVE_SAVED_JOB_AD_MUTATION = `mutation RemoveSavedJobAd($jobAdId: ID!) { removeSavedJobAd(jobAdId: $jobAdId) }`;

export interface SavedJobAdItem {
  id: string;
  jobAdId: string;
  title: string;
  companyName: string | null;
  isAnonymous: boolean;
  location: string | null;
  publishedUntil: string | null;
  isVisible: boolean;
  isOpen: boolean;
  savedAt: string;
}

export interface SavedJobAdsPage {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: SavedJobAdItem[];
}
