import { getVtimezoneComponent } from '@touch4it/ical-timezones';

// Calendar invitations (interviews): an iCalendar object (RFC 5545) carrying an iTIP
// method (RFC 5546) - REQUEST to invite or move, CANCEL to call off - that Gmail, Outlook
// and Apple Calendar show with accept and decline and file as one event: the UID stays the
// same for the life of the event and SEQUENCE goes up with every change. Times are written
// in the event's own time zone with its VTIMEZONE rules (from the tz database as
// @touch4it/ical-timezones publishes them), so the event moves right across daylight-saving
// changes; a zone it does not know is written in UTC.

export interface CalendarPerson {
  name: string | null;
  email: string;
}

export interface CalendarInvitation {
  method: 'REQUEST' | 'CANCEL';
  /** Stable for the event's whole life, across every change and the cancel. */
  uid: string;
  /** 0 when first sent, one more with every change (time, place, people) and the cancel. */
  sequence: number;
  start: Date;
  end: Date;
  /** An IANA zone, e.g. Europe/Paris: the times are written as its wall-clock times. */
  timeZone: string;
  summary: string;
  description?: string | null;
  location?: string | null;
  organizer: CalendarPerson;
  attendees: readonly CalendarPerson[];
  /** When this version was made (DTSTAMP); now by default. */
  stamp?: Date;
}

const PRODUCT_ID = '-//Talentplace//Interviews//EN';

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n?|\n/g, '\\n');
}

/** A parameter value (a name) is quoted, and may hold no double quote or control character (RFC 5545 3.2). */
function paramValue(value: string): string {
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/** Lines longer than 75 octets are folded: CRLF and a space before the next piece, never inside a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const length = bytes.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + length > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += length;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

const two = (value: number) => String(value).padStart(2, '0');

/** A UTC time as iCalendar writes it: 20260330T080000Z. */
export function utcStamp(date: Date): string {
  return `${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}T${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`;
}

/** The wall-clock time of an instant in a zone, as iCalendar writes a local time: 20260330T100000. */
export function localStamp(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

const person = (who: CalendarPerson) => (who.name ? `;CN=${paramValue(who.name)}` : '');
const mailto = (email: string) => `mailto:${email.trim()}`;

/** One VEVENT's lines: in its zone when the zone's rules are known, else in UTC. */
function eventLines(event: Omit<CalendarInvitation, 'method'> & { cancelled: boolean; rsvp: boolean }, zoneKnown: boolean): string[] {
  const when = (date: Date) => (zoneKnown ? `;TZID=${event.timeZone}:${localStamp(date, event.timeZone)}` : `:${utcStamp(date)}`);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    `DTSTART${when(event.start)}`,
    `DTEND${when(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `ORGANIZER${person(event.organizer)}:${mailto(event.organizer.email)}`,
    ...event.attendees.map((attendee) => `ATTENDEE${person(attendee)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=${event.rsvp ? 'TRUE' : 'FALSE'}:${mailto(attendee.email)}`),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A calendar object: its method, the VTIMEZONE of each zone its events use, the events. */
function calendarObject(method: 'REQUEST' | 'CANCEL' | 'PUBLISH', events: ReadonlyArray<Omit<CalendarInvitation, 'method'> & { cancelled: boolean; rsvp: boolean }>, name?: string): string {
  const zones = new Map<string, string | null>();
  for (const event of events) if (!zones.has(event.timeZone)) zones.set(event.timeZone, getVtimezoneComponent(event.timeZone) ?? null);
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODUCT_ID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...[...zones.values()].flatMap((zone) => (zone ? zone.trim().split(/\r?\n/) : [])),
    ...events.flatMap((event) => eventLines(event, zones.get(event.timeZone) !== null)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The invitation as a text/calendar body (CRLF lines, folded), for a `method=` part of a mail. */
export function calendarInvitation(invitation: CalendarInvitation): string {
  const cancelled = invitation.method === 'CANCEL';
  return calendarObject(invitation.method, [{ ...invitation, cancelled, rsvp: !cancelled }]);
}

/**
 * A subscribed calendar (a member's private feed of her interviews): METHOD:PUBLISH, the
 * same UIDs and SEQUENCEs as the invitations, so a calendar that has both shows each once.
 */
export function calendarFeed(name: string, events: ReadonlyArray<Omit<CalendarInvitation, 'method'> & { cancelled: boolean }>): string {
  return calendarObject('PUBLISH', events.map((event) => ({ ...event, rsvp: false })), name);
}
