import type { AstroGlobal } from 'astro';
import { noticeCookie, successNotice } from '../../../lib/notifications/notice-cookie';
import type { SendGraphql, SendGraphqlWithFiles } from '../../../lib/graphql/send-document';
import { pathInLanguage } from '../../../lib/i18n/language-path';

// Page glue: bundled into the pages (runtime imports from Astro code are allowed only from
// src/server/bff/page/), so it holds no state and opens nothing; it reaches the running
// services through the page's locals.

type Page = Pick<AstroGlobal, 'request' | 'locals' | 'url' | 'cookies' | 'redirect'>;

/**
 * The body of a page's form post, once its anti-forgery token matches the session's
 * (checklist B: every state-changing form carries it). A mismatch answers 403 as it is.
 * The body is read from a copy: the page's own request stays unread, so that the page
 * can still answer with the product's 404 or 403 page after the post (Astro.rewrite of a
 * request whose body was read throws RewriteWithBodyUsed, a 500) when the post named an
 * unknown, malformed or foreign id.
 */
export async function readPostedForm(page: Page): Promise<FormData | Response> {
  const form = await page.request.clone().formData();
  const { services, session, t } = page.locals;
  if (!services.bff.verifyCsrf(session, form.get('csrf'))) {
    return new Response(t('errors.forbidden'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return form;
}

/**
 * Post/Redirect/Get with a success toast on the page it lands on: a reload never posts
 * again, and the message (a "notices.*" key of the common namespace) shows once. `target`
 * names the element it concerns, where a FlashNotice repeats it without JavaScript.
 */
export function redirectWithNotice(page: Page, location: string, messageKey: string, target: string | null = null): Response {
  const cookie = noticeCookie(page.locals.services.config.secureCookies);
  page.cookies.set(cookie.name, successNotice(messageKey, target), cookie.options);
  return page.redirect(location, 303);
}

/** The page's address as the browser has it, its language prefix back on: the API words its messages in that language. */
export function pageAddress(page: Pick<Page, 'url' | 'locals'>): string {
  return pathInLanguage(page.url.pathname, page.locals.language);
}

/** Sends GraphQL as the page's signed-in user, through the BFF (tokens stay server-side). */
export function pageGraphql(page: Page): SendGraphql {
  const { services, session } = page.locals;
  return (body) => services.bff.graphql(session, body, pageAddress(page));
}

/** As pageGraphql, with files (multipart): a signed-in page's upload. */
export function pageGraphqlWithFiles(page: Page): SendGraphqlWithFiles {
  const { services, session } = page.locals;
  return (body, files) => services.bff.graphqlUpload(session!, body, files, pageAddress(page));
}

/** As pageGraphql, in another of the user's verified companies than the selected one (a guest's call is sent as the guest's). */
export function pageGraphqlInCompany(page: Page, companyId: string): SendGraphql {
  const { services, session } = page.locals;
  return (body) => (session ? services.bff.graphqlInCompany(session, body, pageAddress(page), companyId) : services.bff.graphql(null, body, pageAddress(page)));
}
