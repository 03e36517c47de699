import { and, eq, gt, lt } from 'drizzle-orm';
import { pathInLanguage } from '../../../lib/i18n/language-path';
import { getTranslator } from '../../../lib/i18n/i18n';
import { dueReminders, isFeedbackReminder, sweepSpan, type ReminderKind } from '../../../lib/interviews/interview-reminders';
import { formatInterviewTime } from '../../../lib/interviews/interview-times';
import type { AppDatabase } from '../../db/client';
import { interview, interviewReminder, interviewScorecard } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { interviewPath } from './interview-invitations';
import { peopleOf, type Participant } from './interview-rows';

// The interview reminders (lib/interviews/interview-reminders.ts), sent by a scheduled
// sweep of the job queue: for each booked interview whose reminder is due, a row of
// interview_reminder is taken first (its key is the interview, the kind and the start it
// was for), so that two instances sweeping at once, or a sweep run again, send it once;
// the mails themselves go through the queue's mail jobs, which retry a failed send.

export interface ReminderSweep {
  db: AppDatabase;
  site: { origin: string; productName: string };
  /** Hands one mail to the queue (retried there). */
  enqueueMail: (message: MailMessage) => Promise<void>;
  now: Date;
}

function reminderMails(kind: ReminderKind, row: typeof interview.$inferSelect, people: Awaited<ReturnType<typeof peopleOf>>, owing: readonly Participant[], site: ReminderSweep['site']): MailMessage[] {
  // Each in its reader's language (interview-rows.ts: the talent's follows the ad's).
  const words = (person: Participant) => {
    const when = formatInterviewTime(row.startsAt!, row.timeZone, person.language);
    return { t: getTranslator(['common'], person.language), values: { title: people.jobTitle, company: people.companyName, talent: people.talent?.name ?? '', when, zone: row.timeZone } };
  };
  if (isFeedbackReminder(kind)) {
    return owing.map((person) => {
      const { t, values } = words(person);
      const link = `${site.origin}${pathInLanguage(interviewPath(row, 'company'), person.language)}`;
      return { to: person.email, subject: t(`interviews.mail.subjects.${kind}`, values), text: t(kind === 'FEEDBACK' ? 'interviews.mail.feedback' : 'interviews.mail.feedbackAgain', { ...values, link }) };
    });
  }
  const recipients = new Map<string, { person: Participant; side: 'talent' | 'company' }>();
  for (const person of [people.organizer, ...people.interviewers].filter((one): one is Participant => one !== null)) recipients.set(person.email.toLowerCase(), { person, side: 'company' });
  if (people.talent) recipients.set(people.talent.email.toLowerCase(), { person: people.talent, side: 'talent' });
  return [...recipients.values()].map(({ person, side }) => {
    const { t, values } = words(person);
    return {
      to: person.email,
      subject: t(`interviews.mail.subjects.${kind}`, values),
      text: `${t(kind === 'DAY_BEFORE' ? 'interviews.mail.dayBefore' : 'interviews.mail.hourBefore', values)}\n\n${t('interviews.mail.open', { link: `${site.origin}${pathInLanguage(interviewPath(row, side), person.language)}` })}`,
    };
  });
}

/** Sends what is due; answers how many reminders (not mails) went out. */
export async function sendInterviewReminders(sweep: ReminderSweep): Promise<number> {
  const { db, now } = sweep;
  const span = sweepSpan(now);
  const booked = await db
    .select()
    .from(interview)
    .where(and(eq(interview.status, 'BOOKED'), gt(interview.startsAt, span.from), lt(interview.startsAt, span.to)));
  let sent = 0;
  for (const row of booked) {
    if (!row.startsAt || !row.endsAt) continue;
    for (const kind of dueReminders({ startsAt: row.startsAt, endsAt: row.endsAt }, now)) {
      const [taken] = await db.insert(interviewReminder).values({ interviewId: row.id, kind, startsAt: row.startsAt }).onConflictDoNothing().returning({ kind: interviewReminder.kind });
      if (!taken) continue;
      const people = await peopleOf(db, row);
      let owing: Participant[] = [];
      if (isFeedbackReminder(kind)) {
        const cards = await db.select({ userId: interviewScorecard.interviewerUserId }).from(interviewScorecard).where(eq(interviewScorecard.interviewId, row.id));
        owing = people.interviewers.filter((person) => !cards.some((card) => card.userId === person.userId));
      }
      for (const mail of reminderMails(kind, row, people, owing, sweep.site)) await sweep.enqueueMail(mail);
      sent += 1;
    }
  }
  return sent;
}
