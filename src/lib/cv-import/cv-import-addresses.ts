import { buildRoute } from '../routes/build-route';
import type { UploadRoute } from '../uploads/upload-route';
import { CV_IMPORT_RULE, requestLimitOf } from '../uploads/upload-rules';

// The addresses of /talent/profile-import. Its upload form posts with `step=read` in the
// address, so the server refuses a body too large for a CV from its Content-Length before
// reading it and sends the browser back to the form (src/server/http/request-body-limit.ts
// gets CV_IMPORT_UPLOADS); the review form posts to the bare path.

export const STEP_PARAM = 'step';
const READ_STEP = 'read';
const TOO_LARGE_PARAM = 'tooLarge';
/** The id of the upload form's file input, where the page lands after a refusal. */
export const CV_FILE_ID = 'cv-file';

const importPath = buildRoute('talentProfileImport');

/** Where the upload form posts. */
export const cvReadAction = (): string => `${importPath}?${STEP_PARAM}=${READ_STEP}`;

/** Whether the page was sent back here because the file was too large. */
export const sentBackTooLarge = (url: URL): boolean => url.searchParams.get(TOO_LARGE_PARAM) !== null;

export const CV_IMPORT_UPLOADS: UploadRoute = {
  path: importPath,
  decide(url) {
    return url.searchParams.get(STEP_PARAM) === READ_STEP ? { limit: requestLimitOf(CV_IMPORT_RULE), sendBackTo: `${importPath}?${TOO_LARGE_PARAM}=1#${CV_FILE_ID}` } : null;
  },
};
