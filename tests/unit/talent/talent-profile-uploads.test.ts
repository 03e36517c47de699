import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { readNotice, successNotice } from '../../../src/lib/notifications/notice-cookie';
import type { GraphqlAnswerLike } from '../../../src/lib/graphql/send-document';
import { refusalMessage, submitProfileUpload, type UploadApi } from '../../../src/lib/talent/profile-uploads';
import { tooLargeLocation, tooLargeSlot, uploadAction } from '../../../src/lib/talent/upload-addresses';
import { UPLOAD_SLOTS } from '../../../src/lib/uploads/upload-rules';
import { pdfBytes, pngBytes } from '../../support/upload-fixtures';

const t = getTranslator(['common', 'profile']);
const translate = (key: string, values?: Record<string, unknown>) => t(`profile:${key}`, values ?? {});
const ok: GraphqlAnswerLike = { status: 200, body: { data: { done: { id: 'x' } } } };

/** An API that records what the page asked of it and answers `answer`. */
function recordingApi(answer: GraphqlAnswerLike = ok) {
  const calls: Array<{ operationName?: string; variables?: Record<string, unknown>; file?: File }> = [];
  const api: UploadApi = {
    upload: async (body, file) => (calls.push({ operationName: body.operationName, variables: body.variables, file }), answer),
    send: async (body) => (calls.push({ operationName: body.operationName, variables: body.variables }), answer),
  };
  return { api, calls };
}

function uploadForm(slot: string, file?: File, intent?: string): FormData {
  const form = new FormData();
  form.set('csrf', 'token');
  form.set('upload', slot);
  if (file) form.set('file', file);
  if (intent) form.set('intent', intent);
  return form;
}

const file = async (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('profile page upload forms', () => {
  it('leaves posts without an upload slot to the section forms', async () => {
    const { api, calls } = recordingApi();
    const form = new FormData();
    form.set('section', 'basics');
    expect(await submitProfileUpload(form, api, translate)).toBeNull();
    expect(await submitProfileUpload(uploadForm('avatar'), api, translate)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends a valid picture to the API as a file and reports it uploaded', async () => {
    const { api, calls } = recordingApi();
    const picture = await file(await pngBytes(), 'me.png', 'image/png');
    expect(await submitProfileUpload(uploadForm('picture', picture), api, translate)).toEqual({ kind: 'done', slot: 'picture', noticeKey: 'notices.profile.uploaded.picture' });
    expect(calls).toEqual([{ operationName: 'UploadMyProfilePicture', variables: { file: picture }, file: picture }]);
  });

  it('sends a PDF to its document field', async () => {
    const { api, calls } = recordingApi();
    expect(await submitProfileUpload(uploadForm('resume', await file(pdfBytes(), 'r.pdf', 'application/pdf')), api, translate)).toEqual({ kind: 'done', slot: 'resume', noticeKey: 'notices.profile.uploaded.resume' });
    expect(calls[0]).toMatchObject({ operationName: 'UploadMyTalentDocument', variables: { field: 'resume' } });
  });

  it('refuses a PNG renamed .pdf, a 6 MB image, an empty file and no file, without calling the API', async () => {
    const { api, calls } = recordingApi();
    const png = await pngBytes();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(png.subarray(0, 16));
    const cases: Array<[FormData, string]> = [
      [uploadForm('cv', await file(png, 'cv.pdf', 'application/pdf')), 'The file must be a PDF.'],
      [uploadForm('picture', await file(pdfBytes(), 'me.jpg', 'image/jpeg')), 'The picture must be a JPEG, PNG or WebP image.'],
      [uploadForm('picture', await file(big, 'big.png', 'image/png')), 'The file is larger than 5 MB.'],
      [uploadForm('pdf', await file(new Uint8Array(0), 'empty.pdf', 'application/pdf')), 'The file is empty.'],
      // A file input left empty posts a part with no name and no bytes.
      [uploadForm('picture', new File([], '', { type: 'application/octet-stream' })), 'Choose a file first.'],
      [uploadForm('cv'), 'Choose a file first.'],
    ];
    for (const [form, message] of cases) {
      expect(await submitProfileUpload(form, api, translate)).toEqual({ kind: 'refused', slot: form.get('upload'), message, status: 422 });
    }
    expect(calls).toEqual([]);
  });

  it("words the API's refusal code from the locale file, never its English message, and a general one when it names none", async () => {
    const refusal = (extensions: Record<string, unknown>): GraphqlAnswerLike => ({ status: 400, body: { errors: [{ message: 'English from the API', extensions }] } });
    const picture = await file(await pngBytes(), 'me.png', 'image/png');
    const cases: Array<[GraphqlAnswerLike, string]> = [
      [refusal({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'file', code: 'unreadable', message: 'English from the API' }] }), t('profile:uploads.errors.unreadable')],
      [refusal({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'file', code: 'wrongType', message: 'English from the API' }] }), 'The picture must be a JPEG, PNG or WebP image.'],
      [refusal({ code: 'TOO_MANY_REQUESTS', reason: 'tooManyUploads' }), t('profile:uploads.errors.tooManyUploads')],
      [refusal({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'file', code: 'noSuchCode', message: 'English from the API' }] }), t('profile:form.errors.saveFailed')],
    ];
    for (const [answer, message] of cases) {
      expect(await submitProfileUpload(uploadForm('picture', picture), recordingApi(answer).api, translate)).toEqual({ kind: 'refused', slot: 'picture', message, status: 422 });
    }
    const empty = recordingApi({ status: 502, body: {} });
    const outcome = await submitProfileUpload(uploadForm('picture', picture), empty.api, translate);
    expect(outcome).toEqual({ kind: 'refused', slot: 'picture', message: t('profile:form.errors.saveFailed'), status: 422 });
  });

  it('removes with the Remove button, whatever file is attached', async () => {
    const { api, calls } = recordingApi();
    expect(await submitProfileUpload(uploadForm('picture', undefined, 'remove'), api, translate)).toEqual({ kind: 'done', slot: 'picture', noticeKey: 'notices.profile.removed.picture' });
    expect(await submitProfileUpload(uploadForm('cv', undefined, 'remove'), api, translate)).toEqual({ kind: 'done', slot: 'cv', noticeKey: 'notices.profile.removed.cv' });
    expect(calls.map((call) => [call.operationName, call.variables])).toEqual([
      ['RemoveMyProfilePicture', undefined],
      ['RemoveMyTalentDocument', { field: 'cv' }],
    ]);
  });

  it('names the slot in the form address, and reads it back after an early refusal', () => {
    expect(uploadAction('/talent/profile', 'picture')).toBe('/talent/profile?upload=picture#picture');
    expect(uploadAction('/talent/profile', 'cv')).toBe('/talent/profile?upload=cv#documents');
    expect(tooLargeLocation('/talent/profile', 'pdf')).toBe('/talent/profile?tooLarge=pdf#documents');
    expect(tooLargeSlot(new URL('http://x/talent/profile?tooLarge=pdf'))).toBe('pdf');
    expect(tooLargeSlot(new URL('http://x/talent/profile?tooLarge=../x'))).toBeNull();
  });

  it('carries an upload or removal notice across the redirect as one flash notice', () => {
    for (const kind of ['uploaded', 'removed'] as const) {
      for (const slot of UPLOAD_SLOTS) {
        const key = `notices.profile.${kind}.${slot}`;
        expect(readNotice(successNotice(key, `document-${slot}`))).toEqual({ kind: 'success', messageKey: key, target: `document-${slot}` });
        expect(t(key)).not.toBe(key);
      }
    }
    expect(t('notices.profile.uploaded.picture')).toBe('Profile picture uploaded');
    expect(t('notices.profile.removed.cv')).toBe('CV removed');
  });

  it('has English text for every slot, notice and refusal', () => {
    const keys = [
      ...(['cv', 'resume', 'pdf'] as const).flatMap((slot) =>
        ['heading', 'description', 'none', 'label', 'replaceLabel', 'upload', 'remove'].map((key) => `uploads.documents.slots.${slot}.${key}`),
      ),
      ...UPLOAD_SLOTS.flatMap((slot) => (['missing', 'empty', 'tooLarge', 'wrongType'] as const).map((reason) => refusalMessage(slot, reason).key)),
    ];
    const missing = keys.filter((key) => t(`profile:${key}`) === key);
    expect(missing).toEqual([]);
  });
});
