// The error catalogue's "HTTP statuses" and the login client's fetch timeout message.
import { errorMessage } from '../text/error-message';

export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  readonly code = 'HTTP_STATUS';
  readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(`Response not successful: Received status code ${status}`, options);
    this.status = status;
  }
}

export class HttpParseError extends Error {
  override readonly name = 'HttpParseError';
  readonly code = 'PARSE_ERROR';

  constructor(cause: unknown) {
    const reason = errorMessage(cause);
    super(`Failed to parse response body as JSON: ${reason}`, { cause });
  }
}

export class HttpTimeoutError extends Error {
  override readonly name = 'HttpTimeoutError';
  readonly code = 'TIMEOUT';

  constructor(options?: ErrorOptions) {
    super('Timeout when executing fetch', options);
  }
}
