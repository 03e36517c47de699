import type { SessionRecord } from './session-record';
import { splitLanguagePath } from '../../lib/i18n/language-path';

/** The tp-domain header is company when the page path starts with /company, else talent. */
export function domainForPath(pathname: string): 'company' | 'talent' {
  return pathname === '/company' || pathname.startsWith('/company/') ? 'company' : 'talent';
}

/**
 * The one place that builds what the API receives. Every value comes from the server
 * session and the page's address (`pagePath`, with its language prefix: /fr/company/...);
 * nothing the browser sent is copied. The API words its messages in the page's language.
 */
export function buildUpstreamHeaders(session: SessionRecord | null, pagePath: string): Headers {
  const { language, path } = splitLanguagePath(pagePath);
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json', 'accept-language': language, 'tp-domain': domainForPath(path) });
  if (!session) return headers;
  headers.set('authorization', `Bearer ${session.tokens.accessToken}`);
  if (session.impersonateAs) headers.set('x-impersonate-as', session.impersonateAs);
  if (session.selectedCompanyId) headers.set('tp-company', session.selectedCompanyId);
  return headers;
}
