import { displayDate } from '../forms/date-input';
import type { TalentProfileView } from './profile-operations';
import { isHttpUrl } from './talent-profile-input';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { isLevelOf, levelKey, type LevelScale } from './proficiency-levels';

// The talent profile as companies read it (/talent/profile-sum, and the company's own view
// on /company/talent-search?profile=): only what is filled in,
// lists in the order the talent keeps them, dates in the page's language. Entries are stored
// as JSON, so every value is read defensively: a malformed entry shows less, never fails.

export type RateKind = 'hourlyRate' | 'monthlyRate' | 'targetHourlyRate' | 'targetMonthlyRate';

export interface SummaryRate {
  kind: RateKind;
  /** The decimal string as stored ("55.00"): formatted by the page, never turned into a float. */
  amount: string;
  /** The rate unit. */
  unit: 'HOUR' | 'MONTH';
}

export interface SummaryPeriod {
  /** In the language, or '' when unknown. */
  from: string;
  to: string;
  /** A current position: it has no end. */
  current: boolean;
}

export interface SummaryLink {
  label: string;
  /** Only http(s) addresses become links; anything else is not shown. */
  url: string;
}

export interface ProfileSummary {
  rates: SummaryRate[];
  skills: Array<{ name: string; level: string | null; years: number | null }>;
  languages: Array<{ language: string; level: string | null }>;
  links: SummaryLink[];
  experience: Array<{ title: string | null; company: string; location: string | null; description: string | null; period: SummaryPeriod | null }>;
  certification: Array<{ name: string; issuer: string | null; issuedAt: string; expiresAt: string; url: string | null }>;
  education: Array<{ school: string; degree: string | null; field: string | null; period: SummaryPeriod | null }>;
}

const RATE_UNITS: Record<RateKind, SummaryRate['unit']> = {
  hourlyRate: 'HOUR',
  targetHourlyRate: 'HOUR',
  monthlyRate: 'MONTH',
  targetMonthlyRate: 'MONTH',
};

/** A stored entry's text value, trimmed; null when missing or blank. */
function textIn(entry: Record<string, unknown>, key: string): string | null {
  const value = entry[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function periodOf(entry: Record<string, unknown>, fromKey: string, toKey: string, language: Language): SummaryPeriod | null {
  const period = { from: displayDate(textIn(entry, fromKey), language), to: displayDate(textIn(entry, toKey), language), current: entry.current === true };
  return period.from || period.to || period.current ? period : null;
}

/** Entries that carry their required text; the others are dropped. */
function entriesWith<T>(list: Array<Record<string, unknown>>, requiredKey: string, read: (entry: Record<string, unknown>, required: string) => T): T[] {
  return list.flatMap((entry) => {
    const required = entry && typeof entry === 'object' ? textIn(entry, requiredKey) : null;
    return required ? [read(entry, required)] : [];
  });
}

/**
 * What the summary reads of a profile: the talent's own (/talent/profile-sum) and a
 * company's view of it (/company/talent-search?profile=) both have it.
 */
export type SummarySource = Pick<
  TalentProfileView,
  | 'profileName' | 'profilePicture' | 'jobTitle' | 'location' | 'totalExperience' | 'description' | 'workMode' | 'assignmentType'
  | 'isAvailableForHire' | 'availabilityMode' | 'isInterestedInRelocation' | 'interestedToRelocateTo'
  | 'hourlyRate' | 'monthlyRate' | 'targetHourlyRate' | 'targetMonthlyRate' | 'rateCurrency'
  | 'skills' | 'languages' | 'links' | 'experience' | 'certification' | 'education'
>;

export function profileSummaryOf(profile: SummarySource, language: Language): ProfileSummary {
  const rates = (['hourlyRate', 'monthlyRate', 'targetHourlyRate', 'targetMonthlyRate'] as const).flatMap((kind) => {
    const amount = profile[kind];
    return amount ? [{ kind, amount, unit: RATE_UNITS[kind] }] : [];
  });
  const linkUrl = (entry: Record<string, unknown>) => {
    const url = textIn(entry, 'url');
    return url && isHttpUrl(url) ? url : null;
  };
  return {
    rates,
    skills: entriesWith(profile.skills, 'name', (entry, name) => ({
      name,
      level: textIn(entry, 'level'),
      years: typeof entry.years === 'number' && Number.isInteger(entry.years) ? entry.years : null,
    })),
    languages: entriesWith(profile.languages, 'language', (entry, name) => ({ language: name, level: textIn(entry, 'level') })),
    links: entriesWith(profile.links, 'url', (entry) => ({ label: textIn(entry, 'label'), url: linkUrl(entry) })).flatMap((link) =>
      link.url ? [{ label: link.label ?? new URL(link.url).hostname, url: link.url }] : [],
    ),
    experience: entriesWith(profile.experience, 'company', (entry, company) => ({
      company,
      title: textIn(entry, 'title'),
      location: textIn(entry, 'location'),
      description: textIn(entry, 'description'),
      period: periodOf(entry, 'startDate', 'endDate', language),
    })),
    certification: entriesWith(profile.certification, 'name', (entry, name) => ({
      name,
      issuer: textIn(entry, 'issuer'),
      issuedAt: displayDate(textIn(entry, 'issuedAt'), language),
      expiresAt: displayDate(textIn(entry, 'expiresAt'), language),
      url: linkUrl(entry),
    })),
    education: entriesWith(profile.education, 'school', (entry, school) => ({
      school,
      degree: textIn(entry, 'degree'),
      field: textIn(entry, 'field'),
      period: periodOf(entry, 'startDate', 'endDate', language),
    })),
  };
}

/** A period in words: "Jan 2020 – present", "since 2021", or the end alone. */
export function periodInWords(period: SummaryPeriod | null, t: Translate): string {
  if (!period) return '';
  const to = period.current ? t('profileSummary.present') : period.to;
  if (period.from && to) return t('profileSummary.period', { from: period.from, to });
  if (period.from) return t('profileSummary.since', { from: period.from });
  return to;
}

/** A level on its scale in words; anything else stored as it is. */
export function levelInWords(scale: LevelScale, level: string | null, t: Translate): string | null {
  return level && isLevelOf(scale, level) ? t(levelKey(scale, level)) : level;
}

/** The summary PDF's file name: the person's name in safe characters, never a quote or a path. */
export function profileSummaryFilename(name: string): string {
  const safe = name.normalize('NFKD').replace(/[^\w .-]+/g, '').trim().replace(/\s+/g, '-').slice(0, 80);
  return `${safe || 'profile'}-profile.pdf`;
}
