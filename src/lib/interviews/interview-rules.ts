import { z } from 'zod';
import { optionalText } from '../forms/field-rules';

// Interviews: a company proposes times for an application, the talent books one, both get a
// calendar invitation, the interviewers fill in the step's scorecard. The rules here are the
// ones the API, the pages and the reminders share.

/** Where an interview takes place: an address, a phone number, or a video link. */
export const INTERVIEW_LOCATION_KINDS = ['VIDEO', 'PHONE', 'ADDRESS'] as const;
export type InterviewLocationKind = (typeof INTERVIEW_LOCATION_KINDS)[number];

/** PROPOSED: times offered, none booked; BOOKED: a time chosen; CANCELLED: called off (with a reason). */
export const INTERVIEW_STATUSES = ['PROPOSED', 'BOOKED', 'CANCELLED'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

/** The interview duration rule: 15 minutes to 8 hours, in whole minutes. */
export const INTERVIEW_DURATION = { min: 15, max: 480, default: 45 } as const;

/** The most times one proposal offers; more is a calendar, not a choice. */
export const MAX_PROPOSED_SLOTS = 30;

/** The most interviewers on one interview. */
export const MAX_INTERVIEWERS = 10;

/** The reschedule cutoff rule: either side may move or cancel a booked interview until this many hours before it starts. */
export const RESCHEDULE_CUTOFF_HOURS = 12;

/** Texts' limits: a location, a cancel reason or a request for other times, a scorecard's items. */
export const INTERVIEW_LIMITS = { location: 500, note: 1000, attribute: 80, question: 300, answer: 4000, items: 12 } as const;

/** The scorecard's overall recommendation: four points and no neutral, so every interviewer decides. */
export const RECOMMENDATIONS = ['STRONG_NO', 'NO', 'YES', 'STRONG_YES'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** A rated attribute's scale: 1 to 4, no middle point (the four-point scale rule). */
export const RATING_SCALE = [1, 2, 3, 4] as const;

/** What a step's scorecard asks: attributes rated on the four-point scale, required questions, and always a recommendation. */
export interface ScorecardDefinition {
  attributes: string[];
  questions: string[];
}

/** The scorecard an interview without a plan uses. */
export const DEFAULT_SCORECARD: ScorecardDefinition = { attributes: ['Skills for the role', 'Communication'], questions: [] };

/** One interviewer's scorecard as submitted. */
export interface ScorecardAnswers {
  ratings: Record<string, number>;
  answers: Record<string, string>;
  recommendation: Recommendation;
}

/** Lines of a textarea as a list: trimmed, blanks dropped, duplicates (whatever the case) once. */
export function listOfLines(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const line of (text ?? '').split(/\r?\n/)) {
    const value = line.trim();
    if (value && !seen.has(value.toLowerCase())) {
      seen.add(value.toLowerCase());
      lines.push(value);
    }
  }
  return lines;
}

const itemList = (max: number, tooLong: string) =>
  z
    .array(z.string())
    .max(INTERVIEW_LIMITS.items, { message: 'tooManyItems' })
    .refine((items) => items.every((item) => [...item].length <= max), { message: tooLong });

const durationMinutes = z.number({ message: 'durationInvalid' }).int({ message: 'durationInvalid' }).min(INTERVIEW_DURATION.min, { message: 'durationInvalid' }).max(INTERVIEW_DURATION.max, { message: 'durationInvalid' });

/** An interview plan (per hiring step): duration, interviewers, location and scorecard. */
export const interviewPlanSchema = z.object({
  durationMinutes,
  interviewerIds: z.array(z.string().uuid({ message: 'interviewerUnknown' })).max(MAX_INTERVIEWERS, { message: 'tooManyInterviewers' }),
  locationKind: z.enum(INTERVIEW_LOCATION_KINDS, { message: 'locationKindUnknown' }),
  location: optionalText(INTERVIEW_LIMITS.location),
  attributes: itemList(INTERVIEW_LIMITS.attribute, 'attributeTooLong'),
  questions: itemList(INTERVIEW_LIMITS.question, 'questionTooLong'),
});
export type InterviewPlanInput = z.infer<typeof interviewPlanSchema>;

/** A cancel reason (required) or a request for other times (required): one to INTERVIEW_LIMITS.note characters. */
export const interviewNoteSchema = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1, { message: 'noteRequired' }).max(INTERVIEW_LIMITS.note, { message: 'noteTooLong' }));

/** The reschedule cutoff rule: true while the interview starts more than RESCHEDULE_CUTOFF_HOURS from now. */
export function mayStillChange(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() > RESCHEDULE_CUTOFF_HOURS * 3600_000;
}

/** The scorecard rule: every attribute rated 1 to 4, every question answered, a recommendation given. Returns the issue code of the first gap. */
export function scorecardGap(definition: ScorecardDefinition, answers: ScorecardAnswers): string | null {
  if (!(RECOMMENDATIONS as readonly string[]).includes(answers.recommendation)) return 'recommendationRequired';
  for (const attribute of definition.attributes) {
    const rating = answers.ratings[attribute];
    if (!(RATING_SCALE as readonly number[]).includes(rating ?? 0)) return 'ratingRequired';
  }
  for (const question of definition.questions) {
    const answer = (answers.answers[question] ?? '').trim();
    if (!answer) return 'answerRequired';
    if ([...answer].length > INTERVIEW_LIMITS.answer) return 'answerTooLong';
  }
  return null;
}

/**
 * The hidden scorecards rule: an interviewer of an interview reads her colleagues'
 * scorecards only once she has submitted her own; a member who does not interview reads
 * them when her role reads the application. The talent never does.
 */
export function mayReadScorecards(reader: { readsApplication: boolean; interviews: boolean; submittedOwn: boolean }): boolean {
  if (!reader.readsApplication) return false;
  return !reader.interviews || reader.submittedOwn;
}

export interface ScorecardSummary {
  count: number;
  recommendations: Record<Recommendation, number>;
  /** Each attribute's average rating, one decimal, over the scorecards that rate it. */
  averages: Array<{ attribute: string; average: number; count: number }>;
}

/** Recommendations counted and attribute averages, the summary the application page and the board show. */
export function scorecardSummary(cards: ReadonlyArray<Pick<ScorecardAnswers, 'ratings' | 'recommendation'>>): ScorecardSummary {
  const recommendations = Object.fromEntries(RECOMMENDATIONS.map((value) => [value, 0])) as Record<Recommendation, number>;
  const totals = new Map<string, { sum: number; count: number }>();
  for (const card of cards) {
    recommendations[card.recommendation] += 1;
    for (const [attribute, rating] of Object.entries(card.ratings)) {
      const total = totals.get(attribute) ?? { sum: 0, count: 0 };
      totals.set(attribute, { sum: total.sum + rating, count: total.count + 1 });
    }
  }
  const averages = [...totals].map(([attribute, { sum, count }]) => ({ attribute, average: Math.round((sum / count) * 10) / 10, count }));
  return { count: cards.length, recommendations, averages };
}
