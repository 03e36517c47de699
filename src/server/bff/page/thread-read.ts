import type { AstroGlobal } from 'astro';
import { sendDocument, type SendGraphql } from '../../../lib/graphql/send-document';
import { MARK_MESSAGE_THREAD_READ_MUTATION } from '../../../lib/messages/message-pages';

/**
 * Opening a conversation reads it: what the other side wrote is no longer unread. The side
 * menu's count was read with the user before the page, so this page's own count is put in
 * step too: a page never says "1 unread" beside the very conversation it shows read.
 */
export async function readThreadOnOpen(locals: AstroGlobal['locals'], send: SendGraphql, thread: { id: string; unreadCount: number } | null | undefined, side: 'company' | 'talent'): Promise<void> {
  if (!thread || thread.unreadCount === 0) return;
  const answer = await sendDocument(send, MARK_MESSAGE_THREAD_READ_MUTATION, { id: thread.id });
  if (!answer.data?.markMessageThreadRead) return;
  const counted = side === 'company' ? locals.selectedCompany : locals.user;
  if (counted) counted.unreadMessageThreads = Math.max(0, counted.unreadMessageThreads - 1);
}
