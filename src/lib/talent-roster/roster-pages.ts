import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { typedForm } from '../forms/form-values';
import { type ActionOutcome, fieldErrorsOf, type FormOutcome } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid, postedId } from '../ids';
import { EMPLOYMENT_TYPES, type EmploymentTypeValue } from '../job-ads/job-enums';
import { rosterHoldsTalent, type RosterConsent } from './roster-consent';
import { rosterCreateSchema, rosterUpdateSchema, TALENT_ROSTER_ERRORS } from './roster-input';

// The documents and pure handlers of /company/talent-roster and
// /company/talent-roster-details.

export const ROSTER_PER_PAGE = 20;
const WORDS = 'talentRoster';

const ROSTER_ENTRY_FRAGMENT = graphql(`
  fragment RosterEntry on CompanyTalentRoster {
    id talentProfileId talentName talentJobTitle consent consentAnsweredAt employmentType employeeNumber manager { id name }
    balance currency transactionCount createdAt removedAt
  }
`);

export const ROSTER_LIST_QUERY = graphql(
  `
  query CompanyTalentRosterList($q: String, $employmentType: RosterEmploymentType, $managerId: ID, $page: Int, $perPage: Int) {
    findManyCompanyTalentRoster(q: $q, employmentType: $employmentType, managerId: $managerId, page: $page, perPage: $perPage) {
      items { ...RosterEntry } total page pageCount
    }
    findManyCompanyTalentRosterBalance { currency balance entries }
    findManyCompanyTalentRosterManager { id name }
    findManyCompanyProviderCompany { id companyId companyName relation }
  }
`,
  [ROSTER_ENTRY_FRAGMENT],
);

export const ROSTER_CANDIDATES_QUERY = graphql(`
  query CompanyTalentRosterCandidates {
    findManyCompanyTalentRosterCandidate { talentProfileId name jobTitle via }
  }
`);

export const ROSTER_ENTRY_QUERY = graphql(
  `
  query CompanyTalentRosterEntry($id: ID!) {
    findCompanyTalentRoster(id: $id) { ...RosterEntry externalId updatedAt }
    findManyCompanyTalentRosterManager { id name }
  }
`,
  [ROSTER_ENTRY_FRAGMENT],
);

export const CREATE_ONE_COMPANY_TALENT_ROSTER_MUTATION = graphql(`
  mutation CreateOneCompanyTalentRoster($data: CreateOneCompanyTalentRosterInput!) {
    createOneCompanyTalentRoster(data: $data) { id consent }
  }
`);

export const UPDATE_ONE_COMPANY_TALENT_ROSTER_MUTATION = graphql(`
  mutation UpdateOneCompanyTalentRoster($id: ID!, $data: UpdateOneCompanyTalentRosterInput!) {
    updateOneCompanyTalentRoster(id: $id, data: $data) { id }
  }
`);

export const DELETE_ONE_COMPANY_TALENT_ROSTER_MUTATION = graphql(`
  mutation DeleteOneCompanyTalentRoster($id: ID!) {
    deleteOneCompanyTalentRoster(id: $id)
  }
`);

export type RosterEntryView = ResultOf<typeof ROSTER_ENTRY_FRAGMENT>;
export type RosterListAnswer = ResultOf<typeof ROSTER_LIST_QUERY>;
export type RosterManager = RosterListAnswer['findManyCompanyTalentRosterManager'][number];
export type RosterCandidate = ResultOf<typeof ROSTER_CANDIDATES_QUERY>['findManyCompanyTalentRosterCandidate'][number];
export type ProviderLink = RosterListAnswer['findManyCompanyProviderCompany'][number];

/** The list's filters, read from the address; anything unknown reads as no filter. */
export interface RosterFilters {
  q: string;
  employmentType: EmploymentTypeValue | null;
  managerId: string | null;
}

export function readRosterFilters(url: URL): RosterFilters {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const type = url.searchParams.get('employmentType') ?? '';
  const manager = url.searchParams.get('manager')?.trim() ?? '';
  return {
    q,
    employmentType: (EMPLOYMENT_TYPES as readonly string[]).includes(type) ? (type as EmploymentTypeValue) : null,
    managerId: isUuid(manager) ? manager : null,
  };
}

export const hasRosterFilters = (filters: RosterFilters) => Boolean(filters.q || filters.employmentType || filters.managerId);

/**
 * A talent's name as lists show it: the profile name, or a stand-in when the profile has
 * none or the API withholds it (a hidden profile whose talent has not accepted the request).
 */
export const talentNameOf = (entry: { talentName: string | null; consent: RosterConsent }, t: Translate) =>
  entry.talentName ?? (rosterHoldsTalent(entry.consent) ? t(`${WORDS}.unnamed`) : t(`${WORDS}.withheldName`));

export const ROSTER_ADD_FIELDS = ['talentProfileId', 'email', 'employmentType', 'employeeNumber', 'managerId', 'currency'] as const;
export type RosterAddFormValues = Record<(typeof ROSTER_ADD_FIELDS)[number], string>;
export const ROSTER_EDIT_FIELDS = ['employmentType', 'employeeNumber', 'managerId', 'currency'] as const;
export type RosterEditFormValues = Record<(typeof ROSTER_EDIT_FIELDS)[number], string>;

export function rosterEditValuesOf(entry: RosterEntryView): RosterEditFormValues {
  return { employmentType: entry.employmentType ?? '', employeeNumber: entry.employeeNumber ?? '', managerId: entry.manager?.id ?? '', currency: entry.currency };
}

export type RosterFormOutcome<Values> = FormOutcome<Values, { id: string }>;
export type RosterAddOutcome = FormOutcome<RosterAddFormValues, { id: string; consent: RosterConsent }>;

/**
 * A refusal in words: field codes beside their fields; NOT_FOUND of the talent (an id that
 * is no candidate) on the talent field; anything else above the form.
 */
function refused<Values>(values: Values, errors: Parameters<typeof answerIssues>[0], t: Translate): Extract<RosterFormOutcome<Values>, { kind: 'invalid' }> {
  const { issues, code } = answerIssues(errors);
  if (issues.length) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(issues, t, TALENT_ROSTER_ERRORS), formError: t(`${WORDS}.invalid`), status: 422 };
  const refusal = companyRefusal(errors, t, WORDS);
  return { kind: 'invalid', values, fieldErrors: {}, formError: code === 'NOT_FOUND' ? t(`${WORDS}.talentGone`) : refusal.message, status: refusal.status };
}

/**
 * "Add a talent": checked with the API's rules first, then sent; a restored entry answers
 * its old id. The answer says whether the talent was asked (requested) or is back (accepted).
 */
export async function submitRosterAdd(form: FormData, send: SendGraphql, t: Translate): Promise<RosterAddOutcome> {
  const values = typedForm(form, ROSTER_ADD_FIELDS);
  const parsed = parseForm(form, rosterCreateSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, TALENT_ROSTER_ERRORS), formError: t(`${WORDS}.invalid`), status: 422 };
  const answer = await sendDocument(send, CREATE_ONE_COMPANY_TALENT_ROSTER_MUTATION, { data: parsed.value });
  const saved = answer.data?.createOneCompanyTalentRoster;
  if (saved && !answer.errors.length) return { kind: 'done', id: saved.id, consent: saved.consent };
  return refused(values, answer.errors, t);
}

/** The edit form of the details page. */
export async function submitRosterEdit(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<RosterFormOutcome<RosterEditFormValues>> {
  const values = typedForm(form, ROSTER_EDIT_FIELDS);
  const parsed = parseForm(form, rosterUpdateSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, TALENT_ROSTER_ERRORS), formError: t(`${WORDS}.invalid`), status: 422 };
  const { currency, ...rest } = parsed.value;
  const answer = await sendDocument(send, UPDATE_ONE_COMPANY_TALENT_ROSTER_MUTATION, { id, data: { ...rest, ...(currency ? { currency } : {}) } });
  if (answer.data?.updateOneCompanyTalentRoster && !answer.errors.length) return { kind: 'done', id };
  return refused(values, answer.errors, t);
}

export type RosterRemoveOutcome = ActionOutcome;

/** "Remove from the roster" on the list and the details page. */
export async function submitRosterRemove(form: FormData, send: SendGraphql, t: Translate): Promise<RosterRemoveOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422 };
  const answer = await sendDocument(send, DELETE_ONE_COMPANY_TALENT_ROSTER_MUTATION, { id });
  if (answer.data?.deleteOneCompanyTalentRoster && !answer.errors.length) return { kind: 'done' };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS) };
}
