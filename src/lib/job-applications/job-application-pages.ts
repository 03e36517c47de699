import { companyRefusal } from '../forms/company-refusals';
import { z } from 'zod';
import { answerIssues } from '../forms/answer-issues';
import { checkbox, idOrNull } from '../forms/form-values';
import { postedId } from '../ids';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid } from '../ids';
import { buildRoute } from '../routes/build-route';
import { BULK_CONFIRM_THRESHOLD, MAX_BULK_MOVE } from './pipeline';
import type { ActionOutcome, RefusalStatus } from '../forms/form-outcome';

// The documents and pure handlers of /company/received-job-applications (list and board)
// and /company/job-application (the hiring pipeline).

export const APPLICATIONS_PER_PAGE = 25;
/** The board shows one ad's applications on one page: a column per step, up to this many cards. */
export const BOARD_LIMIT = 100;
const WORDS = 'jobApplications';

export const FIND_MANY_TALENT_JOB_APPLICATION_QUERY = graphql(`
  query FindManyTalentJobApplication($jobAdId: ID, $hiringStepId: ID, $appliedFrom: String, $appliedTo: String, $q: String, $stuckOnly: Boolean, $sort: ReceivedJobApplicationSort, $page: Int, $perPage: Int) {
    findManyTalentJobApplication(jobAdId: $jobAdId, hiringStepId: $hiringStepId, appliedFrom: $appliedFrom, appliedTo: $appliedTo, q: $q, stuckOnly: $stuckOnly, sort: $sort, page: $page, perPage: $perPage) {
      items {
        id createdAt stepChangedAt isStuck stuckAfterDays
        talent { id profileName jobTitle location skills }
        jobAd { id title }
        jobDescription { id title }
        hiringStep { id stepName group order }
        rejectionReason { id label kind }
        heldTalentStatus { status visibleAt }
        interviewSummary { status nextStartsAt scorecards recommendations { recommendation count } }
      }
      total totalIsExact page pageCount
    }
  }
`);

export const FIND_TALENT_JOB_APPLICATION_QUERY = graphql(`
  query FindTalentJobApplication($id: ID!) {
    findTalentJobApplication(id: $id) {
      email description totalExperience documents { slot name url }
      application {
        id message createdAt stepChangedAt isStuck stuckAfterDays
        talent { id profileName jobTitle location skills }
        jobAd { id title }
        jobDescription { id title }
        hiringStep { id stepName group order }
        rejectionReason { id label kind }
        talentStatus heldTalentStatus { status visibleAt } documentsErased retentionErasedAt
      }
      history { at kind actorName fromStep toStep reason }
    }
  }
`);

export const FIND_MANY_COMPANY_REJECTION_REASON_QUERY = graphql(`
  query FindManyCompanyRejectionReason {
    findManyCompanyRejectionReason { id kind label }
  }
`);

export const MOVE_TALENT_JOB_APPLICATION_MUTATION = graphql(`
  mutation MoveTalentJobApplication($ids: [ID!]!, $hiringStepId: ID!, $rejectionReasonId: ID, $shareReason: Boolean) {
    moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId, rejectionReasonId: $rejectionReasonId, shareReason: $shareReason) { id }
  }
`);

export const UNDO_TALENT_JOB_APPLICATION_MOVE_MUTATION = graphql(`
  mutation UndoTalentJobApplicationMove($ids: [ID!]!) {
    undoTalentJobApplicationMove(ids: $ids) { id }
  }
`);

/** The ads to filter by: the company's own, newest first (one page is enough for a select). */
export const APPLICATION_JOB_AD_CHOICES_QUERY = graphql(`
  query ApplicationJobAdChoices {
    findManyJobAd(perPage: 100) { items { id title status } }
  }
`);

export type ReceivedApplicationPage = ResultOf<typeof FIND_MANY_TALENT_JOB_APPLICATION_QUERY>['findManyTalentJobApplication'];
export type ReceivedApplication = ReceivedApplicationPage['items'][number];
export type ReceivedApplicationDetail = ResultOf<typeof FIND_TALENT_JOB_APPLICATION_QUERY>['findTalentJobApplication'];
export type RejectionReasonChoice = ResultOf<typeof FIND_MANY_COMPANY_REJECTION_REASON_QUERY>['findManyCompanyRejectionReason'][number];

export const APPLICATION_SORTS = ['NEWEST', 'OLDEST', 'LONGEST_IN_STEP'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

export interface ApplicationFilters {
  q: string;
  jobAdId: string | null;
  hiringStepId: string | null;
  appliedFrom: string;
  appliedTo: string;
  stuckOnly: boolean;
  sort: ApplicationSort;
  view: 'list' | 'board';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's state from the address; anything unknown reads as no filter. */
export function readApplicationFilters(url: URL): ApplicationFilters {
  const param = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const id = (name: string) => (isUuid(param(name)) ? param(name) : null);
  const sort = param('sort');
  return {
    q: param('q').slice(0, 200),
    jobAdId: id('jobAdId'),
    hiringStepId: id('hiringStepId'),
    appliedFrom: DAY.test(param('appliedFrom')) ? param('appliedFrom') : '',
    appliedTo: DAY.test(param('appliedTo')) ? param('appliedTo') : '',
    stuckOnly: param('stuck') === 'yes',
    sort: (APPLICATION_SORTS as readonly string[]).includes(sort) ? (sort as ApplicationSort) : 'NEWEST',
    view: param('view') === 'board' ? 'board' : 'list',
  };
}

/** One job ad's board on the Received applications page (`view=board` with its ad filter): every step at once. */
export const jobAdBoardHref = (jobAdId: string) => buildRoute('companyReceivedJobApplications', { query: { view: 'board', jobAdId } });

/** One job ad's applications in one hiring step: the list, since the board has no step filter (it shows every step). */
export const jobAdStepHref = (jobAdId: string, hiringStepId: string) => buildRoute('companyReceivedJobApplications', { query: { jobAdId, hiringStepId } });

export const hasApplicationFilters = (filters: ApplicationFilters) =>
  Boolean(filters.q || filters.jobAdId || filters.hiringStepId || filters.appliedFrom || filters.appliedTo || filters.stuckOnly);

/**
 * How many filters are in force, as the phone's filter toggle counts them. On a board the
 * job ad is what the board is about, not a filter; there the step filter does not apply.
 */
export function activeApplicationFilterCount(filters: ApplicationFilters): number {
  const board = filters.view === 'board';
  return [filters.q, !board && filters.jobAdId, !board && filters.hiringStepId, filters.appliedFrom, filters.appliedTo, filters.stuckOnly].filter(Boolean).length;
}

/**
 * `rowId`: the one application moved (or refused) from its row's own form, null for the
 * bulk form; `ids`, every application moved (the page returns to the first).
 */
export type MoveOutcome = ActionOutcome<{ rowId: string | null; ids: string[] }, { rowId: string | null }>;

/**
 * A move form as posted: a row's own form posts its application as `id`, the bulk form
 * every ticked `ids` (one or many); ids that are no UUID are left out, so a form that was
 * not ours moves nothing. Which ids, steps and reasons the company may name only the API
 * can tell.
 */
export const applicationMoveFormSchema = z
  .object({
    id: z.string().nullish(),
    ids: z.preprocess((raw) => (raw == null ? [] : Array.isArray(raw) ? raw : [raw]), z.array(z.string())),
    confirm: checkbox,
    hiringStepId: idOrNull,
    rejectionReasonId: idOrNull,
    shareReason: checkbox,
    shareReasonAsked: checkbox,
  })
  .transform(({ id, ids, shareReason, shareReasonAsked, ...rest }) => ({
    ids: (typeof id === 'string' ? [id] : ids).filter(isUuid),
    rowId: typeof id === 'string' && isUuid(id) ? id : null,
    // A form without the box (ShareReasonField) shares the reason, as the API does.
    shareReason: shareReasonAsked ? shareReason : true,
    ...rest,
  }));

/**
 * A move posted from a row (`id`), or from the bulk form (every ticked `ids`): to the
 * chosen step, with the reason a closing step needs. Moving more than a few at once needs
 * the confirmation box ticked, so a slip of the "select all" box cannot reject a page.
 */
export async function submitApplicationMove(form: FormData, send: SendGraphql, t: Translate): Promise<MoveOutcome> {
  const parsed = parseForm(form, applicationMoveFormSchema, { coerce: false });
  // Every field reads as something (absent ids are none), so only a form that was not ours fails.
  if (!parsed.ok) return { kind: 'refused', rowId: null, message: t(`${WORDS}.errors.nothingSelected`), status: 422 };
  const { ids, rowId, confirm, hiringStepId, rejectionReasonId, shareReason } = parsed.value;
  const refused = (message: string, status: RefusalStatus = 422): MoveOutcome => ({ kind: 'refused', rowId, message, status });
  if (!ids.length) return refused(t(`${WORDS}.errors.nothingSelected`));
  if (ids.length > MAX_BULK_MOVE) return refused(t(`${WORDS}.errors.tooMany`));
  if (!rowId && ids.length > BULK_CONFIRM_THRESHOLD && !confirm) return refused(t(`${WORDS}.bulkConfirmNeeded`, { count: ids.length }));
  if (!hiringStepId) return refused(t(`${WORDS}.errors.stepUnknown`));
  const answer = await sendDocument(send, MOVE_TALENT_JOB_APPLICATION_MUTATION, { ids, hiringStepId, rejectionReasonId, shareReason });
  if (answer.data?.moveTalentJobApplication && !answer.errors.length) return { kind: 'done', rowId, ids };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return refused(t(`${WORDS}.errors.${issues[0]!.code}`, { defaultValue: t(`${WORDS}.failed`) }));
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return refused(refusal.message, refusal.status);
}

/**
 * Takes back the move of one application (`id`) its talent has not been shown yet: it goes
 * back where it was, and she is never told (the talent status delay).
 */
export async function submitUndoMove(form: FormData, send: SendGraphql, t: Translate): Promise<MoveOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', rowId: null, message: t(`${WORDS}.errors.nothingSelected`), status: 422 };
  const answer = await sendDocument(send, UNDO_TALENT_JOB_APPLICATION_MOVE_MUTATION, { ids: [id] });
  if (answer.data?.undoTalentJobApplicationMove && !answer.errors.length) return { kind: 'done', rowId: id, ids: [id] };
  const refusal = companyRefusal(answer.errors, t, WORDS, `${WORDS}.errors`);
  return { kind: 'refused', rowId: id, message: refusal.message, status: refusal.status };
}
