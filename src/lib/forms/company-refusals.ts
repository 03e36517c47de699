import type { GraphqlError } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import type { RefusalStatus } from './form-outcome';

// A refused company-side write in the user's words. The API says why in machine terms:
// a CONFLICT's reason (lastOwner, stepInUse, roleInUse...) is worded from companies.errors;
// FORBIDDEN, NOT_FOUND and anything else from the section's own `forbidden`, `gone` and
// `failed` messages. The API's English text is never shown.

/**
 * Where the locale files word the company side's issue codes and refusal reasons (common
 * namespace): the company records' fields, and the conflicts and forbidden reasons of every
 * company-side write.
 */
export const COMPANY_ERRORS = 'companies.errors';

export interface CompanyRefusal {
  message: string;
  /** The page's answer: 409 a conflict with the company's state, 403 not allowed, 422 anything else. */
  status: RefusalStatus;
}

/** `errorsPrefix`: where the conflict reasons are worded (the admin pages word theirs in admin.errors). */
export function companyRefusal(errors: readonly GraphqlError[], t: Translate, sectionKey: string, errorsPrefix = COMPANY_ERRORS): CompanyRefusal {
  const first = errors[0];
  const code = first?.extensions?.code;
  const status: RefusalStatus = code === 'CONFLICT' ? 409 : code === 'FORBIDDEN' ? 403 : 422;
  const reason = first?.extensions?.reason;
  const worded = typeof reason === 'string' ? t(`${errorsPrefix}.${reason}`, { defaultValue: '' }) : '';
  if (worded) return { message: worded, status };
  if (code === 'FORBIDDEN') return { message: t(`${sectionKey}.forbidden`), status };
  if (code === 'NOT_FOUND') return { message: t(`${sectionKey}.gone`), status };
  return { message: t(`${sectionKey}.failed`), status };
}
