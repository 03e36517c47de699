import { pathInLanguage } from '../../../lib/i18n/language-path';
import { getTranslator, type Translate } from '../../../lib/i18n/i18n';
import { formatInterviewTime } from '../../../lib/interviews/interview-times';
import { buildRoute } from '../../../lib/routes/build-route';
import { calendarInvitation, type CalendarPerson } from '../../calendar/calendar-invitation';
import type { MailMessage } from '../../mail/mailer';
import type { CalendarMails } from '../recorded-events';
import { interviewUid, type InterviewPeople, type InterviewRow, type Participant } from './interview-rows';

// The mails of a booked, moved or cancelled interview: one to each participant (the talent,
// the organiser, the interviewers), each with the same iTIP part (calendar-invitation.ts), so
// that every calendar files one event under the interview's UID and moves it with SEQUENCE.

export type InvitationKind = 'REQUEST' | 'MOVED' | 'CANCEL';

/** How the interview takes place, in words: "Video call: https://meet…". */
export function locationText(row: Pick<InterviewRow, 'locationKind' | 'location'>, t: Translate): string {
  const kind = t(`interviews.locationKinds.${row.locationKind}`);
  return row.location ? `${kind}: ${row.location}` : kind;
}

const calendarPerson = (person: Participant): CalendarPerson => ({ name: person.name, email: person.email });

/** The interview's page for each side: the talent's interview page, the member's application page (selecting the company). */
export function interviewPath(row: Pick<InterviewRow, 'id' | 'companyId' | 'jobApplicationId'>, side: 'talent' | 'company'): string {
  return side === 'talent'
    ? buildRoute('talentInterview', { query: { id: row.id } })
    : `${buildRoute('companyJobApplication', { query: { id: row.jobApplicationId, company_id: row.companyId } })}#interviews`;
}

/**
 * The invitation mails of one change, each in its participant's language (the talent's
 * follows the ad's: lib/notifications/notification-language.ts). `row` is the interview as
 * it now stands (its sequence already raised); a cancel passes the times it had.
 */
export function interviewCalendarMails(row: InterviewRow, people: InterviewPeople, kind: InvitationKind, times: { start: Date; end: Date }, reason: string | null = null): CalendarMails {
  return (site) => {
    const organizer = people.organizer ?? people.interviewers[0] ?? null;
    const attendees = [...(people.talent ? [people.talent] : []), ...people.interviewers.filter((person) => person.userId !== organizer?.userId)];
    const method = kind === 'CANCEL' ? 'CANCEL' : 'REQUEST';
    const opening = kind === 'REQUEST' ? 'interviews.mail.booked' : kind === 'MOVED' ? 'interviews.mail.moved' : 'interviews.mail.cancelled';
    const recipients = new Map<string, { person: Participant; side: 'talent' | 'company' }>();
    for (const person of [organizer, ...people.interviewers].filter((one): one is Participant => one !== null)) recipients.set(person.email.toLowerCase(), { person, side: 'company' });
    if (people.talent) recipients.set(people.talent.email.toLowerCase(), { person: people.talent, side: 'talent' });
    return [...recipients.values()].map(({ person, side }): MailMessage => {
      const t = getTranslator(['common'], person.language);
      const values = { title: people.jobTitle, company: people.companyName, talent: people.talent?.name ?? '', when: formatInterviewTime(times.start, row.timeZone, person.language) };
      // One event for every calendar (the same UID and SEQUENCE); its words are the reader's.
      const content = calendarInvitation({
        method,
        uid: interviewUid(row.id),
        sequence: row.sequence,
        start: times.start,
        end: times.end,
        timeZone: row.timeZone,
        summary: t('interviews.summary', values),
        description: t('interviews.description', values),
        location: locationText(row, t),
        // Without any member left to organise it, the product's own address stands in (replies go nowhere useful, but the event stays one).
        organizer: organizer ? calendarPerson(organizer) : { name: site.productName, email: `interviews@${new URL(site.origin).hostname}` },
        attendees: attendees.map(calendarPerson),
      });
      const lines = [
        t(opening, values),
        ...(kind === 'CANCEL' && reason ? [t('interviews.mail.reason', { reason })] : []),
        '',
        t('interviews.mail.when', { when: values.when, zone: row.timeZone }),
        t('interviews.mail.where', { where: locationText(row, t) }),
        ...(people.interviewers.length ? [t('interviews.mail.interviewers', { names: people.interviewers.map((one) => one.name).join(', ') })] : []),
        '',
        ...(kind === 'CANCEL' ? [] : [t('interviews.mail.calendar')]),
        t('interviews.mail.open', { link: `${site.origin}${pathInLanguage(interviewPath(row, side), person.language)}` }),
      ];
      return {
        to: person.email,
        subject: t(`interviews.mail.subjects.${kind}`, values),
        text: lines.join('\n'),
        icalEvent: { method, content, filename: 'interview.ics' },
      };
    });
  };
}
