import { answerIssues } from '../forms/answer-issues';
import type { Done, FieldErrors, Invalid, RefusalStatus } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type DocumentAnswer, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { isUuid } from '../ids';
import type { SelectOption } from '../forms/select-options';
import { readListParams } from '../lists/list-params';
import { buildRoute } from '../routes/build-route';
import type { Tone } from '../theme/tones';
import { interviewNoteSchema, type InterviewStatus } from './interview-rules';
import { dayIn, formatClock, formatDay, formatInterviewTime } from './interview-times';
import { TIME_ZONE_PARAM, timeZoneChoices } from './reader-time-zone';
import { isTimeZone } from './slot-rule';

// The talent's side of interviews: her list (/talent/interviews), one interview
// (/talent/interview?id=) with its four forms (book a time, ask for other times, move it,
// cancel it), and the dashboard's block. Every form works with a post and a reload; a
// refusal shows the form again with what she typed and the API's reason beside it.

/** The interview's own words (statuses, location kinds, the API's refusals) live in interviews.json. */
const API_WORDS = 'interviews.errors';
const WORDS = 'talentInterviews';

export const INTERVIEWS_PER_PAGE = 20;

/** What a list row and the dashboard show of an interview. */
export const TALENT_INTERVIEW_ITEM_FRAGMENT = graphql(`
  fragment TalentInterviewItem on Interview { id status companyName jobTitle startsAt endsAt timeZone otherTimesNote offeredSlots { id startsAt endsAt taken } }
`);

export const MY_INTERVIEWS_QUERY = graphql(
  `
  query MyInterviews($page: Int, $perPage: Int) {
    findManyMyInterview(page: $page, perPage: $perPage) { total page perPage pageCount items { ...TalentInterviewItem } }
  }
`,
  [TALENT_INTERVIEW_ITEM_FRAGMENT],
);

export const MY_INTERVIEW_QUERY = graphql(
  `
  query MyInterview($id: ID!) {
    findMyInterview(id: $id) {
      ...TalentInterviewItem jobApplicationId durationMinutes locationKind location cancelReason cancelledBy mayChange interviewers { userId name }
    }
  }
`,
  [TALENT_INTERVIEW_ITEM_FRAGMENT],
);

/** The dashboard's block: the first three, in the list's order (waiting for her first). */
export const DASHBOARD_INTERVIEWS_QUERY = graphql(
  `
  query TalentDashboardInterviews {
    findManyMyInterview(perPage: 3) { total items { ...TalentInterviewItem } }
  }
`,
  [TALENT_INTERVIEW_ITEM_FRAGMENT],
);

export const BOOK_INTERVIEW_MUTATION = graphql(`
  mutation BookMyInterview($id: ID!, $slotId: ID!) { bookInterview(id: $id, slotId: $slotId) { id status } }
`);

export const RESCHEDULE_INTERVIEW_MUTATION = graphql(`
  mutation RescheduleMyInterview($id: ID!, $slotId: ID!) { rescheduleInterview(id: $id, slotId: $slotId) { id status startsAt } }
`);

export const CANCEL_INTERVIEW_MUTATION = graphql(`
  mutation CancelMyInterview($id: ID!, $reason: String!) { cancelInterview(id: $id, reason: $reason) { id status } }
`);

export const ASK_OTHER_INTERVIEW_TIMES_MUTATION = graphql(`
  mutation AskOtherInterviewTimes($id: ID!, $note: String!) { askOtherInterviewTimes(id: $id, note: $note) { id otherTimesNote } }
`);

export type TalentInterviewItem = ResultOf<typeof TALENT_INTERVIEW_ITEM_FRAGMENT>;
export type TalentInterviewDetail = ResultOf<typeof MY_INTERVIEW_QUERY>['findMyInterview'];
/** Her interviews for one application: the conversation about it shows them. */
export const APPLICATION_INTERVIEWS_OF_MINE_QUERY = graphql(`
  query ApplicationInterviewsOfMine($jobApplicationId: ID!) {
    findManyMyInterview(jobApplicationId: $jobApplicationId, perPage: 20) { items { id status startsAt } }
  }
`);

export type TalentInterviewsPage = ResultOf<typeof MY_INTERVIEWS_QUERY>['findManyMyInterview'];
export type DashboardInterviews = ResultOf<typeof DASHBOARD_INTERVIEWS_QUERY>['findManyMyInterview'];
type Slot = TalentInterviewItem['offeredSlots'][number];

/** The list's page number (?page=, 1 by default); the API orders the list itself. */
export function readInterviewListPage(url: URL): number {
  return readListParams(url, [], '').page;
}

/** One interview's page; a zone chosen on the page linking to it (?tz=) goes along, so the times read the same there. */
export function talentInterviewHref(id: string, from?: URL): string {
  const chosen = from?.searchParams.get(TIME_ZONE_PARAM) ?? '';
  return buildRoute('talentInterview', { query: { id, [TIME_ZONE_PARAM]: isTimeZone(chosen) ? chosen : null } });
}

let zoneOptions: SelectOption[] | null = null;

/**
 * The zones the reader may read times in, for the time zone select (the runtime's list, made
 * once), with hers first when the list lacks it (an alias such as Asia/Calcutta a browser
 * reports): the select then shows the zone the times are in, not the list's first.
 */
export function timeZoneOptions(current: string): SelectOption[] {
  zoneOptions ??= timeZoneChoices().map((zone) => ({ value: zone, label: zone }));
  return zoneOptions.some((option) => option.value === current) ? zoneOptions : [{ value: current, label: current }, ...zoneOptions];
}

/** The dashboard's block, or null when the API failed (the block then says so, the rest of the dashboard stays). */
export function readDashboardInterviews(answer: DocumentAnswer<ResultOf<typeof DASHBOARD_INTERVIEWS_QUERY>>): DashboardInterviews | null {
  return answer.errors.length ? null : (answer.data?.findManyMyInterview ?? null);
}

/** The colour that repeats a status' word: waiting for her is the one to look at. */
export const INTERVIEW_STATUS_TONES: Readonly<Record<InterviewStatus, Tone>> = { PROPOSED: 'pending', BOOKED: 'success', CANCELLED: 'neutral' };

/** The times she may still book: offered, not yet started. Taken ones stay in the list, marked, so that she sees why they went. */
export function bookableSlots<S extends Pick<Slot, 'startsAt'>>(slots: readonly S[], now: Date): S[] {
  return slots.filter((slot) => Date.parse(slot.startsAt) > now.getTime());
}

/**
 * The times a booked interview may move to: offered, free, to come, and not the time it is
 * booked at (the API answers the offer it is booked on as not taken, since it holds it).
 */
export function otherFreeSlots<S extends Pick<Slot, 'startsAt' | 'taken'>>(slots: readonly S[], bookedAt: string | null, now: Date): S[] {
  const booked = bookedAt ? Date.parse(bookedAt) : Number.NaN;
  return bookableSlots(slots, now).filter((slot) => !slot.taken && Date.parse(slot.startsAt) !== booked);
}

/** The choices free to book now: what the list's "Choose a time" counts. */
export function freeSlotCount(item: Pick<TalentInterviewItem, 'offeredSlots'>, now: Date): number {
  return bookableSlots(item.offeredSlots, now).filter((slot) => !slot.taken).length;
}

/**
 * What a list row says of an interview's time: the time it is (or was) at in the reader's
 * zone, the zone named; before that, how many times are left to choose from.
 */
export function interviewWhenText(item: Pick<TalentInterviewItem, 'startsAt' | 'offeredSlots'>, timeZone: string, now: Date, t: Translate, language: Language): string {
  if (item.startsAt) return t(`${WORDS}.time.at`, { when: formatInterviewTime(item.startsAt, timeZone, language), zone: timeZone });
  const free = freeSlotCount(item, now);
  return free > 0 ? t(`${WORDS}.list.offered`, { count: free }) : t(`${WORDS}.list.noneFree`);
}

export interface SlotDay<S> {
  /** YYYY-MM-DD in the zone: the group's key. */
  day: string;
  /** "Monday 30 March" in the zone. */
  heading: string;
  slots: Array<S & { clock: { start: string; end: string } }>;
}

/**
 * Times grouped by their calendar day in the reader's zone, in time order: a slot at 23:30
 * UTC belongs to the next day in Paris, so the grouping is the zone's, never UTC's.
 */
export function slotsByDay<S extends Pick<Slot, 'startsAt' | 'endsAt'>>(slots: readonly S[], timeZone: string, language: Language): Array<SlotDay<S>> {
  const days = new Map<string, SlotDay<S>>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const day = dayIn(slot.startsAt, timeZone);
    let group = days.get(day);
    if (!group) days.set(day, (group = { day, heading: formatDay(slot.startsAt, timeZone, language), slots: [] }));
    group.slots.push({ ...slot, clock: { start: formatClock(slot.startsAt, timeZone, language), end: formatClock(slot.endsAt, timeZone, language) } });
  }
  return [...days.values()];
}

/** A video location that is a web address, to show as a link; anything else is shown as text. */
export function videoHref(location: string | null): string | null {
  const text = location?.trim() ?? '';
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A phone number as a tel: link (digits and a leading plus), or null when there is no digit to dial. */
export function phoneHref(location: string | null): string | null {
  const text = location?.trim() ?? '';
  const digits = text.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

// The forms of one interview, by the intent their button posts.
export const TALENT_INTERVIEW_INTENTS = ['book', 'otherTimes', 'reschedule', 'cancel'] as const;
export type TalentInterviewIntent = (typeof TALENT_INTERVIEW_INTENTS)[number];
const isIntent = (value: unknown): value is TalentInterviewIntent => (TALENT_INTERVIEW_INTENTS as readonly unknown[]).includes(value);

export type TalentInterviewNoticeKey =
  | 'notices.talentInterviews.booked'
  | 'notices.talentInterviews.moved'
  | 'notices.talentInterviews.cancelled'
  | 'notices.talentInterviews.otherTimesAsked';

const NOTICES: Readonly<Record<TalentInterviewIntent, TalentInterviewNoticeKey>> = {
  book: 'notices.talentInterviews.booked',
  reschedule: 'notices.talentInterviews.moved',
  cancel: 'notices.talentInterviews.cancelled',
  otherTimes: 'notices.talentInterviews.otherTimesAsked',
};

/** The text field each form posts (none for the two that only choose a time). */
const TEXT_FIELD: Readonly<Record<TalentInterviewIntent, 'note' | 'reason' | null>> = { book: null, reschedule: null, otherTimes: 'note', cancel: 'reason' };

/** The fields as posted, to show a refused form again: the chosen time stays chosen, the typed text stays typed. */
export type TalentInterviewValues = { slotId: string; note: string; reason: string };

/**
 * invalid: not a form of ours (400). slotMissing: no time chosen (422). noteInvalid: the
 * note or reason fails its rule (here or at the API, 422). refused: the API's rule about
 * the interview's present state (taken, too late, no longer proposed...; 409, or 422 for a
 * time in the past or not offered). notFound: not hers (404; the page answers its 404).
 * failed: anything else (the API's English is never shown).
 */
export type TalentInterviewRefusal = 'invalid' | 'slotMissing' | 'noteInvalid' | 'refused' | 'notFound' | 'failed';

export type TalentInterviewOutcome =
  | Done<{ noticeKey: TalentInterviewNoticeKey }>
  | (Invalid<TalentInterviewValues> & { intent: TalentInterviewIntent | null; reason: TalentInterviewRefusal; message: string });

/** The API's words for a refusal code, or the general failure when it has none. */
function apiWords(t: Translate, code: unknown): string {
  const failed = t(`${WORDS}.errors.failed`);
  return typeof code === 'string' && code ? t(`${API_WORDS}.${code}`, { defaultValue: failed }) : failed;
}

/**
 * One post of /talent/interview?id=: `intent` names the form (book, otherTimes,
 * reschedule, cancel), `slotId` the time chosen, `note` or `reason` the text typed. Checks
 * what the API would check of the form itself first (a time chosen, the note's rule), so a
 * mistake costs no call; then sends the mutation and words its refusal.
 */
export async function submitTalentInterviewForm(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<TalentInterviewOutcome> {
  const raw = form.get('intent');
  const intent = isIntent(raw) ? raw : null;
  const values = typedForm(form, ['slotId', 'note', 'reason']);
  const refused = (status: RefusalStatus, reason: TalentInterviewRefusal, message: string, fieldErrors: FieldErrors = {}): TalentInterviewOutcome => ({
    kind: 'invalid',
    intent,
    reason,
    message,
    values,
    fieldErrors,
    formError: message,
    status,
  });
  if (!intent || !isUuid(id)) return refused(400, 'invalid', t(`${WORDS}.errors.invalid`));

  const textField = TEXT_FIELD[intent];
  let text = '';
  if (textField) {
    const parsed = interviewNoteSchema.safeParse(values[textField]);
    if (!parsed.success) {
      const message = apiWords(t, parsed.error.issues[0]?.message ?? 'noteRequired');
      return refused(422, 'noteInvalid', message, { [textField]: message });
    }
    text = parsed.data;
  } else if (!isUuid(values.slotId)) {
    const message = t(`${WORDS}.errors.slotRequired`);
    return refused(422, 'slotMissing', message, { slotId: message });
  }

  const answer =
    intent === 'book'
      ? await sendDocument(send, BOOK_INTERVIEW_MUTATION, { id, slotId: values.slotId })
      : intent === 'reschedule'
        ? await sendDocument(send, RESCHEDULE_INTERVIEW_MUTATION, { id, slotId: values.slotId })
        : intent === 'cancel'
          ? await sendDocument(send, CANCEL_INTERVIEW_MUTATION, { id, reason: text })
          : await sendDocument(send, ASK_OTHER_INTERVIEW_TIMES_MUTATION, { id, note: text });
  if (!answer.errors.length) return { kind: 'done', noticeKey: NOTICES[intent] };

  const { issues, code } = answerIssues(answer.errors);
  if (code === 'NOT_FOUND') return refused(404, 'notFound', t(`${WORDS}.errors.notFound`));
  const issue = issues[0];
  if (code === 'BAD_USER_INPUT' && issue) {
    const message = apiWords(t, issue.code);
    // The note's rule is shown on its field; a time refused (past, not offered) on the list of times.
    if (textField && (issue.path === textField || issue.code.startsWith('note'))) return refused(422, 'noteInvalid', message, { [textField]: message });
    return refused(422, 'refused', message, textField ? {} : { slotId: message });
  }
  if (code === 'CONFLICT') {
    const message = apiWords(t, answer.errors[0]?.extensions?.reason ?? issue?.code);
    return refused(409, 'refused', message, !textField && issue?.path === 'slotId' ? { slotId: message } : {});
  }
  return refused(answer.status >= 500 ? 502 : 422, 'failed', t(`${WORDS}.errors.failed`));
}
