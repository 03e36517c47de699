/**
 * Jobs that match the talent's skills (the local items mySkillsSearch and
 * personalizedSearch; profile.personalizedJobsFoundAt). Pure, so the rules are tested
 * without a browser.
 */

/** The local storage keys of the matching jobs (cleared at sign-out with the rest of the site data). */
export const MY_SKILLS_SEARCH_KEY = 'mySkillsSearch';
export const PERSONALIZED_SEARCH_KEY = 'personalizedSearch';

export const MATCHING_JOBS_SHOWN = 5;
const MAX_SKILLS_IN_SEARCH = 10;

/** The search that finds jobs asking for any of the skills, or null without skills. */
export function skillsSearchText(skills: readonly string[]): string | null {
  const distinct = [...new Set(skills.map((skill) => skill.trim()).filter(Boolean))].slice(0, MAX_SKILLS_IN_SEARCH);
  // websearch syntax: "react or go" matches ads with either skill.
  return distinct.length ? distinct.join(' or ') : null;
}

export interface PersonalizedSearch {
  query: string;
  seenIds: string[];
}

export function readPersonalizedSearch(stored: string | null): PersonalizedSearch | null {
  try {
    const value = JSON.parse(stored ?? 'null') as PersonalizedSearch | null;
    return value && typeof value.query === 'string' && Array.isArray(value.seenIds) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Which of the found ids are new to the talent: all of them the first time and after the
 * skills changed (a new search), otherwise those not seen last time.
 */
export function newJobIds(query: string, foundIds: readonly string[], previous: PersonalizedSearch | null): string[] {
  if (!previous || previous.query !== query) return [...foundIds];
  const seen = new Set(previous.seenIds);
  return foundIds.filter((id) => !seen.has(id));
}
