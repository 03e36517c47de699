import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, fieldErrorsOf, type FormOutcome, type RefusalStatus } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { tickedBoxes, typedForm } from '../forms/form-values';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid, postedId } from '../ids';
import { JOB_FIELD_ERRORS } from './job-input';
import { EMPTY_JOB_FORM, JOB_FORM_FIELDS, jobFormValuesOf, type JobFormValues, type StoredJobFields } from './job-form';
import { jobAdSchema } from './job-ad-input';
import { JOB_AD_STATUSES, type JobAdStatus } from './job-ad-status';
import type { PagePermission } from '../routes/route-table';

// The documents and pure handlers of /company/job-ads, /company/job-ad,
// /company/job-ad-create and /company/job-ad-edit.

export const JOB_ADS_PER_PAGE = 20;
const WORDS = 'jobAds';

export const FIND_MANY_JOB_AD_QUERY = graphql(`
  query FindManyJobAd($q: String, $status: JobAdStatus, $jobDescriptionId: ID, $page: Int, $perPage: Int, $withPipeline: Boolean! = false) {
    findManyJobAd(q: $q, status: $status, jobDescriptionId: $jobDescriptionId, page: $page, perPage: $perPage) {
      items {
        id title location workMode isAnonymous status publishedAt publishedUntil publicPath jobDescription { id title } moderation { moderation reason at } updatedAt
        pipeline @include(if: $withPipeline) { stepId stepName count }
      }
      total page pageCount
    }
  }
`);

export const FIND_JOB_AD_QUERY = graphql(`
  query FindJobAd($id: ID!) {
    findJobAd(id: $id) {
      id title description adDescription location countryCode locality remoteCountries skills salary currency salaryRateUnit
      language workMode assignmentType employmentType isAnonymous status publishedAt publishedUntil publicPath
      jobDescription { id title } moderation { moderation reason at } createdAt updatedAt
    }
  }
`);

/**
 * One ad's applications per hiring step, apart from FIND_JOB_AD_QUERY: it needs
 * talentJobApplication read, which the member may lack here, or in the other company that
 * loadRecord asks for an ad the selected one does not hold.
 */
export const JOB_AD_PIPELINE_QUERY = graphql(`
  query JobAdPipeline($id: ID!) {
    findJobAd(id: $id) { id pipeline { stepId stepName count } }
  }
`);

export const CREATE_ONE_JOB_AD_MUTATION = graphql(`
  mutation CreateOneJobAd($data: JobAdInput!) {
    createOneJobAd(data: $data) { id status }
  }
`);

export const UPDATE_ONE_JOB_AD_MUTATION = graphql(`
  mutation UpdateOneJobAd($id: ID!, $data: JobAdInput!) {
    updateOneJobAd(id: $id, data: $data) { id status }
  }
`);

export const PUBLISH_ONE_JOB_AD_MUTATION = graphql(`
  mutation PublishOneJobAd($id: ID!) {
    publishOneJobAd(id: $id) { id status }
  }
`);

export const UNPUBLISH_ONE_JOB_AD_MUTATION = graphql(`
  mutation UnpublishOneJobAd($id: ID!) {
    unpublishOneJobAd(id: $id) { id status }
  }
`);

export const DUPLICATE_ONE_JOB_AD_MUTATION = graphql(`
  mutation DuplicateOneJobAd($id: ID!) {
    duplicateOneJobAd(id: $id) { id }
  }
`);

export const DELETE_ONE_JOB_AD_MUTATION = graphql(`
  mutation DeleteOneJobAd($id: ID!) {
    deleteOneJobAd(id: $id)
  }
`);

export type JobAdListPage = ResultOf<typeof FIND_MANY_JOB_AD_QUERY>['findManyJobAd'];
export type JobAdListItem = JobAdListPage['items'][number];
export type JobAdDetail = ResultOf<typeof FIND_JOB_AD_QUERY>['findJobAd'];
/** An ad's applications per step, the company's steps in order, then those in no step (stepId null). */
export type JobAdPipeline = NonNullable<ResultOf<typeof JOB_AD_PIPELINE_QUERY>['findJobAd']['pipeline']>;

/** The list's filters, from the address; anything unknown reads as no filter. */
export interface JobAdFilters {
  q: string;
  status: JobAdStatus | null;
  jobDescriptionId: string | null;
}

export function readJobAdFilters(url: URL): JobAdFilters {
  const status = url.searchParams.get('status') ?? '';
  const source = url.searchParams.get('jobDescriptionId') ?? '';
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    status: (JOB_AD_STATUSES as readonly string[]).includes(status) ? (status as JobAdStatus) : null,
    jobDescriptionId: isUuid(source) ? source : null,
  };
}

export const hasJobAdFilters = (filters: JobAdFilters) => Boolean(filters.q || filters.status || filters.jobDescriptionId);

export const JOB_AD_FORM_FIELDS = [...JOB_FORM_FIELDS, 'adDescription', 'employmentType', 'jobDescriptionId', 'publishedAt', 'publishedUntil'] as const;
export type JobAdFormValues = JobFormValues & { adDescription: string; employmentType: string; jobDescriptionId: string; publishedAt: string; publishedUntil: string; isAnonymous: boolean };

export const EMPTY_JOB_AD_FORM: JobAdFormValues = { ...EMPTY_JOB_FORM, adDescription: '', employmentType: '', jobDescriptionId: '', publishedAt: '', publishedUntil: '', isAnonymous: false };

/** A stored day as the date field shows it ("2026-12-01", UTC, as the form reads it back). */
const dayOf = (value: string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : '');

export function jobAdFormValuesOf(ad: NonNullable<JobAdDetail>): JobAdFormValues {
  return {
    ...jobFormValuesOf(ad),
    adDescription: ad.adDescription ?? '',
    employmentType: ad.employmentType ?? '',
    jobDescriptionId: ad.jobDescription?.id ?? '',
    publishedAt: dayOf(ad.publishedAt),
    publishedUntil: dayOf(ad.publishedUntil),
    isAnonymous: ad.isAnonymous,
  };
}

/** A new ad filled in from a job description ("publish an ad from it"): its fields, a draft. */
export function jobAdFormFromDescription(description: StoredJobFields & { id: string }): JobAdFormValues {
  return { ...EMPTY_JOB_AD_FORM, ...jobFormValuesOf(description), jobDescriptionId: description.id };
}

function typedJobAdForm(form: FormData): JobAdFormValues {
  return { ...typedForm(form, JOB_AD_FORM_FIELDS), ...tickedBoxes(form, ['isAnonymous']) };
}

export type JobAdFormOutcome =
  | { kind: 'done'; id: string; noticeKey: string }
  | (Extract<FormOutcome<JobAdFormValues>, { kind: 'invalid' }> & { status: RefusalStatus });

/**
 * The create or edit form: checked with the API's own rules first, then sent whole.
 * "Save and publish now" saves, then publishes (a second call: if it is refused, the ad
 * stays saved as it was written and the form says why). `id` is the ad edited, null for a new one.
 */
export async function submitJobAdForm(id: string | null, form: FormData, send: SendGraphql, t: Translate): Promise<JobAdFormOutcome> {
  const values = typedJobAdForm(form);
  const publishNow = form.get('intent') === 'publish';
  const parsed = parseForm(form, jobAdSchema);
  const invalid = (fieldErrors: Record<string, string | undefined>, formError: string, status: RefusalStatus = 422): JobAdFormOutcome => ({ kind: 'invalid', values, fieldErrors, formError, status });
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, JOB_FIELD_ERRORS), t(`${WORDS}.invalid`));
  // Dates go as ISO text: the API reads a day as the form does.
  const data = { ...parsed.value, publishedAt: parsed.value.publishedAt?.toISOString() ?? null, publishedUntil: parsed.value.publishedUntil?.toISOString() ?? null };
  const answer = id ? await sendDocument(send, UPDATE_ONE_JOB_AD_MUTATION, { id, data }) : await sendDocument(send, CREATE_ONE_JOB_AD_MUTATION, { data });
  const saved = answer.data && ('createOneJobAd' in answer.data ? answer.data.createOneJobAd : answer.data.updateOneJobAd);
  if (!saved || answer.errors.length) {
    const { issues } = answerIssues(answer.errors);
    if (issues.length) return invalid(fieldErrorsOf(issues, t, JOB_FIELD_ERRORS), t(`${WORDS}.invalid`));
    const refusal = companyRefusal(answer.errors, t, WORDS);
    return invalid({}, refusal.message, refusal.status);
  }
  if (publishNow && saved.status !== 'PUBLISHED') {
    const published = await sendDocument(send, PUBLISH_ONE_JOB_AD_MUTATION, { id: saved.id });
    if (!published.data?.publishOneJobAd || published.errors.length) return { kind: 'done', id: saved.id, noticeKey: id ? 'notices.jobAds.updated' : 'notices.jobAds.created' };
    return { kind: 'done', id: saved.id, noticeKey: 'notices.jobAds.published' };
  }
  if (saved.status === 'PUBLISHED') return { kind: 'done', id: saved.id, noticeKey: id ? 'notices.jobAds.updated' : 'notices.jobAds.createdPublished' };
  return { kind: 'done', id: saved.id, noticeKey: id ? 'notices.jobAds.updated' : 'notices.jobAds.created' };
}

export type JobAdAction = 'publish' | 'unpublish' | 'duplicate' | 'delete';

/** The permission each action needs (the permission matrix), checked by the page before it is sent. */
export const JOB_AD_ACTION_PERMISSIONS: Readonly<Record<JobAdAction, PagePermission>> = {
  publish: ['jobAd', 'update'],
  unpublish: ['jobAd', 'update'],
  duplicate: ['jobAd', 'create'],
  delete: ['jobAd', 'delete'],
};

/** `id` is the ad to show next: the copy after duplicate, none after delete. */
export type JobAdActionOutcome = ActionOutcome<{ noticeKey: string; id: string | null }, { rowId: string | null }>;

/** One row action of the list or the detail page, by its intent. */
export async function submitJobAdAction(action: JobAdAction, form: FormData, send: SendGraphql, t: Translate): Promise<JobAdActionOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', rowId: null, message: t(`${WORDS}.gone`), status: 422 };
  const refused = (errors: Parameters<typeof companyRefusal>[0]): JobAdActionOutcome => ({ kind: 'refused', rowId: id, ...companyRefusal(errors, t, WORDS) });
  switch (action) {
    case 'publish': {
      const answer = await sendDocument(send, PUBLISH_ONE_JOB_AD_MUTATION, { id });
      return answer.data?.publishOneJobAd && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.jobAds.published', id } : refused(answer.errors);
    }
    case 'unpublish': {
      const answer = await sendDocument(send, UNPUBLISH_ONE_JOB_AD_MUTATION, { id });
      return answer.data?.unpublishOneJobAd && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.jobAds.unpublished', id } : refused(answer.errors);
    }
    case 'duplicate': {
      const answer = await sendDocument(send, DUPLICATE_ONE_JOB_AD_MUTATION, { id });
      const copy = answer.data?.duplicateOneJobAd;
      return copy && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.jobAds.duplicated', id: copy.id } : refused(answer.errors);
    }
    case 'delete': {
      const answer = await sendDocument(send, DELETE_ONE_JOB_AD_MUTATION, { id });
      return answer.data?.deleteOneJobAd && !answer.errors.length ? { kind: 'done', noticeKey: 'notices.jobAds.deleted', id: null } : refused(answer.errors);
    }
  }
}
