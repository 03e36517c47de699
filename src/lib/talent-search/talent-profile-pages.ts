import { graphql, type ResultOf } from '../graphql/graphql';
import type { SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { buildRoute } from '../routes/build-route';
import { submitSavedTalentWrite, type SavedTalentIntent, type SavedTalentOutcome } from '../saved-talents/saved-talent-pages';
import { profileView, type ProfileViewOf } from '../talent/profile-operations';

// A talent's profile as the company sees it. The spec's route table has no
// company route for one talent, and the route table is held to the spec, so it is shown on
// the talent search's own route: /company/talent-search?profile=<talentProfileId>, under the
// same permission (talentProfile read). Opened from the results, the search stays in the
// address, so "Back to the search" returns to the same results at the talent's card.

/** The address parameter naming the talent whose profile the talent search shows. */
export const PROFILE_PARAM = 'profile';

/** A talent's profile as the profile view shows it, for the company and the admin alike. */
export const COMPANY_TALENT_PROFILE_FRAGMENT = graphql(`
  fragment CompanyTalentProfileFields on CompanyTalentProfile {
    id profileName profilePicture jobTitle location isInterestedInRelocation interestedToRelocateTo
    workMode assignmentType isAvailableForHire availabilityMode
    hourlyRate monthlyRate targetHourlyRate targetMonthlyRate rateCurrency
    totalExperience description skills languages experience education certification links isVerified isVisible
    contact { email phoneNumber documents { slot name url } }
    savedIn { id list { id label } }
  }
`);

export const FIND_TALENT_PROFILE_QUERY = graphql(
  `
  query FindTalentProfile($id: ID!) {
    findTalentProfile(id: $id) { ...CompanyTalentProfileFields }
  }
`,
  [COMPANY_TALENT_PROFILE_FRAGMENT],
);

type ProfileAnswer = NonNullable<ResultOf<typeof FIND_TALENT_PROFILE_QUERY>['findTalentProfile']>;

/** The answer with its JSON fields read into their shapes, as the profile summary takes them. */
export type CompanyTalentProfile = ProfileViewOf<ProfileAnswer>;

export function companyTalentProfileOf(answer: ProfileAnswer): CompanyTalentProfile {
  return profileView(answer);
}

/**
 * A talent's profile for the company. From the search results (`search`, the results'
 * address: the company's search or the admin's) the search is kept in the address; from
 * anywhere else it is the profile alone on the company's search.
 */
export function talentProfileHref(talentProfileId: string, search: URL | null = null): string {
  if (!search) return buildRoute('companyTalentSearch', { query: { [PROFILE_PARAM]: talentProfileId } });
  const params = new URLSearchParams(search.search);
  params.set(PROFILE_PARAM, talentProfileId);
  return `${search.pathname}?${params.toString()}`;
}

/** Back from a profile to the search it was opened from (at the talent's card), else to the search page it is on. */
export function backToSearchHref(url: URL): string {
  const params = new URLSearchParams(url.search);
  const talentId = params.get(PROFILE_PARAM);
  params.delete(PROFILE_PARAM);
  const search = params.toString();
  return search ? `${url.pathname}?${search}${talentId ? `#talent-${encodeURIComponent(talentId)}` : ''}` : url.pathname;
}

/**
 * A talent's profile for the platform's admin (the admin talent search), on /admin/talent-search
 * ?profile=<id>: the same fields as the company's, contact reduced to the e-mail address
 * (docs/personal-data.md), no lists.
 */
export const FIND_ADMIN_TALENT_PROFILE_QUERY = graphql(
  `
  query FindAdminTalentProfile($id: ID!) {
    findAdminTalentProfile(id: $id) { ...CompanyTalentProfileFields }
  }
`,
  [COMPANY_TALENT_PROFILE_FRAGMENT],
);

/** The list forms a profile posts: save to a list, to a new list, remove from a list. */
export const PROFILE_LIST_INTENTS = ['saveTalent', 'saveTalentToNewList', 'removeSavedTalent'] as const satisfies readonly SavedTalentIntent[];
export type ProfileListIntent = (typeof PROFILE_LIST_INTENTS)[number];

export function isProfileListIntent(value: unknown): value is ProfileListIntent {
  return typeof value === 'string' && (PROFILE_LIST_INTENTS as readonly string[]).includes(value);
}

/**
 * One list form of a profile, through the saved talents' own handler: the talent is the
 * profile's, whatever the form says, and only the profile's own entries may be removed
 * here (any other id is answered like an entry that is gone).
 */
export function submitProfileListWrite(
  intent: ProfileListIntent,
  profile: Pick<CompanyTalentProfile, 'id' | 'savedIn'>,
  form: FormData,
  send: SendGraphql,
  t: Translate,
): Promise<SavedTalentOutcome> {
  form.set('talentProfileId', profile.id);
  if (intent === 'removeSavedTalent' && !profile.savedIn.some((entry) => entry.id === postedId(form))) form.delete('id');
  return submitSavedTalentWrite(intent, form, send, t);
}
