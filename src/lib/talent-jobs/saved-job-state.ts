/**
 * What a saved job ad is now: still open for applications, closed (past its deadline, its
 * page still readable), or unavailable (removed, unpublished, or its company no longer
 * shown), in which case nothing links to it and the talent can only remove it.
 */
export type SavedJobState = 'open' | 'closed' | 'unavailable';

export function savedJobState(ad: { isVisible: boolean; isOpen: boolean }): SavedJobState {
  if (!ad.isVisible) return 'unavailable';
  return ad.isOpen ? 'open' : 'closed';
}
