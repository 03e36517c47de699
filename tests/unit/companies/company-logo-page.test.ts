import { describe, expect, it } from 'vitest';
import type { GraphqlAnswerLike } from '../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { isLogoIntent, logoRefusalMessage, logoTooLargeLocation, logoUploadAction, logoWasTooLarge, submitLogoForm, type LogoApi } from '../../../src/lib/companies/company-logo-pages';
import { pdfBytes, pngBytes } from '../../support/upload-fixtures';

const t = getTranslator(['common', 'profile']);
const ok: GraphqlAnswerLike = { status: 200, body: { data: { done: { id: 'x', logo: null } } } };
const PAGE = '/company/profile/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/** An API that records what the page asked of it and answers `answer`. */
function recordingApi(answer: GraphqlAnswerLike = ok) {
  const calls: Array<{ operationName?: string; file?: File }> = [];
  const api: LogoApi = {
    upload: async (body, file) => (calls.push({ operationName: body.operationName, file }), answer),
    send: async (body) => (calls.push({ operationName: body.operationName }), answer),
  };
  return { api, calls };
}

function logoForm(file?: File): FormData {
  const form = new FormData();
  form.set('csrf', 'token');
  if (file) form.set('file', file);
  return form;
}

describe('company profile page: the Logo section', () => {
  it('knows its two intents and its addresses (the form named in the query, back to the section)', () => {
    expect(['uploadLogo', 'removeLogo', 'saveProfile', null].map(isLogoIntent)).toEqual([true, true, false, false]);
    expect(logoUploadAction(PAGE)).toBe(`${PAGE}?upload=logo#logo`);
    expect(logoWasTooLarge(new URL(logoTooLargeLocation(PAGE), 'http://localhost'))).toBe(true);
    expect(logoWasTooLarge(new URL(PAGE, 'http://localhost'))).toBe(false);
  });

  it('uploads a PNG as the File variable and answers the saved notice', async () => {
    const { api, calls } = recordingApi();
    const png = new File([new Uint8Array(await pngBytes())], 'logo.png', { type: 'image/png' });
    expect(await submitLogoForm('uploadLogo', logoForm(png), api, t)).toEqual({ kind: 'done', noticeKey: 'notices.companies.logoSaved' });
    expect(calls).toEqual([{ operationName: 'UpdateOneCompanyLogo', file: png }]);
  });

  it('words each refusal itself without asking the API: missing, empty, too large, wrong type', async () => {
    const { api, calls } = recordingApi();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    const cases: Array<[FormData, string]> = [
      [logoForm(), 'Choose a file first.'],
      [logoForm(new File([], 'empty.png', { type: 'image/png' })), 'The file is empty.'],
      [logoForm(big), 'The file is larger than 5 MB.'],
      [logoForm(new File([new Uint8Array(pdfBytes())], 'logo.png', { type: 'image/png' })), 'The picture must be a JPEG, PNG or WebP image.'],
    ];
    for (const [form, message] of cases) expect(await submitLogoForm('uploadLogo', form, api, t)).toEqual({ kind: 'refused', message, status: 422 });
    expect(calls).toEqual([]);
    expect(t(`profile:${logoRefusalMessage('tooLarge').key}`, logoRefusalMessage('tooLarge').values)).toBe('The file is larger than 5 MB.');
  });

  it("words the API's code for the file field and a refused role from the locale files, never its English message", async () => {
    const png = new File([new Uint8Array(await pngBytes())], 'logo.png', { type: 'image/png' });
    const unreadable: GraphqlAnswerLike = {
      status: 200,
      body: { errors: [{ message: 'The picture could not be read', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'file', code: 'unreadable', message: 'The picture could not be read' }] } }] },
    };
    expect(await submitLogoForm('uploadLogo', logoForm(png), recordingApi(unreadable).api, t)).toEqual({ kind: 'refused', message: t('profile:uploads.errors.unreadable'), status: 422 });
    const unknown: GraphqlAnswerLike = { status: 200, body: { errors: [{ message: 'English from the API', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } };
    expect(await submitLogoForm('uploadLogo', logoForm(png), recordingApi(unknown).api, t)).toEqual({ kind: 'refused', message: t('companies.logo.failed'), status: 422 });
    const forbidden: GraphqlAnswerLike = { status: 200, body: { errors: [{ message: 'Your role may not read and update company', extensions: { code: 'FORBIDDEN' } }] } };
    expect(await submitLogoForm('removeLogo', logoForm(), recordingApi(forbidden).api, t)).toEqual({ kind: 'refused', message: 'Your role does not allow changing the logo.', status: 403 });
  });

  it('removes with the delete mutation and answers the removed notice', async () => {
    const { api, calls } = recordingApi();
    expect(await submitLogoForm('removeLogo', logoForm(), api, t)).toEqual({ kind: 'done', noticeKey: 'notices.companies.logoRemoved' });
    expect(calls).toEqual([{ operationName: 'DeleteOneCompanyLogo' }]);
    expect(t('notices.companies.logoSaved')).toBe('Logo saved');
    expect(t('notices.companies.logoRemoved')).toBe('Logo removed');
  });
});
