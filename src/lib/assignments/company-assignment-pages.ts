import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, fieldErrorsOf, type FormOutcome } from '../forms/form-outcome';
import { tickedBoxes, typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import type { SelectGroup, SelectOption } from '../forms/select-options';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid, postedId } from '../ids';
import { toDateInputValue } from '../forms/date-input';
import { ASSIGNMENT_STATUSES, type AssignmentStatus } from './assignment-status';
import { COMPANY_ASSIGNMENT_ERRORS, jobAssignmentSchema, newJobAssignmentSchema } from './company-assignment-input';

// The documents and pure handlers of /company/talent-assignments, /company/talent-assignment,
// /company/talent-assignment-create and /company/talent-assignment-edit.

export const COMPANY_ASSIGNMENTS_PER_PAGE = 20;
const WORDS = 'companyAssignments';

export const FIND_MANY_JOB_ASSIGNMENT_QUERY = graphql(`
  query FindManyJobAssignment($q: String, $talentProfileId: ID, $status: TalentAssignmentStatus, $page: Int, $perPage: Int) {
    findManyJobAssignment(q: $q, talentProfileId: $talentProfileId, status: $status, page: $page, perPage: $perPage) {
      items {
        id status startDate endDate currency updatedAt role { id title }
        clientCompany { id name } providerCompany { id name } salesCompany { id name } talent { id profileName jobTitle }
      }
      total page pageCount
    }
  }
`);

export const FIND_JOB_ASSIGNMENT_QUERY = graphql(`
  query FindJobAssignment($id: ID!) {
    findJobAssignment(id: $id) {
      id status startDate endDate currency team costCenter talentNote clientPricesIsVisibleToTalent hasMoneyRows createdAt updatedAt roleIsOwn
      role { id title } clientCompany { id name } providerCompany { id name } salesCompany { id name } talent { id profileName jobTitle }
    }
  }
`);

export const FIND_JOB_ASSIGNMENT_OPTIONS_QUERY = graphql(`
  query FindJobAssignmentOptions {
    findJobAssignmentOptions {
      jobDescriptions { id title clientCompany { id name } }
      talents { id profileName jobTitle }
      clientCompanies { id name } providerCompanies { id name } salesCompanies { id name }
    }
  }
`);

/** The talents alone: the list's filter. */
export const FIND_JOB_ASSIGNMENT_TALENTS_QUERY = graphql(`
  query FindJobAssignmentTalents {
    findJobAssignmentOptions { talents { id profileName jobTitle } }
  }
`);

export const CREATE_ONE_JOB_ASSIGNMENT_MUTATION = graphql(`
  mutation CreateOneJobAssignment($data: CreateOneJobAssignmentInput!) {
    createOneJobAssignment(data: $data) { id }
  }
`);

export const UPDATE_ONE_JOB_ASSIGNMENT_MUTATION = graphql(`
  mutation UpdateOneJobAssignment($id: ID!, $data: JobAssignmentInput!) {
    updateOneJobAssignment(id: $id, data: $data) { id }
  }
`);

export const DELETE_ONE_JOB_ASSIGNMENT_MUTATION = graphql(`
  mutation DeleteOneJobAssignment($id: ID!) {
    deleteOneJobAssignment(id: $id)
  }
`);

export type CompanyAssignmentListPage = ResultOf<typeof FIND_MANY_JOB_ASSIGNMENT_QUERY>['findManyJobAssignment'];
export type CompanyAssignmentListItem = CompanyAssignmentListPage['items'][number];
export type CompanyAssignmentDetail = ResultOf<typeof FIND_JOB_ASSIGNMENT_QUERY>['findJobAssignment'];
export type CompanyAssignmentOptions = ResultOf<typeof FIND_JOB_ASSIGNMENT_OPTIONS_QUERY>['findJobAssignmentOptions'];
type Talent = CompanyAssignmentListItem['talent'];

/** The address's status values (lower case) and the API's. */
const STATUS_PARAMS: Record<string, AssignmentStatus> = Object.fromEntries(ASSIGNMENT_STATUSES.map((status) => [status.toLowerCase(), status]));

/** The list's filters, read from the address; anything unknown reads as no filter. */
export interface CompanyAssignmentFilters {
  q: string;
  talentProfileId: string | null;
  status: AssignmentStatus | null;
}

export function readCompanyAssignmentFilters(url: URL): CompanyAssignmentFilters {
  const talent = url.searchParams.get('talent')?.trim().toLowerCase() ?? '';
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    talentProfileId: isUuid(talent) ? talent : null,
    status: STATUS_PARAMS[url.searchParams.get('status') ?? ''] ?? null,
  };
}

export const hasFilters = (filters: CompanyAssignmentFilters) => Boolean(filters.q || filters.talentProfileId || filters.status);

/** The status filter's choices: any, then each status in its address form. */
export function statusOptions(t: Translate): SelectOption[] {
  return [{ value: '', label: t(`${WORDS}.anyStatus`) }, ...ASSIGNMENT_STATUSES.map((status) => ({ value: status.toLowerCase(), label: t(`assignments.status.${status}`) }))];
}

/** A talent as the company names them: the profile's name (or "Unnamed talent"). */
export function talentName(talent: Pick<Talent, 'profileName'>, t: Translate): string {
  return talent.profileName?.trim() || t(`${WORDS}.unnamedTalent`);
}

/** A talent as a select's option: name and job title, so two of one name can be told apart. */
export function talentOptions(talents: readonly Talent[], t: Translate): SelectOption[] {
  return talents.map((talent) => ({
    value: talent.id,
    label: talent.jobTitle ? t(`${WORDS}.talentOption`, { name: talentName(talent, t), jobTitle: talent.jobTitle }) : talentName(talent, t),
  }));
}

/** The company's job descriptions grouped by the client each is for. */
export function roleGroups(roles: CompanyAssignmentOptions['jobDescriptions']): SelectGroup[] {
  const groups = new Map<string, SelectGroup>();
  for (const role of roles) {
    const group = groups.get(role.clientCompany.id) ?? { label: role.clientCompany.name, options: [] };
    group.options.push({ value: role.id, label: role.title });
    groups.set(role.clientCompany.id, group);
  }
  return [...groups.values()];
}

/** Companies as a select's options after the empty choice. */
export const companyOptions = (companies: readonly { id: string; name: string }[], emptyLabel: string): SelectOption[] => [
  { value: '', label: emptyLabel },
  ...companies.map((each) => ({ value: each.id, label: each.name })),
];

/**
 * The edit form's choices with the assignment's own job description and companies added when
 * the company could not name them today (the API lets an edit keep them), so that the form
 * shows them chosen rather than silently choosing another.
 */
export function optionsKeeping(options: CompanyAssignmentOptions, assignment: NonNullable<CompanyAssignmentDetail>): CompanyAssignmentOptions {
  const keep = <Item extends { id: string }>(list: readonly Item[], current: Item | null): Item[] =>
    current && !list.some((each) => each.id === current.id) ? [...list, current] : [...list];
  const role = assignment.role ? { ...assignment.role, clientCompany: assignment.clientCompany ?? { id: '', name: assignment.role.title } } : null;
  return {
    ...options,
    jobDescriptions: keep(options.jobDescriptions, role),
    clientCompanies: keep(options.clientCompanies, assignment.clientCompany),
    providerCompanies: keep(options.providerCompanies, assignment.providerCompany),
    salesCompanies: keep(options.salesCompanies, assignment.salesCompany),
  };
}

const TEXT_FIELDS = ['talentProfileId', 'jobDescriptionId', 'clientCompanyId', 'providerCompanyId', 'salesCompanyId', 'currency', 'startDate', 'endDate', 'team', 'costCenter', 'talentNote'] as const;

export type CompanyAssignmentFormValues = Record<(typeof TEXT_FIELDS)[number], string> & { clientPricesIsVisibleToTalent: boolean };

/** The fields in the form's order, for the summary of what needs attention. */
export const COMPANY_ASSIGNMENT_FORM_FIELDS = [...TEXT_FIELDS, 'clientPricesIsVisibleToTalent'] as const;

export const EMPTY_COMPANY_ASSIGNMENT_FORM: CompanyAssignmentFormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
  clientPricesIsVisibleToTalent: false,
};

/** A stored assignment as the edit form's starting values. */
export function companyAssignmentFormValuesOf(assignment: NonNullable<CompanyAssignmentDetail>): CompanyAssignmentFormValues {
  return {
    talentProfileId: assignment.talent.id,
    jobDescriptionId: assignment.role?.id ?? '',
    clientCompanyId: assignment.clientCompany?.id ?? '',
    providerCompanyId: assignment.providerCompany?.id ?? '',
    salesCompanyId: assignment.salesCompany?.id ?? '',
    currency: assignment.currency ?? '',
    startDate: toDateInputValue(assignment.startDate),
    endDate: toDateInputValue(assignment.endDate),
    team: assignment.team ?? '',
    costCenter: assignment.costCenter ?? '',
    talentNote: assignment.talentNote ?? '',
    clientPricesIsVisibleToTalent: assignment.clientPricesIsVisibleToTalent,
  };
}

function typedCompanyAssignmentForm(form: FormData): CompanyAssignmentFormValues {
  return { ...typedForm(form, TEXT_FIELDS), ...tickedBoxes(form, ['clientPricesIsVisibleToTalent']) };
}

export type CompanyAssignmentFormOutcome = FormOutcome<CompanyAssignmentFormValues, { id: string }>;

/**
 * The create form (`id` null) or the edit form of assignment `id`: checked with the API's
 * own rules first, then sent whole; what the API still refuses (an id the company may not
 * name) is worded from its codes. On an edit the talent is not sent: it stays.
 */
export async function submitCompanyAssignmentForm(id: string | null, form: FormData, send: SendGraphql, t: Translate): Promise<CompanyAssignmentFormOutcome> {
  const values = typedCompanyAssignmentForm(form);
  const invalid = (fieldErrors: Record<string, string | undefined>): CompanyAssignmentFormOutcome => ({ kind: 'invalid', values, fieldErrors, formError: t(`${WORDS}.invalid`), status: 422 });
  let answer;
  if (id) {
    const parsed = parseForm(form, jobAssignmentSchema);
    if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, COMPANY_ASSIGNMENT_ERRORS));
    answer = await sendDocument(send, UPDATE_ONE_JOB_ASSIGNMENT_MUTATION, { id, data: parsed.value });
  } else {
    const parsed = parseForm(form, newJobAssignmentSchema);
    if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, COMPANY_ASSIGNMENT_ERRORS));
    answer = await sendDocument(send, CREATE_ONE_JOB_ASSIGNMENT_MUTATION, { data: parsed.value });
  }
  const saved = answer.data && ('createOneJobAssignment' in answer.data ? answer.data.createOneJobAssignment : answer.data.updateOneJobAssignment);
  if (saved && !answer.errors.length) return { kind: 'done', id: saved.id };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, COMPANY_ASSIGNMENT_ERRORS));
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return { kind: 'invalid', values, fieldErrors: {}, formError: refusal.message, status: refusal.status };
}

export type CompanyAssignmentDeleteOutcome = ActionOutcome;

/** The delete button of the list and the detail page; billings keep an assignment (409 with the reason's words). */
export async function submitCompanyAssignmentDelete(form: FormData, send: SendGraphql, t: Translate): Promise<CompanyAssignmentDeleteOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422 };
  const answer = await sendDocument(send, DELETE_ONE_JOB_ASSIGNMENT_MUTATION, { id });
  if (answer.data?.deleteOneJobAssignment && !answer.errors.length) return { kind: 'done' };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS) };
}
