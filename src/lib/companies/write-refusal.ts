import type { GraphqlError } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { COMPANY_ERRORS } from './company-input';

// How the company pages word a refused write, one rule for all of them: the page's answer
// status from the API's code, and words from the locale files, never the API's English.

/** The page's answer status: 409 a conflict with the company's state, 403 not allowed, 422 anything else. */
export type RefusalStatus = 403 | 409 | 422;

export function refusalStatus(errors: readonly GraphqlError[]): RefusalStatus {
  const code = errors[0]?.extensions?.code;
  return code === 'CONFLICT' ? 409 : code === 'FORBIDDEN' ? 403 : 422;
}

/**
 * Words for a refused write: a conflict's reason (lastOwner, roleInUse...) from
 * `companies.errors`; FORBIDDEN, NOT_FOUND and anything else from the page's own
 * `<pageKey>.forbidden`, `.gone` and `.failed`.
 */
export function refusalMessage(errors: readonly GraphqlError[], t: Translate, pageKey: string): string {
  const first = errors[0];
  const reason = first?.extensions?.reason;
  if (typeof reason === 'string') {
    const worded = t(`${COMPANY_ERRORS}.${reason}`, { defaultValue: '' });
    if (worded) return worded;
  }
  const code = first?.extensions?.code;
  if (code === 'FORBIDDEN') return t(`${pageKey}.forbidden`);
  if (code === 'NOT_FOUND') return t(`${pageKey}.gone`);
  return t(`${pageKey}.failed`);
}
