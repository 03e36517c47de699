import type { LoginErrorCode } from '../../lib/auth/login-error-codes';

export type { LoginErrorCode };

export class LoginError extends Error {
  constructor(
    readonly code: LoginErrorCode,
    message: string,
    readonly hint = 'start signing in again',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LoginError';
  }
}
