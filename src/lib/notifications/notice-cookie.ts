import { hostCookieName } from '../http/secure-cookies';

/**
 * The cookie carrying a one-shot notice across a redirect (the layout shows it once as a
 * toast), as this deployment sets it: `secure` is config.secureCookies, which makes it
 * Secure and `__Host-` like every cookie of the product. A minute is plenty for one
 * redirect; httpOnly because only the server reads it.
 */
export function noticeCookie(secure: boolean) {
  return { name: hostCookieName('tp-notice', secure), options: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure } as const };
}

/** The notice the company_id middleware leaves ('Company has been changed'). */
export const COMPANY_CHANGED_NOTICE = 'companyChanged';

// Only keys under "notices." are shown: a cookie is client-controlled input, so a forged one
// can at most pick another of our own success messages, never arbitrary text.
const NOTICE_KEY = /^notices(\.[a-zA-Z][\w-]*)+$/;
// The element of the landing page the notice is about (a form section): an id, no more.
const TARGET = /^[a-zA-Z][\w-]{0,63}$/;

/**
 * The one flash notice of every Post/Redirect/Get. A success notice may name its
 * `target`, the element it is about, where pages show it again for browsers without
 * JavaScript (toasts need it).
 */
export type Notice = { kind: 'companyChanged' } | { kind: 'success'; messageKey: string; target: string | null };

/** The cookie's value for a success toast whose text is `messageKey` (common namespace). */
export function successNotice(messageKey: string, target: string | null = null): string {
  if (!NOTICE_KEY.test(messageKey)) throw new Error(`Not a notice key: ${messageKey}`);
  if (target !== null && !TARGET.test(target)) throw new Error(`Not a notice target: ${target}`);
  return target ? `${messageKey}@${target}` : messageKey;
}

export function readNotice(value: string | undefined): Notice | null {
  if (value === COMPANY_CHANGED_NOTICE) return { kind: 'companyChanged' };
  const [messageKey, target = null, ...rest] = (value ?? '').split('@');
  if (!messageKey || rest.length || !NOTICE_KEY.test(messageKey) || (target !== null && !TARGET.test(target))) return null;
  return { kind: 'success', messageKey, target };
}
