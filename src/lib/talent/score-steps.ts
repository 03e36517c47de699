import { SCORE_POINTS, type ChecklistItem, type ProfileScoreInput } from '../profile/profile-score';
import { buildRoute } from '../routes/build-route';
import type { TalentProfileView } from './profile-operations';
import type { SectionId } from './profile-sections';

/** A section of the profile page: a form section, or the picture upload above them. */
export type ProfileAnchor = SectionId | 'picture';

/** Where on the profile page each checklist item is completed. */
export const CHECKLIST_SECTION: Readonly<Record<ChecklistItem, ProfileAnchor | null>> = {
  profileName: 'basics',
  profilePicture: 'picture',
  jobTitle: 'basics',
  totalExperience: 'basics',
  descriptionLong: 'basics',
  descriptionShort: 'basics',
  location: 'basics',
  rate: 'rates',
  skills: 'skills',
  languages: 'languages',
  experience: 'experience',
  education: 'education',
};

/** Points an item can still add (the profile score points), to suggest the most rewarding steps first. */
const ITEM_POINTS: Readonly<Record<ChecklistItem, number>> = {
  profileName: SCORE_POINTS.profileName,
  profilePicture: SCORE_POINTS.profilePicture,
  jobTitle: SCORE_POINTS.jobTitle,
  totalExperience: SCORE_POINTS.totalExperience,
  descriptionLong: SCORE_POINTS.descriptionLong,
  descriptionShort: SCORE_POINTS.descriptionShort,
  location: SCORE_POINTS.location,
  rate: SCORE_POINTS.rate,
  skills: SCORE_POINTS.skillEach * SCORE_POINTS.skillsCounted,
  languages: SCORE_POINTS.languages,
  experience: SCORE_POINTS.experience,
  education: SCORE_POINTS.education,
};

export interface ScoreStep {
  item: ChecklistItem;
  /** Link to the profile section that completes it, or null when no page section does. */
  href: string | null;
}

/** The link to the profile page section completing an item. */
export function checklistHref(item: ChecklistItem): string | null {
  const section = CHECKLIST_SECTION[item];
  return section ? `${buildRoute('talentProfile')}#${section}` : null;
}

/**
 * The next items to complete, most points first. The short description is never
 * suggested: the long one is the step worth taking, and it replaces the short one.
 */
export function nextScoreSteps(checklist: ReadonlyArray<{ item: ChecklistItem; complete: boolean }>, limit = 4): ScoreStep[] {
  return checklist
    .filter((entry) => !entry.complete && entry.item !== 'descriptionShort')
    .map((entry, order) => ({ item: entry.item, order }))
    .sort((a, b) => ITEM_POINTS[b.item] - ITEM_POINTS[a.item] || a.order - b.order)
    .slice(0, limit)
    .map(({ item }) => ({ item, href: checklistHref(item) }));
}

/** A loaded profile as the score rules read it: its entries are JSON the rules only probe. */
export function scoreInputOf(profile: TalentProfileView): ProfileScoreInput {
  return {
    ...profile,
    experience: profile.experience as ProfileScoreInput['experience'],
    education: profile.education as ProfileScoreInput['education'],
  };
}
