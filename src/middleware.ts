import { PSEUDO_LOCALE_COOKIE, pseudoTranslator } from './lib/i18n/pseudo-locale';
import { defineMiddleware, sequence } from 'astro:middleware';
import { chooseSelectedCompany, COMPANY_PARAM } from './lib/companies/select-company';
import { selectedCompanyOf } from './lib/companies/selected-company';
import { permitsAnyOf, permitsPage } from './lib/permissions/effective-permissions';
import { holdsAnyAdminPermission } from './lib/permissions/admin-permissions';
import { getTranslator } from './lib/i18n/i18n';
import { DEFAULT_LANGUAGE, namespacesForPath } from './lib/i18n/namespaces';
import { homeRedirect, LANGUAGE_SWITCH_PATH, languageCookie } from './lib/http/language-choice';
import { responseInLanguage } from './lib/http/language-response';
import { buildRoute } from './lib/routes/build-route';
import { findRouteByPath } from './lib/routes/route-table';
import { isBodyTooLarge, isFormContentType } from './lib/http/form-body-check';
import { allowTracker } from './lib/http/content-security-policy';
import { isServiceUnavailable, ServiceUnavailableError } from './lib/http/service-unavailable';
import { unavailableResponse } from './lib/http/unavailable-page';
import { MAX_REQUEST_BODY_BYTES } from './lib/uploads/upload-rules';
import { COMPANY_CHANGED_NOTICE, noticeCookie } from './lib/notifications/notice-cookie';
import { homeAreaCookie, homeAreaOf } from './lib/account/home-landing';

/**
 * The language of the address (src/server/main.ts took its prefix off): the English home
 * page sends a browser to its remembered or, at the first visit, preferred language's home
 * (lib/http/language-choice.ts); a page in French gets its own addresses back in French.
 */
const HOME_VARY = 'Accept-Language, Cookie';
const pageLanguage = defineMiddleware(async (context, next) => {
  const language = context.locals.language ?? DEFAULT_LANGUAGE;
  context.locals.language = language;
  const { pathname } = context.url;
  const englishHome = pathname === '/' && language === DEFAULT_LANGUAGE && context.request.method === 'GET';
  if (englishHome) {
    const cookie = languageCookie(context.locals.services.config.secureCookies);
    const redirect = homeRedirect(context.cookies.get(cookie.name)?.value, context.request.headers.get('accept-language'));
    if (redirect) {
      if (redirect.remember) context.cookies.set(cookie.name, redirect.remember, cookie.options);
      return new Response(null, { status: 302, headers: { location: redirect.location, vary: HOME_VARY, 'cache-control': 'no-store' } });
    }
  }
  const response = await next();
  // The English home answers by the browser's languages and cookie too: no cache may hand it to another browser as is.
  if (englishHome) response.headers.append('vary', HOME_VARY);
  // The switcher's answer leads to the language chosen, whatever the address it was asked at.
  return pathname === LANGUAGE_SWITCH_PATH ? response : responseInLanguage(response, language);
});

/** Gives each request its route-table entry and a translator for its language and namespaces. */
const routeAndTranslator = defineMiddleware((context, next) => {
  const { pathname } = context.url;
  context.locals.route = findRouteByPath(pathname);
  const t = getTranslator(namespacesForPath(pathname), context.locals.language);
  // The pseudo-locale crawl's requests (tests/e2e/pseudo-locale-crawl.spec.ts) read every text marked.
  const pseudo = context.locals.services.config.pseudoLocale && context.cookies.get(PSEUDO_LOCALE_COOKIE)?.value === '1';
  context.locals.t = pseudo ? pseudoTranslator(t) : t;
  context.locals.session = null;
  context.locals.user = null;
  context.locals.selectedCompany = null;
  return next();
});

/** Where bodies are not HTML forms: the GraphQL proxy reads JSON itself. */
const NON_FORM_ENDPOINTS = ['/api/graphql'];

/**
 * A page or endpoint that takes a form post answers a body it cannot read with a clear
 * 4xx before any page code runs: another content type 415, a damaged or truncated body
 * 400, a body over the size limit sent without a length (chunked) 413. The body is
 * read from a copy, so the page still reads its own.
 */
const formBodies = defineMiddleware(async (context, next) => {
  const { request } = context;
  if (request.method === 'GET' || request.method === 'HEAD' || NON_FORM_ENDPOINTS.includes(context.url.pathname)) return next();
  // A second pass over a request whose body a page already read (Astro rendering its error
  // page after the page threw): the body was checked on the first pass, and a copy can no
  // longer be made; answering 400 here would hide the real error.
  if (request.bodyUsed) return next();
  const { t } = context.locals;
  const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  if (!isFormContentType(request.headers.get('content-type'))) return plain(415, t('errors.formTypeUnsupported'));
  try {
    await request.clone().formData();
  } catch (error) {
    if (isBodyTooLarge(error)) return plain(413, t('errors.formTooLarge', { megabytes: Math.round(MAX_REQUEST_BODY_BYTES / (1024 * 1024)) }));
    return plain(400, t('errors.formUnreadable'));
  }
  return next();
});

/**
 * A dependency that is down (database, session store) is answered with 503, Retry-After
 * and a page saying to try again, wherever below it was found: never Astro's error page
 * (which said "Page not found" here) and never a stack trace. Anything else is a bug and
 * goes on to Astro's 500.
 */
const outages = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!isServiceUnavailable(error)) throw error;
    const { t, services } = context.locals;
    return unavailableResponse(t, error.dependency, { json: context.url.pathname.startsWith('/api/'), productName: services.config.site.productName });
  }
});

/**
 * Loads the session and the current user; a request that brings the session extends it
 * (the version check's poll brings no cookie, so an open tab does not keep a session alive).
 * When the session store is down the request fails closed with 503: never served as an
 * anonymous visitor.
 */
const sessionAndUser = defineMiddleware(async (context, next) => {
  const { bff } = context.locals.services;
  const cookie = context.cookies.get(bff.sessionCookieName)?.value;
  if (!cookie) return next();
  let session;
  try {
    session = await bff.loadSession(cookie, { touch: true });
  } catch (error) {
    throw new ServiceUnavailableError('sessions', { cause: error });
  }
  // Endpoints (the GraphQL proxy, auth callbacks) need the session, not the user.
  const isEndpoint = context.url.pathname.startsWith('/api/') || context.url.pathname.startsWith('/auth/');
  if (session && isEndpoint) {
    context.locals.session = session;
    return next();
  }
  if (session) {
    const user = await bff.currentUser(session, context.url.pathname);
    if (user) {
      context.locals.session = session;
      context.locals.user = user;
      return next();
    }
  }
  // The session ended (expired, or the provider refused a refresh): forget the cookie.
  const response = await next();
  response.headers.append('set-cookie', bff.clearSessionCookie());
  return response;
});

/**
 * Headers of rendered pages. A page rendered for a signed-in user holds their data and
 * their anti-forgery token: no shared cache may keep it, nor the browser after they
 * leave (a shared computer's back button); guest pages keep their caching. The content
 * security policy Astro wrote (with the page's script hashes) gets the analytics
 * tracker's origin, which is runtime configuration.
 */
const pageHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  if (context.locals.session) response.headers.set('cache-control', 'private, no-store');
  const { analytics } = context.locals.services.config;
  const policy = response.headers.get('content-security-policy');
  if (analytics && policy) response.headers.set('content-security-policy', allowTracker(policy, new URL(analytics.trackerBaseUrl).origin));
  return response;
});

/** The area (admin, company, talent) of a signed-in page is remembered: the next sign-in lands there (home-landing.ts). */
function rememberHomeArea(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0]): void {
  const area = homeAreaOf(context.locals.route?.group);
  if (!area) return;
  const cookie = homeAreaCookie(context.locals.services.config.secureCookies);
  if (context.cookies.get(cookie.name)?.value !== area) context.cookies.set(cookie.name, area, cookie.options);
}

/** Company selection by address: company_id on /company pages selects the company, then leaves the address. */
const companySelection = defineMiddleware(async (context, next) => {
  const { session, user, services } = context.locals;
  if (!session || !user) return next();
  const onCompanyPage = context.locals.route?.group === 'company';
  const fromUrl = onCompanyPage ? context.url.searchParams.get(COMPANY_PARAM) : null;
  const verifiedCompanyIds = user.companies.filter((company) => company.verificationStatus === 'verified' && !company.deletedAt).map((company) => company.id);
  const choice = chooseSelectedCompany({ verifiedCompanyIds, fromUrl, stored: session.record.selectedCompanyId });
  await services.bff.selectCompany(session, choice.companyId);
  context.locals.selectedCompany = selectedCompanyOf(user, choice.companyId);
  rememberHomeArea(context);
  if (fromUrl !== null) {
    const clean = new URL(context.url);
    clean.searchParams.delete(COMPANY_PARAM);
    if (choice.appliedFromUrl) {
      const cookie = noticeCookie(services.config.secureCookies);
      context.cookies.set(cookie.name, COMPANY_CHANGED_NOTICE, cookie.options);
    }
    return context.redirect(`${clean.pathname}${clean.search}`, 303);
  }
  return next();
});

/**
 * Signed-in areas as a whole, so that an endpoint next to the pages (a CSV export, a
 * download) is guarded without being listed in the route table.
 */
const SIGNED_IN_AREAS = ['/talent/', '/company/', '/admin/'];
const ADMIN_AREA = '/admin/';

/**
 * Page guards (the session, isAdmin and admin permissions, isImpersonate and the permission matrix): sign-in first, admin pages for admins holding one of the page's admin permissions, /impersonate for
 * impersonators, a company page's permissions in the selected company (403, not just a
 * hidden menu entry). Without a selected company the page itself says how to get one.
 */
const guards = defineMiddleware((context, next) => {
  const { user } = context.locals;
  const { pathname } = context.url;
  const inArea = SIGNED_IN_AREAS.some((prefix) => pathname.startsWith(prefix));
  const route = context.locals.route ?? (inArea ? { access: pathname.startsWith(ADMIN_AREA) ? ('admin' as const) : ('signedIn' as const) } : undefined);
  if (!route || route.access === 'guest') return next();
  if (!user) {
    const returnTo = `${context.url.pathname}${context.url.search}`;
    return context.redirect(buildRoute('signIn', { query: { returnTo } }), 303);
  }
  if ((route.access === 'admin' && !user.isAdmin) || (route.access === 'impersonator' && !user.isImpersonate)) {
    return context.rewrite('/403');
  }
  // Which admin pages are this admin's: the same permissions every admin operation checks.
  if (route.access === 'admin' && !holdsAnyAdminPermission(user.adminPermissions, context.locals.route?.adminPermissions)) return context.rewrite('/403');
  const required = context.locals.route?.permissions;
  const alternatives = context.locals.route?.anyPermissions;
  const selected = required || alternatives ? context.locals.selectedCompany : null;
  if (selected && (!permitsPage(required, selected.permissions) || !permitsAnyOf(alternatives, selected.permissions))) return context.rewrite('/403');
  return next();
});

export const onRequest = sequence(pageLanguage, routeAndTranslator, outages, formBodies, pageHeaders, sessionAndUser, companySelection, guards);
