import { describe, expect, it } from 'vitest';
import { submitCvFile, submitCvReview } from '../../../src/lib/cv-import/cv-import-submission';
import type { ReviewedProfile } from '../../../src/lib/cv-import/cv-review';
import type { GraphqlAnswerLike } from '../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import type { UploadApi } from '../../../src/lib/talent/profile-uploads';
import { docxBytes, pdfBytes, pngBytes } from '../../support/upload-fixtures';

const t = getTranslator(['common', 'profile']);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const profile: ReviewedProfile & { profileScore: number } = { profileName: null, jobTitle: null, location: null, description: null, skills: [], languages: [], links: [], experience: [], education: [], profileScore: 10 };

const suggestion = (format: 'pdf' | 'docx') => ({
  suggestTalentProfileFromCv: { profileName: 'Zoe Adams', jobTitle: 'Designer', description: null, location: null, email: null, phone: null, skills: ['Figma'], format, truncated: false, links: [], languages: [], experience: [], education: [] },
});

/** An API that records the operations the page sent and answers each from `answers`, in turn. */
function recordingApi(...answers: GraphqlAnswerLike[]) {
  const calls: Array<{ operationName?: string; variables?: Record<string, unknown>; file?: File }> = [];
  const next = () => answers.shift() ?? { status: 200, body: { data: { done: true } } };
  const api: UploadApi = {
    upload: async (body, file) => (calls.push({ operationName: body.operationName, variables: body.variables, file }), next()),
    send: async (body) => (calls.push({ operationName: body.operationName, variables: body.variables }), next()),
  };
  return { api, calls };
}

function uploadForm(file: File, keep = false): FormData {
  const form = new FormData();
  form.set('intent', 'read');
  form.set('file', file);
  if (keep) form.set('keepAsCv', 'on');
  return form;
}

const refusal = (code: string): GraphqlAnswerLike => ({ status: 400, body: { errors: [{ message: 'no', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'file', code, message: 'no' }] } }] } });

describe('the CV upload post', () => {
  it('refuses a picture renamed .pdf in the page\'s words, without asking the API', async () => {
    const { api, calls } = recordingApi();
    const outcome = await submitCvFile(uploadForm(new File([new Uint8Array(await pngBytes())], 'cv.pdf', { type: 'application/pdf' })), api, profile, t);
    expect(outcome).toEqual({ kind: 'refused', message: 'This file is not a PDF or Word document (.docx).', status: 422 });
    expect(calls).toEqual([]);
  });

  it("words the API's refusal codes from the locale file", async () => {
    const file = new File([new Uint8Array(pdfBytes())], 'thesis.pdf', { type: 'application/pdf' });
    expect(await submitCvFile(uploadForm(file), recordingApi(refusal('tooManyPages')).api, profile, t)).toMatchObject({ message: 'This PDF has more than 10 pages, more than a CV. Send your CV on its own.' });
    expect(await submitCvFile(uploadForm(file), recordingApi(refusal('noText')).api, profile, t)).toMatchObject({ message: expect.stringMatching(/^We found no text in this file: it may be a scan/) });
  });

  it('starts the review from the suggestion, and keeps a PDF as the CV through the document upload when asked', async () => {
    const { api, calls } = recordingApi({ status: 200, body: { data: suggestion('pdf') } });
    const file = new File([new Uint8Array(pdfBytes())], 'cv.pdf', { type: 'application/pdf' });
    const outcome = await submitCvFile(uploadForm(file, true), api, profile, t);
    expect(outcome).toMatchObject({ kind: 'review', kept: { kind: 'kept' }, values: { basics: { profileName: 'Zoe Adams' }, skills: 'Figma' } });
    expect(calls.map((call) => [call.operationName, call.variables?.field ?? null, call.file === file])).toEqual([
      ['SuggestTalentProfileFromCv', null, true],
      ['UploadMyTalentDocument', 'cv', true],
    ]);
  });

  it('does not keep a Word document: the profile keeps PDF documents only', async () => {
    const { api, calls } = recordingApi({ status: 200, body: { data: suggestion('docx') } });
    const outcome = await submitCvFile(uploadForm(new File([new Uint8Array(docxBytes())], 'cv.docx', { type: DOCX }), true), api, profile, t);
    expect(outcome).toMatchObject({ kind: 'review', kept: { kind: 'notPdf' } });
    expect(calls).toHaveLength(1);
  });
});

describe('the review post', () => {
  const reviewForm = (intent: string) => {
    const form = new FormData();
    form.set('intent', intent);
    form.set('profileName', 'Zoe Adams');
    form.set('jobTitle', 'Designer');
    form.set('skillNames', 'Figma, Sketch');
    return form;
  };

  it('saves with the profile mutation and says whether the score went up', async () => {
    const { api, calls } = recordingApi({ status: 200, body: { data: { updateOneTalentProfile: { id: 'p', profileScore: 42 } } } });
    expect(await submitCvReview(reviewForm('acceptAll'), api.send, profile, t)).toEqual({ kind: 'done', scoreWentUp: true });
    expect(calls[0]).toMatchObject({ operationName: 'SaveCvReview', variables: { data: { profileName: 'Zoe Adams', jobTitle: 'Designer', location: null, description: null, skills: [{ name: 'Figma' }, { name: 'Sketch' }] } } });
  });

  it("shows the review again as typed, with the API's refusal beside its field", async () => {
    const refused: GraphqlAnswerLike = { status: 400, body: { errors: [{ message: 'no', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.jobTitle', code: 'tooLong', params: { max: 120 }, message: 'no' }] } }] } };
    const outcome = await submitCvReview(reviewForm('acceptAll'), recordingApi(refused).api.send, profile, t);
    expect(outcome).toMatchObject({ kind: 'invalid', values: { basics: { jobTitle: 'Designer' }, skills: 'Figma, Sketch' }, fieldErrors: { jobTitle: expect.stringContaining('120') }, formError: null });
  });

  it('asks for a section when none is ticked, without calling the API', async () => {
    const { api, calls } = recordingApi();
    expect(await submitCvReview(reviewForm('save'), api.send, profile, t)).toMatchObject({ kind: 'invalid', formError: 'Tick at least one section to save, or choose Accept all.' });
    expect(calls).toEqual([]);
  });
});
