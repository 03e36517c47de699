import { answerIssues } from '../forms/answer-issues';
import { companyRefusal } from '../forms/company-refusals';
import { type ActionOutcome, type FieldErrors, fieldErrorsOf } from '../forms/form-outcome';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { postedId } from '../ids';
import { isPaymentProfileReviewState, PAYMENT_PROFILE_REVIEW_ERRORS, refusePaymentProfileSchema, type PaymentProfileReviewAction, type PaymentProfileReviewState } from './payment-profile-review';

// The documents and pure handlers of the bank details review, a view of /admin/talents
// (`?view=bank-details`) for admins holding the verification permission.

export const PAYMENT_PROFILE_REVIEWS_PER_PAGE = 20;
const WORDS = 'paymentProfileReview';

export const FIND_MANY_ADMIN_PAYMENT_PROFILE_QUERY = graphql(`
  query FindManyAdminPaymentProfile($reviewState: PaymentProfileReviewState, $page: Int, $perPage: Int) {
    findManyAdminPaymentProfile(reviewState: $reviewState, page: $page, perPage: $perPage) {
      items {
        id talentProfileId talentName email currency accountHolder iban otherAccount bic bankName country
        needsManualCheck reviewState refusalReason reviewedAt reviewedBy updatedAt concernsYou
      }
      total page pageCount
    }
  }
`);

export const VERIFY_ONE_PAYMENT_PROFILE_MUTATION = graphql(`
  mutation VerifyOnePaymentProfile($id: ID!, $seenUpdatedAt: DateTime!) {
    verifyOnePaymentProfile(id: $id, seenUpdatedAt: $seenUpdatedAt) { id reviewState }
  }
`);

export const REFUSE_ONE_PAYMENT_PROFILE_MUTATION = graphql(`
  mutation RefuseOnePaymentProfile($id: ID!, $seenUpdatedAt: DateTime!, $reason: String!) {
    refuseOnePaymentProfile(id: $id, seenUpdatedAt: $seenUpdatedAt, reason: $reason) { id reviewState }
  }
`);

export type AdminPaymentProfilePage = ResultOf<typeof FIND_MANY_ADMIN_PAYMENT_PROFILE_QUERY>['findManyAdminPaymentProfile'];
export type AdminPaymentProfileItem = AdminPaymentProfilePage['items'][number];

/** The review state the list shows, from the address (`?state=`): awaiting review unless another is named. */
export function readReviewStateFilter(url: URL): PaymentProfileReviewState {
  const state = url.searchParams.get('state');
  return isPaymentProfileReviewState(state) ? state : 'awaiting';
}

export function isPaymentProfileReviewIntent(value: unknown): value is PaymentProfileReviewAction {
  return value === 'verify' || value === 'refuse';
}

const NOTICES: Record<PaymentProfileReviewAction, string> = {
  verify: 'notices.paymentProfileReview.verified',
  refuse: 'notices.paymentProfileReview.refused',
};

export type PaymentProfileReviewOutcome = ActionOutcome<
  { noticeKey: string; target: string },
  {
    /** The profile whose row shows the refusal; null when the post named none. */
    rowId: string | null;
    /** The refusal form again: the reason as typed and its message. */
    reason: { value: string; error: string | null } | null;
  }
>;

/**
 * One review (intent=verify|refuse, id, seenUpdatedAt: the details' version as shown, and
 * the reason for a refusal), the reason checked with the API's own rule first. The details'
 * version travels with the form, so that details changed since the page was read are
 * refused (detailsChanged) rather than verified unseen.
 */
export async function submitPaymentProfileReview(intent: PaymentProfileReviewAction, form: FormData, send: SendGraphql, t: Translate): Promise<PaymentProfileReviewOutcome> {
  const id = postedId(form);
  const seen = form.get('seenUpdatedAt');
  const seenUpdatedAt = typeof seen === 'string' && !Number.isNaN(Date.parse(seen)) ? seen : null;
  if (!id || !seenUpdatedAt) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422, rowId: id, reason: null };
  const done = { kind: 'done' as const, noticeKey: NOTICES[intent], target: 'payment-profile-review' };
  if (intent === 'verify') {
    const answer = await sendDocument(send, VERIFY_ONE_PAYMENT_PROFILE_MUTATION, { id, seenUpdatedAt });
    if (answer.data?.verifyOnePaymentProfile && !answer.errors.length) return done;
    return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, PAYMENT_PROFILE_REVIEW_ERRORS), rowId: id, reason: null };
  }
  const typed = typedForm(form, ['reason']).reason;
  const invalid = (errors: FieldErrors): PaymentProfileReviewOutcome => ({ kind: 'refused', message: t(`${WORDS}.refuseInvalid`), status: 422, rowId: id, reason: { value: typed, error: errors.reason ?? null } });
  const parsed = parseForm(form, refusePaymentProfileSchema);
  if (!parsed.ok) return invalid(fieldErrorsOf(parsed.issues, t, PAYMENT_PROFILE_REVIEW_ERRORS));
  const answer = await sendDocument(send, REFUSE_ONE_PAYMENT_PROFILE_MUTATION, { id, seenUpdatedAt, reason: parsed.value.reason });
  if (answer.data?.refuseOnePaymentProfile && !answer.errors.length) return done;
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return invalid(fieldErrorsOf(issues, t, PAYMENT_PROFILE_REVIEW_ERRORS));
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS, PAYMENT_PROFILE_REVIEW_ERRORS), rowId: id, reason: { value: typed, error: null } };
}
