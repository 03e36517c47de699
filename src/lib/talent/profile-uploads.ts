import type { UploadRefusal } from '../uploads/check-upload';
import { checkPostedFile, uploadAnswerCode, uploadCodeMessage, uploadRefusalMessage } from '../uploads/upload-form';
import { isUploadSlot, uploadRuleOf, type UploadSlot } from '../uploads/upload-rules';
import { graphql } from '../graphql/graphql';
import { sendDocument, type DocumentAnswer, type GraphqlAnswerLike, type SendGraphql } from '../graphql/send-document';
import { SAVE_FAILED_KEY } from './profile-submission';
import { UPLOAD_PARAM } from './upload-addresses';
import type { ActionOutcome } from '../forms/form-outcome';

/** i18n key (profile namespace) and values of a refusal's field message. */
export function refusalMessage(slot: UploadSlot, reason: UploadRefusal): { key: string; values: { megabytes: number } } {
  return uploadRefusalMessage(uploadRuleOf(slot), reason);
}

export const UPLOAD_PICTURE_MUTATION = graphql(`
  mutation UploadMyProfilePicture($file: File!) {
    uploadMyProfilePicture(file: $file) { id }
  }
`);

export const REMOVE_PICTURE_MUTATION = graphql(`
  mutation RemoveMyProfilePicture {
    removeMyProfilePicture { id }
  }
`);

export const UPLOAD_DOCUMENT_MUTATION = graphql(`
  mutation UploadMyTalentDocument($field: TalentDocumentField!, $file: File!) {
    uploadMyTalentDocument(field: $field, file: $file) { id }
  }
`);

export const REMOVE_DOCUMENT_MUTATION = graphql(`
  mutation RemoveMyTalentDocument($field: TalentDocumentField!) {
    removeMyTalentDocument(field: $field) { id }
  }
`);

// A plain string: the download endpoint hands it to src/server/http/private-download.ts,
// which sends a query text and reads the answer itself.
export const FIND_TALENT_DOCUMENT_QUERY = graphql(`query FindTalentDocument($talentProfileId: ID!, $key: String!) {
  findTalentDocument(talentProfileId: $talentProfileId, key: $key) { name contentType size }
}`);

/** How the page reaches the API for uploads: the BFF as the signed-in user. */
export interface UploadApi {
  /** Sends the operation with `file` as its File variable `$file` (multipart). */
  upload(body: Parameters<SendGraphql>[0], file: File): Promise<GraphqlAnswerLike>;
  send: SendGraphql;
}

/** Done with the notice to flash (notices.profile.uploaded|removed.<slot>); refused: the slot's message (a file input cannot be filled in again). */
export type UploadOutcome = ActionOutcome<{ slot: UploadSlot; noticeKey: string }, { slot: UploadSlot }>;

export type TranslateWith = (key: string, values?: Record<string, unknown>) => string;

/** Removes the slot's picture or document. */
function removeFrom(api: UploadApi, slot: UploadSlot): Promise<DocumentAnswer<unknown>> {
  return slot === 'picture' ? sendDocument(api.send, REMOVE_PICTURE_MUTATION) : sendDocument(api.send, REMOVE_DOCUMENT_MUTATION, { field: slot });
}

/** Stores the file in the slot; the file travels as a multipart part, not in the JSON variables. */
function uploadTo(api: UploadApi, slot: UploadSlot, file: File): Promise<DocumentAnswer<unknown>> {
  const send: SendGraphql = (body) => api.upload(body, file);
  return slot === 'picture' ? sendDocument(send, UPLOAD_PICTURE_MUTATION, { file }) : sendDocument(send, UPLOAD_DOCUMENT_MUTATION, { field: slot, file });
}

/**
 * Handles one upload form post: Remove, or a file checked here first (present, not
 * empty, within the size limit, of the right type by its magic bytes) so the usual
 * mistakes get a message in the page's words without a round trip, then stored by the
 * API, which checks again and answers a code for what only it can tell (a picture that
 * does not decode), worded here from the locale file. Null when the post names no upload slot.
 */
export async function submitProfileUpload(form: FormData, api: UploadApi, translate: TranslateWith): Promise<UploadOutcome | null> {
  const slot = form.get(UPLOAD_PARAM);
  if (!isUploadSlot(slot)) return null;
  const intent = form.get('intent') === 'remove' ? 'remove' : 'upload';
  let answer: DocumentAnswer<unknown>;
  if (intent === 'remove') {
    answer = await removeFrom(api, slot);
  } else {
    const check = await checkPostedFile(form, uploadRuleOf(slot));
    if (!check.ok) {
      const { key, values } = refusalMessage(slot, check.reason);
      return { kind: 'refused', slot, message: translate(key, values), status: 422 };
    }
    answer = await uploadTo(api, slot, check.file);
  }
  if (answer.errors.length === 0 && answer.data) return { kind: 'done', slot, noticeKey: `notices.profile.${intent === 'upload' ? 'uploaded' : 'removed'}.${slot}` };
  const code = uploadAnswerCode(answer.errors);
  const worded = code ? uploadCodeMessage(uploadRuleOf(slot), code) : null;
  const message = (worded && translate(worded.key, { ...worded.values, defaultValue: '' })) || translate(SAVE_FAILED_KEY);
  return { kind: 'refused', slot, message, status: 422 };
}
