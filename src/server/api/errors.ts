import { GraphQLError } from 'graphql';
import type { FieldIssue } from '../../lib/forms/form-outcome';
import { getTranslator, type Translate } from '../../lib/i18n/i18n';
import { requestLanguage } from './request-language';

export type ApiErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'UNAVAILABLE';

const HTTP_STATUS: Record<ApiErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 200,
  BAD_USER_INPUT: 400,
  CONFLICT: 200,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export interface FieldError {
  /** Dotted path of the input field, e.g. `data.email`. */
  field: string;
  message: string;
  /** Machine code of the problem, for clients that word their own message. */
  code?: string;
  /** The values the message names (`{ max: 50 }`), for clients that word it themselves. */
  params?: Readonly<Record<string, string | number>>;
}

/**
 * The API's one error type: a code clients branch on, a message people read, and a
 * hint saying what to do. Only these reach clients; anything else is masked.
 */
export class ApiError extends GraphQLError {
  readonly code: ApiErrorCode;

  constructor(code: ApiErrorCode, message: string, options: { hint?: string; fieldErrors?: FieldError[]; httpStatus?: number; reason?: string; retryAfterSeconds?: number } = {}) {
    super(message, {
      extensions: {
        code,
        ...(options.reason ? { reason: options.reason } : {}),
        ...(options.hint ? { hint: options.hint } : {}),
        ...(options.fieldErrors?.length ? { fieldErrors: options.fieldErrors } : {}),
        http: { status: options.httpStatus ?? HTTP_STATUS[code], ...(options.retryAfterSeconds ? { headers: { 'retry-after': String(options.retryAfterSeconds) } } : {}) },
      },
    });
    this.code = code;
    this.name = 'ApiError';
  }
}

export const notFound = (what: string) =>
  new ApiError('NOT_FOUND', `${what} was not found`, { hint: 'check the id; it may have been deleted' });

export const forbidden = (message = 'You are not allowed to do this') =>
  new ApiError('FORBIDDEN', message, { hint: 'ask a company owner for the permission', httpStatus: 403 });

export const unauthenticated = (message = 'Sign in to do this') =>
  new ApiError('UNAUTHENTICATED', message, { hint: 'send a valid bearer access token' });

/** Seconds a client is told to wait before trying again while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The database did not answer (down or restarting): nothing was written; try again. */
export const databaseUnavailable = () =>
  new ApiError('UNAVAILABLE', 'The database is unavailable. Try again in a moment.', {
    hint: 'retry after the Retry-After seconds',
    reason: 'database',
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });

/** The locale files' words in the language of the request being answered (request-language.ts). */
const t = ((...args: Parameters<Translate>) => getTranslator(['common'], requestLanguage())(...args)) as Translate;

/**
 * BAD_USER_INPUT for field issues found by a feature's rules: each field error carries the
 * issue's code (what clients branch on and word themselves), the values its words name
 * (`params`, when the issue has any) and the message from the locale files, in the request's language
 * (`<prefix>.<code>`, the same text the product's pages show).
 */
export function invalidFields(issues: readonly FieldIssue[], prefix: string, inputName: string | null = 'data'): ApiError {
  const fieldErrors: FieldError[] = issues.map(({ path, code, params }) => ({
    field: inputName === null ? path : `${inputName}.${path}`,
    code,
    ...(params ? { params } : {}),
    message: t(`${prefix}.${code}`, params ?? {}),
  }));
  return new ApiError('BAD_USER_INPUT', fieldErrors.length === 1 ? fieldErrors[0]!.message : 'Some fields need attention', { hint: 'see fieldErrors', fieldErrors });
}

/**
 * A refusal the client words itself: `extensions.reason` is the machine code clients
 * branch on, the message its text from the locale files in the request's language (`<prefix>.<reason>`).
 * A refusal about one input field (a month already billed) also names it as a field
 * error with that code.
 */
function refusal(code: 'CONFLICT' | 'NOT_FOUND' | 'FORBIDDEN', reason: string, prefix: string, field?: string, hint = 'see extensions.reason'): ApiError {
  const message = t(`${prefix}.${reason}`);
  return new ApiError(code, message, { reason, hint, ...(field ? { fieldErrors: [{ field, code: reason, message }] } : {}) });
}

/**
 * FORBIDDEN for a write the caller's permissions would allow but a rule about who they
 * are refuses (granting oneself power, approving one's own money), with a reason the page
 * words; `hint` may say more to API clients (which permissions were missing).
 */
export const forbiddenBecause = (reason: string, prefix: string, hint?: string): ApiError => refusal('FORBIDDEN', reason, prefix, undefined, hint);

/** CONFLICT for a write the rules refuse in the data's present state (e.g. removing a company's last owner). */
export const conflict = (reason: string, prefix: string, field?: string): ApiError => refusal('CONFLICT', reason, prefix, field);

/**
 * NOT_FOUND for what the caller was shown but is no longer there to act on (a job ad that
 * closed, a saved job already removed), with a reason the page words; `notFound` stays for
 * an id that names nothing the caller may see.
 */
export const gone = (reason: string, prefix: string): ApiError => refusal('NOT_FOUND', reason, prefix);
