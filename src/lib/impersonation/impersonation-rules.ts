import { z } from 'zod';
import { hasForbiddenControls } from '../text/control-characters';

// Accountable impersonation: nobody acts as someone without saying why,
// and an impersonation does not outlive a working day.

/** Locale prefix of the API's and the page's messages for these rules. */
export const IMPERSONATION_ERRORS = 'impersonation.errors';

/** A reason says enough to be checked later ("ticket 4711: cannot see invoice"), not a novel. */
export const IMPERSONATION_REASON_MIN = 10;
export const IMPERSONATION_REASON_MAX = 500;

/**
 * How long one impersonation is honoured after it starts. A browser closed without
 * "Stop impersonating" leaves it open; after this the API refuses to act on it and the
 * impersonator starts afresh, with a reason again.
 */
export const IMPERSONATION_MAX_HOURS = 8;

/**
 * Why an impersonator acts as someone: required, trimmed, 10 to 500 characters as people
 * count them, one line (it is shown in the banner and the audit list).
 */
export const impersonationReason = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    const length = [...value].length;
    if (value === '') ctx.addIssue({ code: 'custom', message: 'reasonRequired' });
    else if (hasForbiddenControls(value, false)) ctx.addIssue({ code: 'custom', message: 'controlCharacters' });
    else if (length < IMPERSONATION_REASON_MIN) ctx.addIssue({ code: 'custom', message: 'reasonTooShort' });
    else if (length > IMPERSONATION_REASON_MAX) ctx.addIssue({ code: 'custom', message: 'reasonTooLong' });
    return value;
  });

/** The start form and the API's input: whom to act as, and why. */
export const startImpersonationSchema = z.object({
  externalId: z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      const value = (raw ?? '').trim();
      if (value === '') ctx.addIssue({ code: 'custom', message: 'targetRequired' });
      return value;
    }),
  reason: impersonationReason,
});

/** True while an impersonation may be acted on: not stopped, and younger than the limit. */
export function isImpersonationOpen(impersonation: { startedAt: Date; endedAt: Date | null }, now: Date): boolean {
  if (impersonation.endedAt) return false;
  return now.getTime() - impersonation.startedAt.getTime() < IMPERSONATION_MAX_HOURS * 3_600_000;
}

/** The earliest start an impersonation still open at `now` can have. */
export function oldestOpenImpersonationStart(now: Date): Date {
  return new Date(now.getTime() - IMPERSONATION_MAX_HOURS * 3_600_000);
}
