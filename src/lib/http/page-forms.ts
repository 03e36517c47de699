import type { AstroGlobal } from 'astro';
import { NOTICE_COOKIE, NOTICE_COOKIE_OPTIONS, successNotice } from '../notifications/notice-cookie';
import type { GraphqlAnswerLike, SendGraphql } from '../talent/profile-operations';

type Page = Pick<AstroGlobal, 'request' | 'locals' | 'url' | 'cookies' | 'redirect'>;

/**
 * The body of a page's form post, once its anti-forgery token matches the session's
 * (checklist B: every state-changing form carries it). A mismatch answers 403 as it is.
 */
export async function readPostedForm(page: Page): Promise<FormData | Response> {
  const form = await page.request.formData();
  const { services, session, t } = page.locals;
  if (!services.bff.verifyCsrf(session, form.get('csrf'))) {
    return new Response(t('errors.forbidden'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return form;
}

/**
 * Post/Redirect/Get with a success toast on the page it lands on: a reload never posts
 * again, and the message (a "notices.*" key of the common namespace) shows once.
 */
export function redirectWithNotice(page: Page, location: string, messageKey: string): Response {
  page.cookies.set(NOTICE_COOKIE, successNotice(messageKey), { ...NOTICE_COOKIE_OPTIONS, secure: page.url.protocol === 'https:' });
  return page.redirect(location, 303);
}

/** Sends GraphQL as the page's signed-in user, through the BFF (tokens stay server-side). */
export function pageGraphql(page: Page): SendGraphql {
  const { services, session } = page.locals;
  return (body) => services.bff.graphql(session, body, page.url.pathname);
}

/** The API's first error, split into what a form shows: field messages and a form message. */
export function formErrorsOf(answer: GraphqlAnswerLike): { formError: string | null; fieldErrors: Record<string, string> } {
  const error = answer.body.errors?.[0];
  if (!error) return { formError: null, fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  const listed = error.extensions?.fieldErrors;
  if (Array.isArray(listed)) {
    for (const entry of listed as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof entry.field === 'string' && typeof entry.message === 'string') fieldErrors[entry.field.replace(/^(data|input)\./, '')] = entry.message;
    }
  }
  return { formError: Object.keys(fieldErrors).length ? null : error.message, fieldErrors };
}
