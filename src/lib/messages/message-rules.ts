import { z } from 'zod';
import { hasForbiddenControls } from '../text/control-characters';

// Messages between a company and a talent (one thread per application, invitation or
// assignment). Shared by the pages and the API; every code is worded in `messages.errors`.

export const MESSAGE_ERRORS = 'messages.errors';
/** A message is a note, not a document: long enough for a cover letter, no more. */
export const MESSAGE_MAX = 5000;

const body = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
    if (value === '') ctx.addIssue({ code: 'custom', message: 'bodyRequired' });
    else if (hasForbiddenControls(value, true)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
    else if ([...value].length > MESSAGE_MAX) ctx.addIssue({ code: 'custom', message: 'bodyTooLong', params: { max: MESSAGE_MAX } });
    return value;
  });

export const messageSchema = z.object({ body });
export type MessageValues = z.output<typeof messageSchema>;

/** Which side a viewer reads a thread from: what the other side wrote after their last read is unread. */
export type MessageSide = 'company' | 'talent';

/**
 * The unread rule: a message is unread for a reader when the other side wrote it after the
 * reader last opened the thread (never opened: every message of the other side).
 */
export function isUnread(message: { fromCompany: boolean; createdAt: Date }, side: MessageSide, readAt: Date | null): boolean {
  const fromOtherSide = side === 'company' ? !message.fromCompany : message.fromCompany;
  return fromOtherSide && (readAt === null || message.createdAt > readAt);
}
