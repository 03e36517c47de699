import { checkUpload, factsOfFile, type UploadRefusal } from '../../../lib/uploads/check-upload';
import type { SniffedContentType } from '../../../lib/uploads/sniff-content-type';
import type { UploadRule } from '../../../lib/uploads/upload-rules';
import { PictureError, type PictureProblem } from '../../uploads/picture-variants';
import { ApiError } from '../errors';

const REFUSALS: Record<UploadRefusal, (rule: UploadRule) => string> = {
  missing: () => 'Choose a file to upload',
  empty: () => 'The file is empty',
  tooLarge: (rule) => `The file is larger than ${rule.maxMegabytes} MB`,
  wrongType: (rule) =>
    ({
      picture: 'The picture must be a JPEG, PNG or WebP image',
      attachment: 'The file must be a PDF, PNG, JPEG or WebP',
      messageAttachment: 'The file must be a PDF, a PNG, JPEG or WebP picture, or a Word, Excel or PowerPoint document',
      document: 'The file must be a PDF',
      cv: 'The file must be a PDF or a Word document (.docx)',
    })[rule.kind],
};

const PICTURE_PROBLEMS: Record<PictureProblem, string> = {
  unreadable: 'The picture could not be read: try another JPEG, PNG or WebP file',
  tooManyPixels: 'The picture has too many pixels: at most 48 megapixels',
};

/**
 * A refused upload, as a message on the operation's `file` argument; its code (the refusal
 * reason: wrongType, tooLarge, unreadable...) lets a client word it itself.
 */
export function uploadRefused(message: string, code: string): ApiError {
  return new ApiError('BAD_USER_INPUT', message, { hint: 'see fieldErrors', fieldErrors: [{ field: 'file', code, message }] });
}

export function pictureRefused(error: PictureError): ApiError {
  return uploadRefused(PICTURE_PROBLEMS[error.problem], error.problem);
}

export interface UploadedFile {
  bytes: Uint8Array;
  contentType: SniffedContentType;
  /** The name the client sent, unchecked: only ever a label (see cleanFileName). */
  name: string;
}

/**
 * The bytes of an uploaded file once it passes its rule: size first (without reading the
 * file), then the real type by its magic bytes. Anything else is refused on `file`.
 */
export async function readUploadedFile(file: File, rule: UploadRule): Promise<UploadedFile> {
  const check = checkUpload(rule, await factsOfFile(file));
  if (!check.ok) throw uploadRefused(REFUSALS[check.reason](rule), check.reason);
  return { bytes: new Uint8Array(await file.arrayBuffer()), contentType: check.contentType, name: file.name };
}
