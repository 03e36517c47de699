import type { CurrentUser } from '../../src/lib/account/current-user';
import type { ScoreItems } from '../../src/lib/profile/profile-score';

/** A membership as findMe answers it, for unit tests: an owner of a verified company, no address. */
export function membershipFixture(overrides: Partial<CurrentUser['companies'][number]> & { id: string }): CurrentUser['companies'][number] {
  return {
    name: overrides.id,
    logo: null,
    verificationStatus: 'verified',
    deletedAt: null,
    address: null,
    role: 'Owner',
    permissions: null,
    companyPermissions: null,
    rolePermissions: null,
    defaultRolePermissions: null,
    unreadMessageThreads: 0,
    ...overrides,
  };
}

/** Score items of an empty profile (every flag off). */
export const NO_SCORE_ITEMS: ScoreItems = {
  profilePicture: false, profileName: false, jobTitle: false, totalExperience: false, descriptionLong: false,
  location: false, rate: false, skills: false, languages: false, experience: false, education: false,
};
