import { type Done, type FieldErrors, fieldErrorsOf, type FieldIssue, type Invalid, type Refused } from '../forms/form-outcome';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { answerIssues } from '../forms/answer-issues';
import { typedForm } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { postedId } from '../ids';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { billingNotFound, submitAttachment, type BillingRefusal, type UploadGraphql } from './billing-attachment-submission';
import { applyLineIntent, billingFormSchema, billingFormValuesOf, formFieldOf, readBillingIntent, type BillingFormValues } from './billing-form';
import {
  CREATE_BILLING_MUTATION,
  DELETE_BILLING_MUTATION,
  SAVE_PAYMENT_PROFILE_MUTATION,
  SEND_BILLING_MUTATION,
  UPDATE_BILLING_MUTATION,
  type BillingAssignmentView,
  type PaymentProfileView,
} from './billing-operations';
import { billingHref } from './billing-page-state';
import { BILLING_ERRORS, PAYMENT_PROFILE_ERRORS } from './billing-issues';
import { paymentProfileSchema } from './payment-profile-input';

// Handles the billing page's form posts. Each form names itself in a hidden `form` field:
// billing (create or edit, with the line intents), send, delete, payment-profile,
// attachment and attachment-remove (lib/billing/billing-attachment-submission).


export interface PaymentProfileFormValues {
  currency: string;
  accountHolder: string;
  iban: string;
  bic: string;
  bankName: string;
  otherAccount: string;
}

/**
 * The form kit's outcomes (done: Post/Redirect/Get with a `notices.talentBilling.*` key;
 * invalid: the billing or payment profile form again with what to fix; refused: see
 * BillingRefusal) and, as the profile sections have it, `edited`: the billing form again
 * after Add/Remove line, nothing saved yet (answered 200).
 */
export type BillingSubmission =
  | Done<{ location: string; noticeKey: string }>
  | { kind: 'edited'; form: 'billing'; values: BillingFormValues }
  | (Invalid<BillingFormValues> & { form: 'billing' })
  | (Invalid<PaymentProfileFormValues> & { form: 'paymentProfile' })
  | Refused<BillingRefusal>;

export interface SubmissionContext {
  send: SendGraphql;
  /** As send, with a file for the operation's $file (multipart, through the BFF). */
  upload: UploadGraphql;
  t: Translate;
  /** The page's language, which t speaks: a month in an issue is written in it. */
  language: Language;
  now: Date;
  /** The talent's assignments, for checking a new billing's month before asking the API. */
  loadAssignments: () => Promise<BillingAssignmentView[]>;
  loadPaymentProfile: () => Promise<PaymentProfileView | null>;
}

/** Words issues from the billing codes (`billing.errors.<code>`) on the form's fields; what names no field goes above the form. */
function billingErrors(issues: readonly FieldIssue[], t: Translate): { fieldErrors: FieldErrors; formError: string | null } {
  const { form: formError = null, ...fieldErrors } = fieldErrorsOf(issues.map((issue) => ({ ...issue, path: formFieldOf(issue.path) })), t, BILLING_ERRORS);
  return { fieldErrors, formError };
}

async function submitBillingForm(form: FormData, context: SubmissionContext): Promise<BillingSubmission> {
  const { send, t, language, now } = context;
  const intent = readBillingIntent(form.get('intent'));
  // No billing id (or none that is a UUID, a post that was not ours) is a new billing, as the schema reads it.
  const creating = postedId(form, 'billingId') === null;
  const assignmentId = postedId(form, 'assignmentId');
  const assignment =
    creating && intent.kind === 'save' && assignmentId ? ((await context.loadAssignments()).find((candidate) => candidate.id === assignmentId && candidate.isActive) ?? null) : null;
  const parsed = parseForm(form, billingFormSchema({ assignment, now }, language), { coerce: false });
  if (intent.kind !== 'save') return { kind: 'edited', form: 'billing', values: applyLineIntent(billingFormValuesOf(parsed.payload, { keepBlank: true }), intent) };

  const values = billingFormValuesOf(parsed.payload, { keepBlank: false });
  if (!parsed.ok) return { kind: 'invalid', form: 'billing', values, ...billingErrors(parsed.issues, t), status: 422 };

  const checked = parsed.value;
  const answer = creating
    ? await sendDocument(send, CREATE_BILLING_MUTATION, {
        data: { jobAssignmentId: checked.assignmentId, year: checked.period!.year, month: checked.period!.month, ...checked.input },
      })
    : await sendDocument(send, UPDATE_BILLING_MUTATION, { id: checked.billingId!, data: checked.input });
  const failure = answerIssues(answer.errors);
  const saved = answer.data && ('createMyBilling' in answer.data ? answer.data.createMyBilling : answer.data.updateMyBilling);
  if (failure.code === null && saved) return { kind: 'done', location: billingHref.billing(saved.id), noticeKey: creating ? 'notices.talentBilling.created' : 'notices.talentBilling.updated' };

  const invalid = (fieldErrors: FieldErrors, formError: string | null = null): BillingSubmission => ({ kind: 'invalid', form: 'billing', values, fieldErrors, formError, status: 422 });
  if (creating && failure.code === 'CONFLICT') return invalid({ period: t('billing.errors.periodTaken') });
  if (creating && failure.code === 'NOT_FOUND') return invalid({ assignmentId: t('billing.errors.assignmentNotFound') });
  if (!creating && failure.code === 'CONFLICT') return { kind: 'refused', billingId: checked.billingId!, lineId: null, message: t('billing.errors.notADraft'), status: 409 };
  if (!creating && failure.code === 'NOT_FOUND') return billingNotFound(t);
  // The API's codes, worded here (they are the same checks, so this is rare).
  const { fieldErrors, formError } = billingErrors(failure.issues, t);
  return invalid(fieldErrors, formError ?? (Object.keys(fieldErrors).length > 0 ? null : t('billing.errors.saveFailed')));
}

async function submitStatusAction(form: FormData, context: SubmissionContext, action: 'send' | 'delete'): Promise<BillingSubmission> {
  const billingId = postedId(form, 'billingId');
  if (billingId === null) return billingNotFound(context.t);
  const answer = action === 'send' ? await sendDocument(context.send, SEND_BILLING_MUTATION, { id: billingId }) : await sendDocument(context.send, DELETE_BILLING_MUTATION, { id: billingId });
  const { code } = answerIssues(answer.errors);
  if (code === null && answer.data) {
    return action === 'send'
      ? { kind: 'done', location: billingHref.billing(billingId), noticeKey: 'notices.talentBilling.sent' }
      : { kind: 'done', location: billingHref.list(), noticeKey: 'notices.talentBilling.deleted' };
  }
  if (code === 'CONFLICT') return { kind: 'refused', billingId, lineId: null, message: context.t('billing.errors.notADraft'), status: 409 };
  if (code === 'NOT_FOUND') return billingNotFound(context.t);
  throw new Error(`${action} billing failed: ${answer.errors[0]?.message ?? answer.status}`);
}

const PAYMENT_PROFILE_FIELDS = ['currency', 'accountHolder', 'iban', 'bic', 'bankName', 'otherAccount'] as const satisfies ReadonlyArray<keyof PaymentProfileFormValues>;

/** The payment profile form, read with the API's own rules (`paymentProfileSchema`); refused, it is shown again as typed. */
async function submitPaymentProfile(form: FormData, context: SubmissionContext): Promise<BillingSubmission> {
  const { t, send } = context;
  const values: PaymentProfileFormValues = typedForm(form, PAYMENT_PROFILE_FIELDS);
  const saved = await context.loadPaymentProfile();
  // coerce: false: the rules read the text themselves (a blank account keeps the saved one).
  const parsed = parseForm(form, paymentProfileSchema({ hasSavedAccount: Boolean(saved?.maskedIban || saved?.maskedOtherAccount) }), { coerce: false });
  if (!parsed.ok) {
    return { kind: 'invalid', form: 'paymentProfile', values, fieldErrors: fieldErrorsOf(parsed.issues, t, PAYMENT_PROFILE_ERRORS), formError: null, status: 422 };
  }
  const answer = await sendDocument(send, SAVE_PAYMENT_PROFILE_MUTATION, { data: { ...parsed.value, iban: parsed.value.iban ?? undefined, otherAccount: parsed.value.otherAccount ?? undefined } });
  if (answer.errors.length === 0 && answer.data) return { kind: 'done', location: `${billingHref.list()}#payment-profile`, noticeKey: 'notices.talentBilling.paymentProfileSaved' };
  // The API's codes in this page's words, never its English message.
  const fieldErrors = fieldErrorsOf(answerIssues(answer.errors).issues, t, PAYMENT_PROFILE_ERRORS);
  return { kind: 'invalid', form: 'paymentProfile', values, fieldErrors, formError: Object.keys(fieldErrors).length > 0 ? null : t('paymentProfile.errors.saveFailed'), status: 422 };
}

/** Null when the post names no form of this page (the page then shows its list again). */
export async function submitBillingPage(form: FormData, context: SubmissionContext): Promise<BillingSubmission | null> {
  switch (form.get('form')) {
    case 'billing':
      return submitBillingForm(form, context);
    case 'send':
      return submitStatusAction(form, context, 'send');
    case 'delete':
      return submitStatusAction(form, context, 'delete');
    case 'payment-profile':
      return submitPaymentProfile(form, context);
    case 'attachment':
      return submitAttachment(form, context, 'add');
    case 'attachment-remove':
      return submitAttachment(form, context, 'remove');
    default:
      return null;
  }
}
