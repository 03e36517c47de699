export type IdentityProviderErrorCode =
  | 'IDP_OPTIONS_INVALID'
  | 'IDP_SIGNING_KEY_UNAVAILABLE'
  | 'IDP_CLIENT_INVALID';

/** A problem with the built-in identity provider's setup that the operator can act on; `hint` says how. */
export class IdentityProviderError extends Error {
  constructor(
    readonly code: IdentityProviderErrorCode,
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${hint})`, options);
    this.name = 'IdentityProviderError';
  }
}
