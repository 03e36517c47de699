import { z } from 'zod';

/** The longest note a talent may send with an application (characters). */
export const MAX_APPLICATION_MESSAGE_LENGTH = 5000;

/** Where the note's issue codes are worded: the apply forms and the API's field errors. */
export const APPLICATION_MESSAGE_ERRORS = 'jobs:apply.errors';

/**
 * The note as it is stored: trimmed, line breaks as "\n" and null when nothing is left.
 * A browser posts a textarea's line breaks as "\r\n" while its maxlength counted each as
 * one character, so without this a note the form accepted could fail the length check.
 */
export function normalizeApplicationMessage(raw: string | null | undefined): string | null {
  const message = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  return message === '' ? null : message;
}

/**
 * The note of an application (a job ad's apply form, an invitation's Apply, and the API's
 * `applyToJobAd` and `applyToInvitation`), checked once normalized; its one issue is
 * `messageTooLong` with the `max` its words name, worded from `APPLICATION_MESSAGE_ERRORS`.
 */
export const applicationMessageSchema = z.object({
  message: z
    .string()
    .nullish()
    .transform(normalizeApplicationMessage)
    .pipe(z.string().max(MAX_APPLICATION_MESSAGE_LENGTH, 'messageTooLong').nullable()),
});
