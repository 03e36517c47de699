import { pictureUrlsOf } from '../profile/picture-urls';
import { graphql, type ResultOf } from '../graphql/graphql';
import { dataOf } from '../graphql/answer-data';
import type { DocumentAnswer } from '../graphql/send-document';

/** The fields of a talent profile the profile pages read (the talentProfile fields a talent edits). */
export const TALENT_PROFILE_FRAGMENT = graphql(`
  fragment TalentProfileFields on TalentProfile {
    id email profileName profilePicture jobTitle totalExperience description isVisible isAvailableForHire
    workMode availabilityMode assignmentType location interestedToRelocateTo isInterestedInRelocation
    hourlyRate monthlyRate targetHourlyRate targetMonthlyRate rateCurrency
    skills links languages experience certification education profileScore
    cv { url name size } resume { url name size } pdf { url name size }
  }
`);

export const MY_TALENT_PROFILE_QUERY = graphql(
  `
  query MyTalentProfile {
    findMyTalentProfile { ...TalentProfileFields }
  }
`,
  [TALENT_PROFILE_FRAGMENT],
);

/** The profile page also offers the skills and languages lists as suggestions. */
export const TALENT_PROFILE_PAGE_QUERY = graphql(
  `
  query TalentProfilePage {
    findMyTalentProfile { ...TalentProfileFields }
    skillsList { label }
    languagesList { label }
  }
`,
  [TALENT_PROFILE_FRAGMENT],
);

export const UPDATE_TALENT_PROFILE_MUTATION = graphql(`
  mutation UpdateOneTalentProfile($data: UpdateTalentProfileInput!) {
    updateOneTalentProfile(data: $data) { id }
  }
`);

export const CREATE_TALENT_PROFILE_MUTATION = graphql(`
  mutation CreateOneTalentProfile($data: CreateOneTalentProfileInput!) {
    createOneTalentProfile(data: $data) { id }
  }
`);

type TalentProfileAnswer = ResultOf<typeof TALENT_PROFILE_FRAGMENT>;

/** The profile's lists the schema types as JSON: arrays of entries ({name, level, years}, ...). */
type JsonList = 'skills' | 'links' | 'languages' | 'experience' | 'certification' | 'education';

/** A document on the profile (talentProfile resume, pdf, cv); its url downloads it. */
export type TalentDocumentView = NonNullable<TalentProfileAnswer['cv']>;

/** An answer holding a profile's JSON fields: the talent's own profile, or a company's view of it. */
type WithJsonFields = { profilePicture?: unknown } & Record<JsonList, unknown>;

/** An answer with its JSON fields (the picture and the lists, which the schema leaves untyped) read into their shapes. */
export type ProfileViewOf<Answer extends WithJsonFields> = Omit<Answer, 'profilePicture' | JsonList> & {
  profilePicture: { url?: string | null; optimizedUrl?: string | null } | null;
} & Record<JsonList, Array<Record<string, unknown>>>;

/** A talent profile as the profile pages read it. */
export type TalentProfileView = ProfileViewOf<TalentProfileAnswer>;

export interface ProfilePageData {
  profile: TalentProfileView | null;
  skills: string[];
  languages: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const entriesOf = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter(isRecord) : []);

/** The JSON fields checked, not trusted: a list keeps its object entries, a picture its urls. */
export function profileView<Answer extends WithJsonFields>(profile: Answer): ProfileViewOf<Answer> {
  const picture = profile.profilePicture;
  return {
    ...profile,
    skills: entriesOf(profile.skills),
    links: entriesOf(profile.links),
    languages: entriesOf(profile.languages),
    experience: entriesOf(profile.experience),
    certification: entriesOf(profile.certification),
    education: entriesOf(profile.education),
    profilePicture: pictureUrlsOf(picture),
  };
}

/** Reads a page query's answer; throws when the API failed, so the page shows its error page. */
export function readProfileAnswer(
  answer: DocumentAnswer<ResultOf<typeof MY_TALENT_PROFILE_QUERY> | ResultOf<typeof TALENT_PROFILE_PAGE_QUERY>>,
): ProfilePageData {
  const data = dataOf(answer, 'the talent profile');
  return {
    profile: data.findMyTalentProfile ? profileView(data.findMyTalentProfile) : null,
    skills: ('skillsList' in data ? data.skillsList : []).map((skill) => skill.label),
    languages: ('languagesList' in data ? data.languagesList : []).map((language) => language.label),
  };
}
