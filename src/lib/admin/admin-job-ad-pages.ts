import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type ActionOutcome, type FieldErrors, fieldErrorsOf, type RefusalStatus } from '../forms/form-outcome';
import { bulkRefusal, bulkWrite } from '../forms/bulk-write';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { ADMIN_JOB_AD_STATES, JOB_AD_MODERATION_ACTIONS, moderateJobAdSchema, type AdminJobAdState, type JobAdModerationAction } from '../job-ads/job-ad-moderation';
import { ADMIN_ERRORS } from './company-verification';

// The documents and pure handlers of /admin/job-ads (job ad moderation): every company's job
// ads, unpublished or removed with a reason the company reads.

export const ADMIN_JOB_ADS_PER_PAGE = 20;
const WORDS = 'admin.jobAds';

export const FIND_MANY_ADMIN_JOB_AD_QUERY = graphql(`
  query FindManyAdminJobAd($q: String, $state: AdminJobAdState, $page: Int, $perPage: Int) {
    findManyAdminJobAd(q: $q, state: $state, page: $page, perPage: $perPage) {
      items {
        id title location isAnonymous state publishedAt publishedUntil publicPath companyId companyName companyVerificationStatus
        ownerEmail applicationCount moderationActions moderation { moderation reason at } createdAt deletedAt
      }
      total page pageCount
    }
  }
`);

export const MODERATE_ONE_JOB_AD_MUTATION = graphql(`
  mutation ModerateOneJobAd($id: ID!, $action: JobAdModerationAction!, $reason: String!) {
    moderateOneJobAd(id: $id, action: $action, reason: $reason) { id state }
  }
`);

export type AdminJobAdListPage = ResultOf<typeof FIND_MANY_ADMIN_JOB_AD_QUERY>['findManyAdminJobAd'];
export type AdminJobAdListItem = AdminJobAdListPage['items'][number];

/** The list's filters, as the address carries them; anything unknown is no filter. */
export interface AdminJobAdFilters {
  q: string;
  /** A state, or null for every ad its company has not deleted. */
  state: AdminJobAdState | null;
}

export function readAdminJobAdFilters(url: URL): AdminJobAdFilters {
  const state = url.searchParams.get('state') ?? '';
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    state: (ADMIN_JOB_AD_STATES as readonly string[]).includes(state) ? (state as AdminJobAdState) : null,
  };
}

export const hasAdminJobAdFilters = (filters: AdminJobAdFilters) => Boolean(filters.q || filters.state);

export function isJobAdModerationAction(value: unknown): value is JobAdModerationAction {
  return typeof value === 'string' && (JOB_AD_MODERATION_ACTIONS as readonly string[]).includes(value);
}

const NOTICES: Record<JobAdModerationAction, string> = {
  unpublish: 'notices.admin.jobAdUnpublished',
  remove: 'notices.admin.jobAdRemoved',
};

export type AdminJobAdOutcome = ActionOutcome<
  { noticeKey: string; target: string },
  {
    /** The row the refusal is shown on (its form opened again), null for the page. */
    rowId: string | null;
    /** The reason as typed and its message. */
    reason: { value: string; error: string | null };
  }
>;

/**
 * One moderation (intent=unpublish|remove, id, reason): the reason is checked with the
 * API's own rule first, then sent.
 */
export async function submitAdminJobAdModeration(action: JobAdModerationAction, form: FormData, send: SendGraphql, t: Translate): Promise<AdminJobAdOutcome> {
  const id = postedId(form);
  // The reason as typed, to show it again when it is refused.
  const typed = typedForm(form, ['reason']).reason;
  if (!id) return { kind: 'refused', rowId: null, message: t(`${WORDS}.gone`), status: 422, reason: { value: typed, error: null } };
  const invalid = (errors: FieldErrors): AdminJobAdOutcome => ({ kind: 'refused', rowId: id, message: t(`${WORDS}.reasonInvalid`), status: 422, reason: { value: typed, error: errors.reason ?? null } });
  const parsed = parseForm(form, moderateJobAdSchema);
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS));
  const answer = await sendDocument(send, MODERATE_ONE_JOB_AD_MUTATION, { id, action, reason: parsed.value.reason });
  if (answer.data?.moderateOneJobAd && !answer.errors.length) return { kind: 'done', noticeKey: NOTICES[action], target: `job-ad-${id}` };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, ADMIN_ERRORS));
  return { kind: 'refused', rowId: id, ...companyRefusal(answer.errors, t, WORDS, ADMIN_ERRORS), reason: { value: typed, error: null } };
}

/** The most ads one bulk moderation takes: a page of the list. */
export const ADMIN_BULK_JOB_AD_MAX = ADMIN_JOB_ADS_PER_PAGE;

/** The bulk form's intents: one moderation action for every ticked ad. */
export const BULK_MODERATION_INTENTS = { 'bulk-unpublish': 'unpublish', 'bulk-remove': 'remove' } as const satisfies Record<string, JobAdModerationAction>;
export type BulkModerationIntent = keyof typeof BULK_MODERATION_INTENTS;

export function isBulkModerationIntent(value: unknown): value is BulkModerationIntent {
  return typeof value === 'string' && value in BULK_MODERATION_INTENTS;
}

/**
 * The table's bulk moderation (intent=bulk-unpublish|bulk-remove, the ticked ads' ids, one
 * reason): a wave of spam from one company is taken down in one go, with one reason each
 * company reads. The reason is checked once with the API's rule before any write; then
 * each ad goes through the one-ad operation (bulkWrite), keeping its own event and notice
 * to its company. A refusal keeps the reason as typed (rowId null: the bulk form's).
 */
export async function submitAdminJobAdBulkModeration(intent: BulkModerationIntent, form: FormData, send: SendGraphql, t: Translate): Promise<AdminJobAdOutcome> {
  const action = BULK_MODERATION_INTENTS[intent];
  const typed = typedForm(form, ['reason']).reason;
  const refused = (message: string, status: RefusalStatus = 422, error: string | null = null): AdminJobAdOutcome => ({ kind: 'refused', rowId: null, message, status, reason: { value: typed, error } });
  const parsed = parseForm(form, moderateJobAdSchema);
  if (!parsed.ok) {
    const error = fieldErrorsOf(parsed.issues, t, ADMIN_ERRORS).reason ?? null;
    return refused(t(`${WORDS}.reasonInvalid`), 422, error);
  }
  const outcome = await bulkWrite(form, ADMIN_BULK_JOB_AD_MAX, async (id) => {
    const answer = await sendDocument(send, MODERATE_ONE_JOB_AD_MUTATION, { id, action, reason: parsed.value.reason });
    return Boolean(answer.data?.moderateOneJobAd) && answer.errors.length === 0;
  });
  const words = bulkRefusal(outcome, t, WORDS);
  return words ? refused(words.message, words.status) : { kind: 'done', noticeKey: NOTICES[action], target: 'admin-job-ads-bulk' };
}
