/**
 * Login errors of the error catalogue that a server-side client can meet. The code travels to
 * /sign-in as `?error=`; the page shows the message the locale file gives it.
 */
export const LOGIN_ERROR_CODES = [
  'state_mismatch',
  'missing_transaction',
  'login_required',
  'mfa_required',
  'timeout',
  'request_error',
  'login_failed',
  'access_token_failed',
  'access_denied',
] as const;

export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

export function isLoginErrorCode(value: string | null): value is LoginErrorCode {
  return value !== null && (LOGIN_ERROR_CODES as readonly string[]).includes(value);
}
