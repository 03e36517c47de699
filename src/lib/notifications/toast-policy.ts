// The error catalogue's error toasts, and the toast limits and timings of the business constants.

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  href?: string;
}

export interface Toast {
  id: string;
  variant: ToastVariant;
  message: string;
  autoHideMs: number;
  action?: ToastAction;
}

export const MAX_VISIBLE_TOASTS = 3;
export const TOAST_AUTO_HIDE_MS = 5000;
export const ERROR_TOAST_AUTO_HIDE_MS = 3000;
export const ERROR_TOAST_MAX_LENGTH = 300;
export const COMPANY_CHANGED_NOTICE_MS = 3000;

// The error catalogue never toasts a failure carrying this backend message.
const SUPPRESSED_MESSAGE = 'timestamp check failed';

export function enqueueToast(list: readonly Toast[], toast: Toast): Toast[] {
  return [...list, toast].slice(-MAX_VISIBLE_TOASTS);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function firstGraphQLErrorMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const first: unknown = errors[0];
  return isRecord(first) && typeof first.message === 'string' ? first.message : undefined;
}

function rawErrorMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (!isRecord(error)) return undefined;
  // graphql-request's ClientError keeps the server errors on `response`.
  const fromClientError = isRecord(error.response) ? firstGraphQLErrorMessage(error.response.errors) : undefined;
  const fromResult = firstGraphQLErrorMessage(error.errors);
  const own = typeof error.message === 'string' ? error.message : undefined;
  return fromClientError ?? fromResult ?? own;
}

/** The text of an error toast, or null when no toast should be shown. */
export function errorToastMessage(error: unknown, options: { showErrors?: boolean } = {}): string | null {
  if (options.showErrors === false) return null;
  const message = rawErrorMessage(error);
  if (!message) return null;
  if (message.toLowerCase().includes(SUPPRESSED_MESSAGE)) return null;
  return message.slice(0, ERROR_TOAST_MAX_LENGTH);
}

export function makeToast(variant: ToastVariant, message: string, options: { action?: ToastAction; autoHideMs?: number } = {}): Toast {
  const isError = variant === 'error';
  return {
    id: crypto.randomUUID(),
    variant,
    message: isError ? message.slice(0, ERROR_TOAST_MAX_LENGTH) : message,
    autoHideMs: options.autoHideMs ?? (isError ? ERROR_TOAST_AUTO_HIDE_MS : TOAST_AUTO_HIDE_MS),
    ...(options.action ? { action: options.action } : {}),
  };
}
