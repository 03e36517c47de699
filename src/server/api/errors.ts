import { GraphQLError } from 'graphql';

export type ApiErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT';

const HTTP_STATUS: Record<ApiErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 200,
  BAD_USER_INPUT: 400,
  CONFLICT: 200,
};

export interface FieldError {
  /** Dotted path of the input field, e.g. `data.email`. */
  field: string;
  message: string;
}

/**
 * The API's one error type: a code clients branch on, a message people read, and a
 * hint saying what to do. Only these reach clients; anything else is masked.
 */
export class ApiError extends GraphQLError {
  readonly code: ApiErrorCode;

  constructor(code: ApiErrorCode, message: string, options: { hint?: string; fieldErrors?: FieldError[]; httpStatus?: number } = {}) {
    super(message, {
      extensions: {
        code,
        ...(options.hint ? { hint: options.hint } : {}),
        ...(options.fieldErrors?.length ? { fieldErrors: options.fieldErrors } : {}),
        http: { status: options.httpStatus ?? HTTP_STATUS[code] },
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
