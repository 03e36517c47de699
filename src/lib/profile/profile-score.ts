/** What the profile score reads of a talent profile (the talentProfile entity). */
export interface ProfileScoreInput {
  profileName?: string | null;
  profilePicture?: { url?: string | null } | string | null;
  jobTitle?: string | null;
  totalExperience?: number | string | null;
  description?: string | null;
  location?: string | null;
  rateCurrency?: string | null;
  monthlyRate?: number | string | null;
  hourlyRate?: number | string | null;
  skills?: readonly unknown[] | null;
  languages?: readonly unknown[] | null;
  experience?: ReadonlyArray<{ company?: string | null; companyName?: string | null }> | null;
  education?: ReadonlyArray<{ school?: string | null }> | null;
}

/** The profile score's scoreItems: which parts of the profile earn their points. */
export interface ScoreItems {
  profilePicture: boolean;
  profileName: boolean;
  jobTitle: boolean;
  totalExperience: boolean;
  descriptionLong: boolean;
  location: boolean;
  rate: boolean;
  skills: boolean;
  languages: boolean;
  experience: boolean;
  education: boolean;
}

export interface ProfileScore {
  /** 0 to 100. */
  profileScore: number;
  scoreItems: ScoreItems;
}

/** The profile score points table. */
export const SCORE_POINTS = {
  profileName: 1,
  profilePicture: 5,
  jobTitle: 1,
  totalExperience: 3,
  descriptionLong: 10,
  descriptionShort: 5,
  location: 10,
  rate: 10,
  skillEach: 5,
  skillsCounted: 6,
  languages: 10,
  experience: 10,
  education: 10,
} as const;
export const MAX_PROFILE_SCORE = 100;
/** A description longer than this earns the long-description points. */
export const LONG_DESCRIPTION_CHARS = 100;
/** The checklist's skills item needs this many skills. */
export const CHECKLIST_MIN_SKILLS = 6;

const filled = (value: unknown): boolean =>
  value !== null && value !== undefined && (typeof value !== 'string' || value.trim().length > 0);

function pictureUrl(picture: ProfileScoreInput['profilePicture']): string | null | undefined {
  return typeof picture === 'string' ? picture : picture?.url;
}

function hasRate(profile: ProfileScoreInput): boolean {
  return filled(profile.rateCurrency) || filled(profile.monthlyRate) || filled(profile.hourlyRate);
}

const descriptionLength = (profile: ProfileScoreInput) => profile.description?.trim().length ?? 0;

/** The profile score, out of 100. */
export function computeProfileScore(profile: ProfileScoreInput): ProfileScore {
  const skillCount = profile.skills?.length ?? 0;
  const description = descriptionLength(profile);
  const scoreItems: ScoreItems = {
    profileName: filled(profile.profileName),
    profilePicture: filled(pictureUrl(profile.profilePicture)),
    jobTitle: filled(profile.jobTitle),
    totalExperience: filled(profile.totalExperience),
    descriptionLong: description > LONG_DESCRIPTION_CHARS,
    location: filled(profile.location),
    rate: hasRate(profile),
    skills: skillCount > 0,
    languages: (profile.languages?.length ?? 0) > 0,
    experience: (profile.experience ?? []).some((entry) => filled(entry.company ?? entry.companyName)),
    education: (profile.education ?? []).some((entry) => filled(entry.school)),
  };

  let score = 0;
  if (scoreItems.profileName) score += SCORE_POINTS.profileName;
  if (scoreItems.profilePicture) score += SCORE_POINTS.profilePicture;
  if (scoreItems.jobTitle) score += SCORE_POINTS.jobTitle;
  if (scoreItems.totalExperience) score += SCORE_POINTS.totalExperience;
  if (scoreItems.descriptionLong) score += SCORE_POINTS.descriptionLong;
  else if (description > 0) score += SCORE_POINTS.descriptionShort;
  if (scoreItems.location) score += SCORE_POINTS.location;
  if (scoreItems.rate) score += SCORE_POINTS.rate;
  score += Math.min(skillCount, SCORE_POINTS.skillsCounted) * SCORE_POINTS.skillEach;
  if (scoreItems.languages) score += SCORE_POINTS.languages;
  if (scoreItems.experience) score += SCORE_POINTS.experience;
  if (scoreItems.education) score += SCORE_POINTS.education;

  return { profileScore: Math.min(score, MAX_PROFILE_SCORE), scoreItems };
}

export type ChecklistItem =
  | 'descriptionLong'
  | 'descriptionShort'
  | 'skills'
  | 'education'
  | 'experience'
  | 'jobTitle'
  | 'languages'
  | 'location'
  | 'profileName'
  | 'profilePicture'
  | 'rate'
  | 'totalExperience';

/**
 * The completeness checklist: the long description needs at least 100
 * characters, the short one is a description under 100, skills need at least six;
 * the other items only need to be present.
 */
export function completenessChecklist(profile: ProfileScoreInput): Array<{ item: ChecklistItem; complete: boolean }> {
  const { scoreItems } = computeProfileScore(profile);
  const description = descriptionLength(profile);
  const entries: Array<[ChecklistItem, boolean]> = [
    ['descriptionLong', description >= LONG_DESCRIPTION_CHARS],
    ['descriptionShort', description > 0 && description < LONG_DESCRIPTION_CHARS],
    ['skills', (profile.skills?.length ?? 0) >= CHECKLIST_MIN_SKILLS],
    ['education', scoreItems.education],
    ['experience', scoreItems.experience],
    ['jobTitle', scoreItems.jobTitle],
    ['languages', scoreItems.languages],
    ['location', scoreItems.location],
    ['profileName', scoreItems.profileName],
    ['profilePicture', scoreItems.profilePicture],
    ['rate', scoreItems.rate],
    ['totalExperience', scoreItems.totalExperience],
  ];
  return entries.map(([item, complete]) => ({ item, complete }));
}
