import { z } from 'zod';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { requiredId } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import type { Translate } from '../i18n/i18n';
import type { ActionOutcome } from '../forms/form-outcome';

/** GraphQL documents of the notification list (/notifications); its view types come from them. */

export const MY_NOTIFICATIONS_QUERY = graphql(`
  query MyNotifications($page: Int, $perPage: Int, $unreadOnly: Boolean) {
    myNotifications(page: $page, perPage: $perPage, unreadOnly: $unreadOnly) {
      total page perPage pageCount
      items { id type read createdAt entityId companyId companyName title step stepGroup talentStatus reason status billingPeriod invoiceNumber document invitation role inviter partner relation threadId fromCompany talentName jobApplicationId action }
    }
    myUnreadNotificationCount
  }
`);

export const MARK_NOTIFICATION_READ_MUTATION = graphql(`
  mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { id read } }
`);

export const MARK_ALL_NOTIFICATIONS_READ_MUTATION = graphql(`
  mutation MarkAllNotificationsRead { markAllNotificationsRead }
`);

export type NotificationsPage = ResultOf<typeof MY_NOTIFICATIONS_QUERY>['myNotifications'];
export type NotificationItem = NotificationsPage['items'][number];

/** Notifications per page of the list. */
export const NOTIFICATIONS_PER_PAGE = 20;

/** The list's filter in the address: ?filter=unread, else all. */
export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export function readNotificationFilter(value: string | null): NotificationFilter {
  return value === 'unread' ? 'unread' : 'all';
}

/** "Mark read": the notification's id; a missing one is a form that was not ours, one that is no UUID names none of the user's. */
export const markNotificationReadFormSchema = z.object({ id: requiredId({ required: 'failed', unknown: 'gone' }) });

/** What a post to the list did: the notice to show, or why nothing happened (404 gone, 422 failed). */
export type NotificationActionOutcome = ActionOutcome<{ noticeKey: string }>;

/**
 * A form posted on the list: `intent=markRead` with the notification's `id`, or
 * `intent=markAllRead`. An id that is not the user's (or not an id) is "gone", as the API
 * answers NOT_FOUND for it; anything else that fails is "failed".
 */
export async function submitNotificationAction(form: FormData, send: SendGraphql, t: Translate): Promise<NotificationActionOutcome> {
  const gone: NotificationActionOutcome = { kind: 'refused', message: t('notifications.gone'), status: 404 };
  const failed: NotificationActionOutcome = { kind: 'refused', message: t('notifications.failed'), status: 422 };
  const intent = form.get('intent');
  if (intent === 'markAllRead') {
    const answer = await sendDocument(send, MARK_ALL_NOTIFICATIONS_READ_MUTATION);
    return answer.errors.length || answer.data === null ? failed : { kind: 'done', noticeKey: 'notices.notifications.allMarkedRead' };
  }
  if (intent !== 'markRead') return failed;
  const parsed = parseForm(form, markNotificationReadFormSchema);
  if (!parsed.ok) return parsed.issues[0]?.code === 'gone' ? gone : failed;
  const answer = await sendDocument(send, MARK_NOTIFICATION_READ_MUTATION, { id: parsed.value.id });
  if (answer.errors.some((error) => error.extensions?.code === 'NOT_FOUND')) return gone;
  return answer.errors.length || !answer.data ? failed : { kind: 'done', noticeKey: 'notices.notifications.markedRead' };
}
