import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, fieldErrorsOf, type FormOutcome } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { tickedBoxes, typedForm } from '../forms/form-values';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { WORK_MODES, type WorkModeValue } from '../job-ads/job-enums';
import { JOB_FIELD_ERRORS } from '../job-ads/job-input';
import { JOB_FORM_FIELDS, jobFormValuesOf, EMPTY_JOB_FORM, type JobFormValues } from '../job-ads/job-form';
import { jobDescriptionSchema } from './job-description-input';

// The documents and pure handlers of /company/job-descriptions, /company/job-description,
// /company/job-description-create and /company/job-description-edit.

export const JOB_DESCRIPTIONS_PER_PAGE = 20;
const WORDS = 'jobDescriptions';

export const FIND_MANY_JOB_DESCRIPTION_QUERY = graphql(`
  query FindManyJobDescription($q: String, $workMode: JobDescriptionWorkMode, $openForApplications: Boolean, $page: Int, $perPage: Int) {
    findManyJobDescription(q: $q, workMode: $workMode, openForApplications: $openForApplications, page: $page, perPage: $perPage) {
      items { id title location workMode openForApplications clientCompany { id name } adCount createdAt updatedAt }
      total page pageCount
    }
  }
`);

export const FIND_JOB_DESCRIPTION_QUERY = graphql(`
  query FindJobDescription($id: ID!) {
    findJobDescription(id: $id) {
      id title description location countryCode locality remoteCountries skills salary currency salaryRateUnit
      language workMode assignmentType openForApplications clientCompany { id name } adCount createdAt updatedAt
    }
  }
`);

export const FIND_MANY_JOB_CLIENT_COMPANY_QUERY = graphql(`
  query FindManyJobClientCompany {
    findManyJobClientCompany { id name }
  }
`);

export const CREATE_ONE_JOB_DESCRIPTION_MUTATION = graphql(`
  mutation CreateOneJobDescription($data: JobDescriptionInput!) {
    createOneJobDescription(data: $data) { id }
  }
`);

export const UPDATE_ONE_JOB_DESCRIPTION_MUTATION = graphql(`
  mutation UpdateOneJobDescription($id: ID!, $data: JobDescriptionInput!) {
    updateOneJobDescription(id: $id, data: $data) { id }
  }
`);

export const DELETE_ONE_JOB_DESCRIPTION_MUTATION = graphql(`
  mutation DeleteOneJobDescription($id: ID!) {
    deleteOneJobDescription(id: $id)
  }
`);

export type JobDescriptionListPage = ResultOf<typeof FIND_MANY_JOB_DESCRIPTION_QUERY>['findManyJobDescription'];
export type JobDescriptionListItem = JobDescriptionListPage['items'][number];
export type JobDescriptionDetail = ResultOf<typeof FIND_JOB_DESCRIPTION_QUERY>['findJobDescription'];

/** The list's filters, read from the address; anything unknown reads as no filter. */
export interface JobDescriptionFilters {
  q: string;
  workMode: WorkModeValue | null;
  openForApplications: boolean | null;
}

export function readJobDescriptionFilters(url: URL): JobDescriptionFilters {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const mode = url.searchParams.get('workMode') ?? '';
  const open = url.searchParams.get('open');
  return {
    q,
    workMode: (WORK_MODES as readonly string[]).includes(mode) ? (mode as WorkModeValue) : null,
    openForApplications: open === 'yes' ? true : open === 'no' ? false : null,
  };
}

export const hasFilters = (filters: JobDescriptionFilters) => Boolean(filters.q || filters.workMode || filters.openForApplications !== null);

export const JOB_DESCRIPTION_FORM_FIELDS = [...JOB_FORM_FIELDS, 'openForApplications', 'clientCompanyId'] as const;
export type JobDescriptionFormValues = JobFormValues & { openForApplications: boolean; clientCompanyId: string };

export const EMPTY_JOB_DESCRIPTION_FORM: JobDescriptionFormValues = { ...EMPTY_JOB_FORM, openForApplications: true, clientCompanyId: '' };

export function jobDescriptionFormValuesOf(description: NonNullable<JobDescriptionDetail>): JobDescriptionFormValues {
  return { ...jobFormValuesOf(description), openForApplications: description.openForApplications, clientCompanyId: description.clientCompany.id };
}

function typedJobDescriptionForm(form: FormData): JobDescriptionFormValues {
  return { ...typedForm(form, [...JOB_FORM_FIELDS, 'clientCompanyId']), ...tickedBoxes(form, ['openForApplications']) };
}

export type JobDescriptionFormOutcome = FormOutcome<JobDescriptionFormValues, { id: string }>;

/**
 * The create or edit form: checked with the API's own rules first (a mistake is shown
 * without a round trip), then sent whole; what the API still refuses is worded from its
 * codes. `id` is the description edited, null for a new one.
 */
export async function submitJobDescriptionForm(id: string | null, form: FormData, send: SendGraphql, t: Translate): Promise<JobDescriptionFormOutcome> {
  const values = typedJobDescriptionForm(form);
  const parsed = parseForm(form, jobDescriptionSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, JOB_FIELD_ERRORS), formError: t(`${WORDS}.invalid`), status: 422 };
  const answer = id
    ? await sendDocument(send, UPDATE_ONE_JOB_DESCRIPTION_MUTATION, { id, data: parsed.value })
    : await sendDocument(send, CREATE_ONE_JOB_DESCRIPTION_MUTATION, { data: parsed.value });
  const saved = answer.data && ('createOneJobDescription' in answer.data ? answer.data.createOneJobDescription : answer.data.updateOneJobDescription);
  if (saved && !answer.errors.length) return { kind: 'done', id: saved.id };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(issues, t, JOB_FIELD_ERRORS), formError: t(`${WORDS}.invalid`), status: 422 };
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return { kind: 'invalid', values, fieldErrors: {}, formError: refusal.message, status: refusal.status };
}

export type JobDescriptionDeleteOutcome = ActionOutcome;

/** The delete button of the list and the detail page. */
export async function submitJobDescriptionDelete(form: FormData, send: SendGraphql, t: Translate): Promise<JobDescriptionDeleteOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422 };
  const answer = await sendDocument(send, DELETE_ONE_JOB_DESCRIPTION_MUTATION, { id });
  if (answer.data?.deleteOneJobDescription && !answer.errors.length) return { kind: 'done' };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS) };
}
