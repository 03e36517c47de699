import { buildRoute } from '../routes/build-route';
import { isUploadSlot, uploadRequestLimit, type UploadSlot } from '../uploads/upload-rules';
import type { UploadRoute } from '../uploads/upload-route';

/**
 * The upload forms of the talent profile page: one multipart form per slot (picture, cv,
 * resume, pdf), posting to the page itself with the slot in the address too, so the
 * server can refuse an oversized body from its Content-Length before reading it.
 */
export const UPLOAD_PARAM = 'upload';
/** Set on the address the page is sent back to when a body was refused as too large. */
export const TOO_LARGE_PARAM = 'tooLarge';

/** Where on the page a slot's form sits: its section. */
export function uploadAnchor(slot: UploadSlot): 'picture' | 'documents' {
  return slot === 'picture' ? 'picture' : 'documents';
}

/** Id of a slot's file input (and the prefix of its hint and message ids). */
export function uploadFieldId(slot: UploadSlot): string {
  return `upload-${slot}`;
}

/** A form's action: the page, the slot named in the query, landing back on the section. */
export function uploadAction(profilePath: string, slot: UploadSlot): string {
  return `${profilePath}?${UPLOAD_PARAM}=${slot}#${uploadAnchor(slot)}`;
}

/** Where a refused oversized upload sends the browser back to. */
export function tooLargeLocation(profilePath: string, slot: UploadSlot): string {
  return `${profilePath}?${TOO_LARGE_PARAM}=${slot}#${uploadAnchor(slot)}`;
}

/** The slot whose upload was refused as too large, from the page's address. */
export function tooLargeSlot(url: URL): UploadSlot | null {
  const slot = url.searchParams.get(TOO_LARGE_PARAM);
  return isUploadSlot(slot) ? slot : null;
}

/** The profile page's upload forms for the request body limit: each slot its own limit, sent back to its field. */
const profilePath = buildRoute('talentProfile');
export const PROFILE_UPLOADS: UploadRoute = {
  path: profilePath,
  decide(url) {
    const slot = url.searchParams.get(UPLOAD_PARAM);
    return isUploadSlot(slot) ? { limit: uploadRequestLimit(slot), sendBackTo: tooLargeLocation(profilePath, slot) } : null;
  },
};
