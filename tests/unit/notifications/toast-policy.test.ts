import { describe, expect, it } from 'vitest';
import {
  COMPANY_CHANGED_NOTICE_MS,
  ERROR_TOAST_AUTO_HIDE_MS,
  ERROR_TOAST_MAX_LENGTH,
  MAX_VISIBLE_TOASTS,
  TOAST_AUTO_HIDE_MS,
  enqueueToast,
  errorToastMessage,
  makeToast,
} from '../../../src/lib/notifications/toast-policy';
import type { Toast } from '../../../src/lib/notifications/toast-policy';

function toast(id: string): Toast {
  return { id, variant: 'info', message: id, autoHideMs: TOAST_AUTO_HIDE_MS };
}

describe('toast constants', () => {
  it('shows at most 3 toasts, hides them after 5000 ms and error toasts after 3000 ms', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(TOAST_AUTO_HIDE_MS).toBe(5000);
    expect(ERROR_TOAST_AUTO_HIDE_MS).toBe(3000);
    expect(ERROR_TOAST_MAX_LENGTH).toBe(300);
    expect(COMPANY_CHANGED_NOTICE_MS).toBe(3000);
  });
});

describe('toast queue (max 3 at once)', () => {
  it('appends a toast to the end', () => {
    expect(enqueueToast([toast('a')], toast('b')).map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('drops the oldest toast when a fourth arrives', () => {
    const list = [toast('a'), toast('b'), toast('c')];
    expect(enqueueToast(list, toast('d')).map((t) => t.id)).toEqual(['b', 'c', 'd']);
  });

  it('does not change the list it was given', () => {
    const list = [toast('a'), toast('b'), toast('c')];
    enqueueToast(list, toast('d'));
    expect(list.map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('failed query toast message', () => {
  it('uses the first GraphQL error of a graphql-request ClientError', () => {
    const clientError = Object.assign(new Error('GraphQL Error (Code: 200): {...}'), {
      response: { errors: [{ message: 'Not allowed' }, { message: 'second' }], status: 200 },
    });
    expect(errorToastMessage(clientError)).toBe('Not allowed');
  });

  it('uses the first GraphQL error of a plain result object', () => {
    expect(errorToastMessage({ errors: [{ message: 'Bad input' }] })).toBe('Bad input');
  });

  it('falls back to the error message when there are no GraphQL errors', () => {
    expect(errorToastMessage(new Error('Network down'))).toBe('Network down');
    expect(errorToastMessage(Object.assign(new Error('Outer'), { response: { errors: [] } }))).toBe('Outer');
  });

  it('cuts the message to 300 characters', () => {
    expect(errorToastMessage(new Error('x'.repeat(400)))).toBe('x'.repeat(300));
  });

  it('shows nothing when the message contains "timestamp check failed"', () => {
    expect(errorToastMessage(new Error('JWT timestamp check failed: iat in future'))).toBeNull();
    expect(errorToastMessage({ errors: [{ message: 'timestamp check failed' }] })).toBeNull();
  });

  it('shows nothing when the caller turned error display off', () => {
    expect(errorToastMessage(new Error('boom'), { showErrors: false })).toBeNull();
    expect(errorToastMessage(new Error('boom'), { showErrors: true })).toBe('boom');
  });

  it('shows nothing when the error carries no message', () => {
    expect(errorToastMessage(undefined)).toBeNull();
    expect(errorToastMessage(new Error(''))).toBeNull();
  });
});

describe('making toasts', () => {
  it('hides an error toast after 3000 ms and cuts it to 300 characters', () => {
    const made = makeToast('error', 'e'.repeat(350));
    expect(made).toMatchObject({ variant: 'error', autoHideMs: 3000 });
    expect(made.message).toHaveLength(300);
  });

  it('hides other toasts after 5000 ms and keeps their full message', () => {
    const long = 's'.repeat(350);
    for (const variant of ['default', 'success', 'warning', 'info'] as const) {
      expect(makeToast(variant, long)).toMatchObject({ variant, autoHideMs: 5000, message: long });
    }
  });

  it('gives each toast its own id and keeps an optional action', () => {
    const first = makeToast('warning', 'New version', { action: { label: 'Refresh', href: '/' } });
    const second = makeToast('warning', 'New version');
    expect(first.id).not.toBe(second.id);
    expect(first.action).toEqual({ label: 'Refresh', href: '/' });
    expect(second).not.toHaveProperty('action');
  });
});

describe('company-changed notice', () => {
  it('can be shown for its own 3000 ms instead of the general 5000 ms', () => {
    expect(makeToast('success', 'Company has been changed', { autoHideMs: COMPANY_CHANGED_NOTICE_MS }).autoHideMs).toBe(3000);
    expect(makeToast('success', 'Saved').autoHideMs).toBe(5000);
  });
});
