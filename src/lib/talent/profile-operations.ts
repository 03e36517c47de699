/** The API's answer as the BFF hands it over (status and body), for pure handlers. */
export interface GraphqlAnswerLike {
  status: number;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

export type SendGraphql = (body: { query: string; variables?: Record<string, unknown>; operationName?: string }) => Promise<GraphqlAnswerLike>;

/** A document on the profile (spec §3 talentProfile resume, pdf, cv); its url downloads it. */
export interface TalentDocumentView {
  url: string;
  name: string;
  size: number;
}

/** A talent profile as the profile pages read it (spec §3 talentProfile, the fields a talent edits). */
export interface TalentProfileView {
  id: string;
  email: string | null;
  profileName: string | null;
  profilePicture: { url?: string | null; optimizedUrl?: string | null } | null;
  jobTitle: string | null;
  totalExperience: number | null;
  description: string | null;
  isVisible: boolean;
  isAvailableForHire: boolean;
  workMode: string | null;
  availabilityMode: string | null;
  assignmentType: string | null;
  location: string | null;
  interestedToRelocateTo: string[];
  isInterestedInRelocation: boolean;
  hourlyRate: string | null;
  monthlyRate: string | null;
  targetHourlyRate: string | null;
  targetMonthlyRate: string | null;
  rateCurrency: string | null;
  skills: Array<Record<string, unknown>>;
  links: Array<Record<string, unknown>>;
  languages: Array<Record<string, unknown>>;
  experience: Array<Record<string, unknown>>;
  certification: Array<Record<string, unknown>>;
  education: Array<Record<string, unknown>>;
  cv: TalentDocumentView | null;
  resume: TalentDocumentView | null;
  pdf: TalentDocumentView | null;
  profileScore: number;
}

const PROFILE_FIELDS = `id email profileName profilePicture jobTitle totalExperience description isVisible isAvailableForHire
    workMode availabilityMode assignmentType location interestedToRelocateTo isInterestedInRelocation
    hourlyRate monthlyRate targetHourlyRate targetMonthlyRate rateCurrency
    skills links languages experience certification education profileScore
    cv { url name size } resume { url name size } pdf { url name size }`;

export const MY_TALENT_PROFILE_QUERY = `query MyTalentProfile {
  findMyTalentProfile { ${PROFILE_FIELDS} }
}`;

/** The profile page also offers the skills and languages lists as suggestions. */
export const TALENT_PROFILE_PAGE_QUERY = `query TalentProfilePage {
  findMyTalentProfile { ${PROFILE_FIELDS} }
  skillsList { label }
  languagesList { label }
}`;

export const UPDATE_TALENT_PROFILE_MUTATION = `mutation UpdateOneTalentProfile($data: UpdateTalentProfileInput!) {
  updateOneTalentProfile(data: $data) { id }
}`;

export const CREATE_TALENT_PROFILE_MUTATION = `mutation CreateOneTalentProfile($data: CreateOneTalentProfileInput!) {
  createOneTalentProfile(data: $data) { id }
}`;

export interface ProfilePageData {
  profile: TalentProfileView | null;
  skills: string[];
  languages: string[];
}

/** Reads a page query's answer; throws when the API failed, so the page shows its error page. */
export function readProfileAnswer(answer: GraphqlAnswerLike): ProfilePageData {
  const data = answer.body.data as
    | { findMyTalentProfile: TalentProfileView | null; skillsList?: Array<{ label: string }>; languagesList?: Array<{ label: string }> }
    | null
    | undefined;
  if (answer.body.errors?.length || !data) {
    throw new Error(`loading the talent profile failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  }
  return {
    profile: data.findMyTalentProfile,
    skills: (data.skillsList ?? []).map((skill) => skill.label),
    languages: (data.languagesList ?? []).map((language) => language.label),
  };
}

export interface AnswerErrors {
  /** Field path below the input (`jobTitle`, `experience.0.endDate`) to message. */
  fieldErrors: Array<{ path: string; message: string }>;
  code: string | null;
  /** The first error's message, for failures that name no field. */
  message: string | null;
}

/** The errors of a mutation's answer, field errors with the `data.` prefix removed. */
export function answerErrors(answer: GraphqlAnswerLike): AnswerErrors | null {
  const [first] = answer.body.errors ?? [];
  if (!first) return null;
  const raw = first.extensions?.fieldErrors;
  const fieldErrors = Array.isArray(raw)
    ? raw.flatMap((entry: unknown) => {
        const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
        return typeof field === 'string' && typeof message === 'string' ? [{ path: field.replace(/^data\./, ''), message }] : [];
      })
    : [];
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : null;
  return { fieldErrors, code, message: first.message };
}
