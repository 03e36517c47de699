import { sectionValuesFromProfile } from '../talent/profile-form';
import type { TalentProfileView } from '../talent/profile-operations';
import { sectionSpec, type SectionSpec } from '../talent/profile-sections';
import { PROFILE_LIMITS } from '../talent/talent-profile-input';
import type { SuggestionAnswer } from './cv-import-operations';
import { fold } from './cv-sections';

// The review of a profile suggested from a CV (the page /talent/profile-import): per section
// of the profile, what the CV gave, editable, beside what the profile holds now, and whether
// to use it. How a used section meets the profile:
// - the headline fields (name, job title, location, summary) replace the profile's: a
//   profile has one of each. A field the CV left out shows the profile's own value, so using
//   the section never clears it. The section is ticked at first only when it replaces
//   nothing the talent wrote differently;
// - the lists are appended to, never replaced: a CV rarely holds everything a profile does
//   (levels, years, certificates), so replacing would lose her work. An entry the profile
//   already has (the same employer and start, school and start, language, address, skill)
//   is left out, when the review starts and again when it is saved, so saving twice adds
//   nothing twice. A list section is ticked at first when the CV adds something to it.
// Everything the review shows travels in its form's fields, never in server memory: a
// refused save shows the form again exactly as typed.

export const REVIEW_SECTIONS = ['basics', 'skills', 'languages', 'links', 'experience', 'education'] as const;
export type ReviewSectionId = (typeof REVIEW_SECTIONS)[number];

/** The list sections of the review: fieldsets of the profile page's own fields (profile-sections.ts). */
export const REVIEW_LISTS = ['languages', 'links', 'experience', 'education'] as const;
export type ReviewListId = (typeof REVIEW_LISTS)[number];

/** The headline fields of the profile's basics section that a CV gives. */
export const REVIEW_BASICS = ['profileName', 'jobTitle', 'location', 'description'] as const;
export type ReviewBasicsField = (typeof REVIEW_BASICS)[number];

/** A list entry as its fields show it (the profile page's text), and whether to add it. */
export interface ReviewRow {
  fields: Record<string, string>;
  include: boolean;
}

export interface ReviewValues {
  use: Record<ReviewSectionId, boolean>;
  basics: Record<ReviewBasicsField, string>;
  /** The skills to add, as a comma-separated list. */
  skills: string;
  lists: Record<ReviewListId, ReviewRow[]>;
  /** Read from the CV for the talent's information: the profile keeps neither. */
  contact: { email: string; phone: string };
}

/** A suggestion as the API answers it (suggestTalentProfileFromCv); what the file was and whether it was read whole are the page's. */
export type SuggestedProfile = Omit<SuggestionAnswer, 'format' | 'truncated'>;

/** What the review reads of the talent's profile now. */
export type ReviewedProfile = Pick<TalentProfileView, ReviewBasicsField | 'skills' | ReviewListId>;

type Entry = Record<string, unknown>;

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A web address compared without its scheme, "www.", case or trailing slash. */
function addressKey(url: string): string {
  return url.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
}

/** What makes two entries of a list the same entry (folded: case and accents aside). */
const ENTRY_KEYS: Record<ReviewListId | 'skills', (entry: Entry) => string> = {
  skills: (entry) => fold(textOf(entry.name)),
  languages: (entry) => fold(textOf(entry.language)),
  links: (entry) => addressKey(textOf(entry.url)),
  experience: (entry) => `${fold(textOf(entry.company))}|${textOf(entry.startDate).slice(0, 7)}`,
  education: (entry) => `${fold(textOf(entry.school))}|${textOf(entry.startDate).slice(0, 7)}`,
};

/**
 * The profile's list with the added entries after it, each added one only when no entry
 * before it is the same (ENTRY_KEYS): the profile's entries are never changed or dropped.
 */
export function appendNewEntries(list: ReviewListId | 'skills', current: readonly Entry[], added: readonly Entry[]): Entry[] {
  const keyOf = ENTRY_KEYS[list];
  const seen = new Set(current.map(keyOf));
  const merged = [...current];
  for (const entry of added) {
    const key = keyOf(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(entry);
  }
  return merged;
}

/** The skill names of the review's comma-separated list (commas, semicolons or lines), blank ones dropped. */
export function skillNamesOf(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The profile's skills with the named ones added, each skill once whatever its case; the profile's keep their levels and years. */
export function mergeSkills(current: readonly Entry[], names: readonly string[]): Entry[] {
  return appendNewEntries(
    'skills',
    current,
    names.map((name) => ({ name })),
  );
}

const specOf = (id: ReviewListId): SectionSpec => sectionSpec(id)!;

/** Entries as the profile page's fields show them (dates as date inputs take them, "on" for a ticked box). */
function rowsOf(id: ReviewListId, entries: readonly Entry[]): Array<Record<string, string>> {
  return sectionValuesFromProfile(specOf(id), { [id]: entries } as unknown as TalentProfileView).rows;
}

/** Drops null fields, as the profile stores entries (compacted). */
const compact = (entry: object): Entry => Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== null && value !== undefined && value !== false));

const isBlank = (value: string | null | undefined) => !value || value.trim() === '';

/** The fields of the headline the CV's value would replace with something else. */
export function replacedBasics(basics: Record<ReviewBasicsField, string>, profile: ReviewedProfile): ReviewBasicsField[] {
  return REVIEW_BASICS.filter((field) => !isBlank(profile[field]) && basics[field].trim() !== (profile[field] ?? '').trim());
}

/** The review as it first shows: the CV's values, only what the profile lacks in the lists, sections ticked as described above. */
export function initialReview(suggestion: SuggestedProfile, profile: ReviewedProfile): ReviewValues {
  const basics = Object.fromEntries(REVIEW_BASICS.map((field) => [field, suggestion[field] ?? profile[field] ?? ''])) as Record<ReviewBasicsField, string>;
  const lists = {} as Record<ReviewListId, ReviewRow[]>;
  for (const id of REVIEW_LISTS) {
    const suggested = (suggestion[id] as readonly object[]).map(compact);
    const current = profile[id] ?? [];
    const fresh = appendNewEntries(id, current, suggested).slice(current.length);
    lists[id] = rowsOf(id, fresh).map((fields) => ({ fields, include: true }));
  }
  const skills = mergeSkills(profile.skills ?? [], suggestion.skills).slice((profile.skills ?? []).length);
  const offersBasics = REVIEW_BASICS.some((field) => !isBlank(suggestion[field]));
  return {
    use: {
      basics: offersBasics && replacedBasics(basics, profile).length === 0,
      skills: skills.length > 0,
      languages: lists.languages.length > 0,
      links: lists.links.length > 0,
      experience: lists.experience.length > 0,
      education: lists.education.length > 0,
    },
    basics,
    skills: skills.map((skill) => skill.name).join(', '),
    lists,
    contact: { email: suggestion.email ?? '', phone: suggestion.phone ?? '' },
  };
}

/** The most entries a list of the profile holds. */
export const LIST_LIMITS: Record<ReviewListId | 'skills', number> = {
  skills: PROFILE_LIMITS.skills,
  languages: PROFILE_LIMITS.languages,
  links: PROFILE_LIMITS.links,
  experience: PROFILE_LIMITS.entries,
  education: PROFILE_LIMITS.entries,
};
