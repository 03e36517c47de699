import { z } from 'zod';

/** The longest note a talent may send with an application (characters). */
export const MAX_APPLICATION_MESSAGE_LENGTH = 5000;

/**
 * The note as it is stored: trimmed, line breaks as "\n" and null when nothing is left.
 * A browser posts a textarea's line breaks as "\r\n" while its maxlength counted each as
 * one character, so without this a note the form accepted could fail the length check.
 */
export function normalizeApplicationMessage(raw: string | null | undefined): string | null {
  const message = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  return message === '' ? null : message;
}

/** What is wrong with a normalized note, or null when it may be sent. */
export function applicationMessageError(message: string | null): string | null {
  return message !== null && message.length > MAX_APPLICATION_MESSAGE_LENGTH ? `Use at most ${MAX_APPLICATION_MESSAGE_LENGTH} characters` : null;
}

/**
 * The apply forms' note (a job ad's apply form, an invitation's Apply), read as the API
 * reads it; the code is worded by the page (`jobs:apply.errors.<code>`).
 */
export const applicationMessageSchema = z.object({
  message: z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const message = normalizeApplicationMessage(raw);
      if (applicationMessageError(message)) ctx.addIssue({ code: 'custom', message: 'messageTooLong' });
      return message;
    }),
});
