// Behaviours every page has, in plain scripts so that no page pays for React up front.
import './toaster';
import './notification-banners';
import { showToast } from '../stores/toasts';
import type { CurrentUserState } from '../../lib/account/current-user-state';
import { applyServerUser } from '../stores/current-user';
import { startAnalytics, type AnalyticsStart } from './analytics';
import { startVersionCheck } from './version-check';
import { rememberTimeZone } from './time-zone';
import type { ToastVariant } from '../../lib/notifications/toast-policy';

rememberTimeZone();

const shell = document.getElementById('tp-shell-data');
if (shell) {
  const data = JSON.parse(shell.textContent ?? '{}') as {
    buildId: string;
    newVersion: string;
    refresh: string;
    versionCheckMs?: number;
    toasts?: Array<{ variant: ToastVariant; message: string; autoHideMs?: number }>;
    analytics?: AnalyticsStart;
    currentUser?: CurrentUserState | null;
    focusTarget?: string;
  };
  applyServerUser(data.currentUser ?? null);
  for (const toast of data.toasts ?? []) showToast(toast.variant, toast.message, { autoHideMs: toast.autoHideMs });
  if (data.analytics) startAnalytics(data.analytics);
  // After a post, keyboard users carry on at what they acted on (a card of a board), not at
  // the top of the page: an element that asks for it (data-notice-focus) takes focus when
  // the notice names it.
  const target = data.focusTarget ? document.getElementById(data.focusTarget) : null;
  if (target?.hasAttribute('data-notice-focus')) target.focus();
  startVersionCheck({ buildId: data.buildId, message: data.newVersion, refreshLabel: data.refresh, intervalMs: data.versionCheckMs });
}
