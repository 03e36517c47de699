import { graphql } from '../graphql/graphql';
import { sendDocument, type DocumentAnswer, type GraphqlAnswerLike, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { buildRoute } from '../routes/build-route';
import { answerIssues } from '../forms/answer-issues';
import { checkPostedFile, uploadAnswerCode, uploadCodeMessage, uploadRefusalMessage } from '../uploads/upload-form';
import { PICTURE_RULE, requestLimitOf } from '../uploads/upload-rules';
import type { UploadRoute } from '../uploads/upload-route';
import type { UploadRefusal } from '../uploads/check-upload';
import type { ActionOutcome } from '../forms/form-outcome';

// The Logo section of the company profile page (/company/profile/{companyId}): a multipart
// form that uploads (intent uploadLogo) and a button that removes (intent removeLogo), both
// posting to the page. The upload form names itself in the address too (?upload=logo), so
// the server refuses an oversized body from its Content-Length before reading it and sends
// the browser back here (src/server/http/request-body-limit.ts gets COMPANY_LOGO_UPLOADS).

/** The logo is a picture: the talent profile picture's rule (JPEG, PNG or WebP, 5 MB). */
export const LOGO_RULE = PICTURE_RULE;

/** Id of the section (the anchor forms land on, and the notices' target). */
export const LOGO_ANCHOR = 'logo';
/** Id of the file input (and the prefix of its hint and message ids). */
export const LOGO_FIELD_ID = 'company-logo-file';

const UPLOAD_PARAM = 'upload';
const TOO_LARGE_PARAM = 'logoTooLarge';

export const LOGO_INTENTS = ['uploadLogo', 'removeLogo'] as const;
export type LogoIntent = (typeof LOGO_INTENTS)[number];

export function isLogoIntent(value: unknown): value is LogoIntent {
  return typeof value === 'string' && (LOGO_INTENTS as readonly string[]).includes(value);
}

/** The upload form's action: the page, the form named in the query, landing back on the section. */
export function logoUploadAction(profilePath: string): string {
  return `${profilePath}?${UPLOAD_PARAM}=logo#${LOGO_ANCHOR}`;
}

/** Where a refused oversized upload sends the browser back to. */
export function logoTooLargeLocation(profilePath: string): string {
  return `${profilePath}?${TOO_LARGE_PARAM}=1#${LOGO_ANCHOR}`;
}

/** Whether the page's address says its logo upload was refused as too large. */
export function logoWasTooLarge(url: URL): boolean {
  return url.searchParams.has(TOO_LARGE_PARAM);
}

/** i18n key (profile namespace, shared with the talent's uploads) and values of a refusal. */
export function logoRefusalMessage(reason: UploadRefusal): { key: string; values: { megabytes: number } } {
  return uploadRefusalMessage(LOGO_RULE, reason);
}

// The id in the path is only ever a UUID (the page 404s anything else): the pattern keeps
// any other address, and so any other place to send the browser back to, out.
const PROFILE_PATH = new RegExp(`^${buildRoute('companyProfile')}/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`);

/** The company profile page's logo form for the request body limit: the picture limit, sent back to the section. */
export const COMPANY_LOGO_UPLOADS: UploadRoute = {
  path: PROFILE_PATH,
  decide(url) {
    return url.searchParams.get(UPLOAD_PARAM) === 'logo' ? { limit: requestLimitOf(LOGO_RULE), sendBackTo: logoTooLargeLocation(url.pathname) } : null;
  },
};

export const UPDATE_ONE_COMPANY_LOGO_MUTATION = graphql(`
  mutation UpdateOneCompanyLogo($file: File!) {
    updateOneCompanyLogo(file: $file) { id logo }
  }
`);

export const DELETE_ONE_COMPANY_LOGO_MUTATION = graphql(`
  mutation DeleteOneCompanyLogo {
    deleteOneCompanyLogo { id logo }
  }
`);

/** How the page reaches the API: the BFF as the signed-in user, with the selected company. */
export interface LogoApi {
  send: SendGraphql;
  /** Sends the operation with `file` as its File variable `$file` (multipart). */
  upload(body: Parameters<SendGraphql>[0], file: File): Promise<GraphqlAnswerLike>;
}

export type LogoOutcome = ActionOutcome<{ noticeKey: 'notices.companies.logoSaved' | 'notices.companies.logoRemoved' }>;

/**
 * Handles one post of the Logo section. An upload is checked here first (present, not
 * empty, within 5 MB, a JPEG, PNG or WebP by its magic bytes) so the usual mistakes get a
 * message in the page's words without a round trip; the API checks again and answers a
 * code for what only it can tell (a picture that does not decode), worded here. Any refusal is
 * said beside the field, never as a 500.
 */
export async function submitLogoForm(intent: LogoIntent, form: FormData, api: LogoApi, t: Translate): Promise<LogoOutcome> {
  let answer: DocumentAnswer<unknown>;
  if (intent === 'removeLogo') {
    answer = await sendDocument(api.send, DELETE_ONE_COMPANY_LOGO_MUTATION);
  } else {
    const check = await checkPostedFile(form, LOGO_RULE);
    if (!check.ok) {
      const { key, values } = logoRefusalMessage(check.reason);
      return { kind: 'refused', message: t(`profile:${key}`, values), status: 422 };
    }
    // The file travels as a multipart part; the upload sets its JSON variable to null.
    answer = await sendDocument((body) => api.upload(body, check.file), UPDATE_ONE_COMPANY_LOGO_MUTATION, { file: check.file });
  }
  if (answer.errors.length === 0 && answer.data) return { kind: 'done', noticeKey: intent === 'uploadLogo' ? 'notices.companies.logoSaved' : 'notices.companies.logoRemoved' };
  if (answerIssues(answer.errors).code === 'FORBIDDEN') return { kind: 'refused', message: t('companies.logo.forbidden'), status: 403 };
  const code = uploadAnswerCode(answer.errors);
  const worded = code ? uploadCodeMessage(LOGO_RULE, code) : null;
  const message = (worded && t(`profile:${worded.key}`, { ...worded.values, defaultValue: '' })) || t('companies.logo.failed');
  return { kind: 'refused', message, status: 422 };
}
