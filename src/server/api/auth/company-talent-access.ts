import type { CompanyLink } from './talent-document-access';

// What a company may see of a talent (through applications, its roster and invitations), as pure rules over what links the
// two (companyTalentLink in job-applications/talent-link.ts answers the link from the
// database, with the applications' one ownership rule, ownedBy).

/** What the company has to do with the talent: an application it holds, a place on its roster she accepted. */
export type TalentLinkFacts = Pick<CompanyLink, 'holdsApplication' | 'onRoster'>;

/**
 * Which talents a company reaches at all (opens the profile, keeps notes, saves to a list,
 * invites): a visible profile, or a hidden one linked to the company by an application it
 * holds (an answer to one of its invitations is one) or by its roster, once she accepted
 * the company's request (a request alone reaches nothing). Anything else is
 * answered NOT_FOUND, like an unknown id.
 */
export function mayReachTalent(profile: { isVisible: boolean }, link: TalentLinkFacts): boolean {
  return profile.isVisible || link.holdsApplication || link.onRoster;
}

/**
 * Contact details stay hidden until the talent applies or accepts an invitation:
 * the e-mail, phone and documents show to a company once it holds an application of the
 * talent to one of its job ads or job descriptions; accepting an invitation is applying
 * through it, so it counts the same. A visible profile, a place in its lists or on its
 * roster shows none of them.
 */
export function showsContactDetails(link: TalentLinkFacts): boolean {
  return link.holdsApplication;
}
