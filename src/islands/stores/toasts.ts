import { atom } from 'nanostores';
import { enqueueToast, errorToastMessage, makeToast, type Toast, type ToastVariant } from '../../lib/notifications/toast-policy';

/** Toasts on screen, oldest first (at most three). */
export const toasts = atom<Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissToast(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toasts.set(toasts.get().filter((toast) => toast.id !== id));
}

export function showToast(variant: ToastVariant, message: string, options?: { action?: Toast['action']; autoHideMs?: number }): Toast {
  const toast = makeToast(variant, message, options);
  const next = enqueueToast(toasts.get(), toast);
  for (const dropped of toasts.get()) {
    if (!next.includes(dropped)) dismissToast(dropped.id);
  }
  toasts.set(next);
  timers.set(toast.id, setTimeout(() => dismissToast(toast.id), toast.autoHideMs));
  return toast;
}

/** The error toast of the error catalogue; shows nothing when the policy says so. */
export function showErrorToast(error: unknown, options?: { showErrors?: boolean }): Toast | null {
  const message = errorToastMessage(error, options);
  return message === null ? null : showToast('error', message);
}
