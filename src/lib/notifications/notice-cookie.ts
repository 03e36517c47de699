/** Cookie carrying a one-shot notice across a redirect; the layout shows it once as a toast. */
export const NOTICE_COOKIE = 'tp-notice';

/** A minute is plenty for one redirect; httpOnly because only the server reads it. */
export const NOTICE_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 } as const;

/** The notice the company_id middleware leaves (spec §2 'Company has been changed'). */
export const COMPANY_CHANGED_NOTICE = 'companyChanged';

// Only keys under "notices." are shown: a cookie is client-controlled input, so a forged one
// can at most pick another of our own success messages, never arbitrary text.
const NOTICE_KEY = /^notices(\.[a-zA-Z][\w-]*)+$/;

export type Notice = { kind: 'companyChanged' } | { kind: 'success'; messageKey: string };

/** The cookie's value for a success toast whose text is `messageKey` (common namespace). */
export function successNotice(messageKey: string): string {
  if (!NOTICE_KEY.test(messageKey)) throw new Error(`Not a notice key: ${messageKey}`);
  return messageKey;
}

export function readNotice(value: string | undefined): Notice | null {
  if (value === COMPANY_CHANGED_NOTICE) return { kind: 'companyChanged' };
  return value && NOTICE_KEY.test(value) ? { kind: 'success', messageKey: value } : null;
}
