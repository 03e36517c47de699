import { z } from 'zod';
import { hasForbiddenControls } from '../text/control-characters';

// Reporting a conversation to the platform (messages): why, in a few words, and whether
// to close it to the other side at the same time. Moderators decide in the admin area.
// Shared by the pages and the API; every code is worded in `messages.errors`.

export const THREAD_REPORT_REASONS = ['spam', 'harassment', 'fraud', 'other'] as const;
export type ThreadReportReason = (typeof THREAD_REPORT_REASONS)[number];

/** What a moderator decided: nothing wrong, or the conversation closed to the reported side. */
export const THREAD_REPORT_DECISIONS = ['dismissed', 'closed'] as const;
export type ThreadReportDecision = (typeof THREAD_REPORT_DECISIONS)[number];

/** Enough to say what happened; the conversation itself is the evidence. */
export const THREAD_REPORT_DETAILS_MAX = 1000;

export const threadReportSchema = z
  .object({
    reason: z.string().nullish(),
    details: z
      .string()
      .nullish()
      .transform((raw) => (raw ?? '').replace(/\r\n?/g, '\n').trim()),
  })
  .superRefine((value, ctx) => {
    if (!value.reason || !(THREAD_REPORT_REASONS as readonly string[]).includes(value.reason)) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reportReasonRequired' });
    // "Other" says nothing by itself: the details say what.
    if (value.reason === 'other' && value.details === '') ctx.addIssue({ code: 'custom', path: ['details'], message: 'reportDetailsRequired' });
    if (hasForbiddenControls(value.details, true)) ctx.addIssue({ code: 'custom', path: ['details'], message: 'controlCharacters' });
    else if ([...value.details].length > THREAD_REPORT_DETAILS_MAX) ctx.addIssue({ code: 'custom', path: ['details'], message: 'reportDetailsTooLong', params: { max: THREAD_REPORT_DETAILS_MAX } });
  })
  .transform((value) => ({ reason: value.reason as ThreadReportReason, details: value.details || null }));
