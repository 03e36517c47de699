import type { Language } from '../i18n/namespaces';
import { countryName } from '../places/country-name';
import { WORK_MODES, type WorkModeValue } from './job-enums';

// Where a job is: structured, so that every public job page can give Google a
// valid JobPosting (jobLocation with addressCountry, or TELECOMMUTE with the countries
// applicants may live in), and written out once as the `location` text that search,
// cards and filters read.

export interface JobPlace {
  workMode: WorkModeValue | null;
  /** ISO 3166-1 alpha-2 of the workplace; for remote work, where the company hires from. */
  countryCode: string | null;
  /** Town or city of the workplace; none for remote work. */
  locality: string | null;
  /** Remote work: the countries applicants may live in (ISO 3166-1 alpha-2). */
  remoteCountries: readonly string[];
}

/** The place of an API answer, whose work mode is a plain string: an unknown mode counts as none. */
export function jobPlaceOf(ad: { workMode: string | null; countryCode: string | null; locality: string | null; remoteCountries: readonly string[] }): JobPlace {
  const workMode = (WORK_MODES as readonly string[]).includes(ad.workMode ?? '') ? (ad.workMode as WorkModeValue) : null;
  return { workMode, countryCode: ad.countryCode, locality: ad.locality, remoteCountries: ad.remoteCountries };
}

export const REMOTE_WORDING = 'Remote';

/** At most this many countries for one remote job: beyond it, "anywhere" is the honest answer and Google takes a list, not a world. */
export const MAX_REMOTE_COUNTRIES = 30;

/**
 * The place as one line: "Berlin, Germany" on site or hybrid, "Remote (Germany, Portugal)"
 * for remote work. It is what the search matches ("berlin", "remote", "germany") and what
 * cards show, so it is derived here and never typed.
 */
export function jobLocationText(place: JobPlace, language: Language): string | null {
  if (place.workMode === 'remote') {
    const countries = place.remoteCountries.length ? place.remoteCountries : place.countryCode ? [place.countryCode] : [];
    return countries.length ? `${REMOTE_WORDING} (${countries.map((code) => countryName(code, language)).join(', ')})` : REMOTE_WORDING;
  }
  const parts = [place.locality?.trim() || null, place.countryCode ? countryName(place.countryCode, language) : null].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ') : null;
}

/** The countries a remote job takes applicants from: the listed ones, else the company's own country. */
export function applicantCountries(place: JobPlace): string[] {
  if (place.workMode !== 'remote') return [];
  return place.remoteCountries.length ? [...place.remoteCountries] : place.countryCode ? [place.countryCode] : [];
}

/**
 * The place as stored: remote work has no town and lists where applicants may live (the
 * company's country when none is given); on-site and hybrid work has no such list.
 */
export function storedPlace(place: JobPlace): { countryCode: string | null; locality: string | null; remoteCountries: string[] } {
  if (place.workMode === 'remote') return { countryCode: place.countryCode, locality: null, remoteCountries: applicantCountries(place) };
  return { countryCode: place.countryCode, locality: place.locality?.trim() || null, remoteCountries: [] };
}
