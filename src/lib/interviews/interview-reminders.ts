// The interview reminders rule: participants are reminded a day and an hour before an
// interview; its interviewers are asked for their scorecard once it has ended, and once
// more a day later if theirs is still missing - never before the end, since feedback
// written before the interview is no feedback. Each reminder has a window after its time:
// a sweep that runs late (an instance down) sends it within the window and drops it after,
// so nobody is told "tomorrow" about an interview that has already begun.

export const REMINDER_KINDS = ['DAY_BEFORE', 'HOUR_BEFORE', 'FEEDBACK', 'FEEDBACK_AGAIN'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const HOUR = 3600_000;

/** When each reminder falls due, and until when it is still worth sending. */
export function reminderWindow(kind: ReminderKind, interview: { startsAt: Date; endsAt: Date }): { from: Date; until: Date } {
  const start = interview.startsAt.getTime();
  const end = interview.endsAt.getTime();
  switch (kind) {
    case 'DAY_BEFORE':
      return { from: new Date(start - 24 * HOUR), until: new Date(start - 2 * HOUR) };
    case 'HOUR_BEFORE':
      return { from: new Date(start - HOUR), until: new Date(start) };
    case 'FEEDBACK':
      return { from: new Date(end), until: new Date(end + 12 * HOUR) };
    case 'FEEDBACK_AGAIN':
      return { from: new Date(end + 24 * HOUR), until: new Date(end + 36 * HOUR) };
  }
}

/** The reminders due now for a booked interview (each is then sent once: the sweep records it first). */
export function dueReminders(interview: { startsAt: Date; endsAt: Date }, now: Date): ReminderKind[] {
  return REMINDER_KINDS.filter((kind) => {
    const window = reminderWindow(kind, interview);
    return now >= window.from && now < window.until;
  });
}

/** Who a reminder is for: every participant before, the interviewers still owing a scorecard after. */
export const isFeedbackReminder = (kind: ReminderKind) => kind === 'FEEDBACK' || kind === 'FEEDBACK_AGAIN';

/** The span of start times a sweep at `now` looks at: every window of every kind is inside it. */
export function sweepSpan(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 48 * HOUR), to: new Date(now.getTime() + 25 * HOUR) };
}
