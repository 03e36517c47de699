import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { type FieldErrors, fieldErrorsOf, type FormOutcome, type RefusalStatus } from '../forms/form-outcome';
import { postedValues } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid } from '../ids';
import { BILLING_FRAGMENT } from './billing-operations';
import { parsePeriodValue, periodValue } from './billing-period';
import { billingApprovalSchema, billingRejectionSchema } from './billing-review';
import { BILLING_STATUSES, type BillingStatusValue } from './billing-status';

// The documents and pure handlers of /company/billing (the company's billing review): the billings sent to the
// company, and one billing's review (?id=…) with approve and reject.

export const BILLINGS_PER_PAGE = 20;
const WORDS = 'billingReview';

export const FIND_MANY_BILLING_QUERY = graphql(
  `
  query FindManyBilling($status: BillingStatus, $period: String, $q: String, $page: Int, $perPage: Int) {
    findManyBilling(status: $status, period: $period, q: $q, page: $page, perPage: $perPage) {
      items { talentProfileId talentName salesAmount canApprove canReject canInvoice billing { ...BillingFields } }
      total page pageCount
    }
  }
`,
  [BILLING_FRAGMENT],
);

export const FIND_BILLING_QUERY = graphql(
  `
  query FindBilling($id: ID!) {
    findBilling(id: $id) { talentProfileId talentName talentPaymentVerified salesAmount concernsYou canApprove canReject canInvoice billing { ...BillingFields } }
  }
`,
  [BILLING_FRAGMENT],
);

export const APPROVE_BILLING_MUTATION = graphql(`
  mutation ApproveBilling($id: ID!, $data: BillingApprovalInput) {
    approveBilling(id: $id, data: $data) { billing { id status } }
  }
`);

export const REJECT_BILLING_MUTATION = graphql(`
  mutation RejectBilling($id: ID!, $data: BillingRejectionInput!) {
    rejectBilling(id: $id, data: $data) { billing { id status } }
  }
`);

export type ReviewedBillingView = ResultOf<typeof FIND_BILLING_QUERY>['findBilling'];
export type ReviewedBillingPage = ResultOf<typeof FIND_MANY_BILLING_QUERY>['findManyBilling'];

/** Statuses a company filters by: everything but DRAFT, which it never sees. */
export const REVIEWED_STATUSES = BILLING_STATUSES.filter((status) => status !== 'DRAFT');

export interface BillingReviewFilters {
  q: string;
  status: BillingStatusValue | null;
  /** yyyy-mm */
  period: string;
}

/** The list's filters from the address; by default the billings waiting for review. */
export function readBillingReviewFilters(url: URL): BillingReviewFilters {
  const status = url.searchParams.get('status');
  const period = url.searchParams.get('period') ?? '';
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    status: status === 'all' ? null : (REVIEWED_STATUSES as readonly string[]).includes(status ?? '') ? (status as BillingStatusValue) : status === null ? 'SENT' : null,
    period: parsePeriodValue(period) ? periodValue(parsePeriodValue(period)!) : '',
  };
}

export const hasBillingReviewFilters = (filters: BillingReviewFilters) => Boolean(filters.q || filters.period || filters.status !== 'SENT');

/** Invalid: the form again with every field as posted (`postedValues`: a remark per line). */
export type BillingReviewOutcome = FormOutcome<Record<string, string>, { noticeKey: string }>;

/**
 * The review form: approve (purchase order optional) or reject (reason required), both
 * with the remarks typed on the lines. Checked with the API's own schema first.
 */
export async function submitBillingReview(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<BillingReviewOutcome> {
  const intent = form.get('intent');
  const invalid = (fieldErrors: FieldErrors, formError = t(`${WORDS}.invalid`), status: RefusalStatus = 422): BillingReviewOutcome => ({ kind: 'invalid', values: postedValues(form), fieldErrors, formError, status });
  if (!isUuid(id) || (intent !== 'approve' && intent !== 'reject')) return invalid({}, t(`${WORDS}.failed`));
  const parsed = intent === 'approve' ? parseForm(form, billingApprovalSchema) : parseForm(form, billingRejectionSchema);
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, `${WORDS}.errors`));
  const answer =
    intent === 'approve'
      ? await sendDocument(send, APPROVE_BILLING_MUTATION, { id, data: parsed.value })
      : await sendDocument(send, REJECT_BILLING_MUTATION, { id, data: parsed.value as { reason: string; lineComments: { lineId: string; comment: string | null }[] } });
  const done = answer.data && ('approveBilling' in answer.data ? answer.data.approveBilling : answer.data.rejectBilling);
  if (done && !answer.errors.length) return { kind: 'done', noticeKey: intent === 'approve' ? 'notices.billingReview.approved' : 'notices.billingReview.rejected' };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, `${WORDS}.errors`));
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return invalid({}, refusal.message, refusal.status);
}
