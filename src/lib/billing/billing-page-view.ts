import type { Translate } from '../i18n/i18n';
import { ATTACHMENT_RULE } from '../uploads/upload-rules';
import { formValuesFromBilling, newBillingValues, periodChoices, type BillingFormValues } from './billing-form';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import {
  BILLING_FORM_QUERY,
  BILLING_LIST_QUERY,
  BILLING_ONE_QUERY,
  PAYMENT_PROFILE_QUERY,
  readBillingForm,
  readBillingList,
  readOneBilling,
  readPaymentProfile,
  type BillingAssignmentView,
  type BillingFormData,
  type BillingListData,
  type BillingView,
  type PaymentProfileView,
} from './billing-operations';
import { billingHref, BILLINGS_PER_PAGE, type BillingListFilter, type BillingPageState } from './billing-page-state';
import type { FieldErrors } from '../forms/form-outcome';
import type { BillingSubmission, PaymentProfileFormValues } from './billing-submission';

// Which part of the billing page to show, from its address and what a form post gave:
// decided once, loading only what that part needs.

export type BillingPageView =
  | { kind: 'list'; data: BillingListData; filter: BillingListFilter }
  /** One billing; `alert` says why an action on it was refused, `attachmentError` why a file was. */
  | { kind: 'billing'; billing: BillingView; alert: string | null; attachmentError: AttachmentError | null }
  | { kind: 'notFound' }
  | { kind: 'noProfile' }
  | { kind: 'chooseAssignment'; assignments: BillingAssignmentView[]; error: string | null }
  | {
      kind: 'billingForm';
      values: BillingFormValues;
      errors: FieldErrors;
      formError: string | null;
      assignment: { roleTitle: string | null; clientName: string | null; providerName: string | null; reviewerName: string | null };
      /** Creating: the months on offer; editing: null (the month is fixed). */
      periodChoices: Array<{ value: string; billed: boolean }> | null;
      changeAssignmentHref: string | null;
      cancelHref: string;
    }
  | { kind: 'delete'; billing: BillingView }
  | { kind: 'paymentProfile'; profile: PaymentProfileView | null; values: PaymentProfileFormValues; errors: FieldErrors; formError: string | null };

/** A refused upload's message, on the file field of its line. */
export interface AttachmentError {
  lineId: string;
  message: string;
}

export interface BillingPageLoaders {
  list: (page: number, filter: BillingListFilter) => Promise<BillingListData>;
  /** Null for NOT_FOUND. */
  billing: (id: string) => Promise<BillingView | null>;
  form: () => Promise<BillingFormData>;
  paymentProfile: () => Promise<{ hasProfile: boolean; paymentProfile: PaymentProfileView | null }>;
}

/** The page's reads, each through `send` (the page's BFF sender, or a test's). */
export function billingPageLoaders(send: SendGraphql): BillingPageLoaders {
  return {
    list: async (page, filter) =>
      readBillingList(await sendDocument(send, BILLING_LIST_QUERY, { page, perPage: BILLINGS_PER_PAGE, filter: { status: filter.status, jobAssignmentId: filter.assignmentId } })),
    billing: async (id) => readOneBilling(await sendDocument(send, BILLING_ONE_QUERY, { id })),
    form: async () => readBillingForm(await sendDocument(send, BILLING_FORM_QUERY)),
    paymentProfile: async () => readPaymentProfile(await sendDocument(send, PAYMENT_PROFILE_QUERY)),
  };
}

export interface BillingViewContext {
  t: Translate;
  now: Date;
  /** The address asked for an assignment (even an unknown one): choosing again says why. */
  askedForAssignment: boolean;
  /** The line whose upload the server refused as too large before reading it (from the address). */
  tooLargeAttachmentLine?: string | null;
}

const NO_ASSIGNMENT = { roleTitle: null, clientName: null, providerName: null, reviewerName: null };

export async function billingPageView(state: BillingPageState, outcome: BillingSubmission | null, load: BillingPageLoaders, context: BillingViewContext): Promise<BillingPageView> {
  const { t, now } = context;
  const refusal = t('billing.errors.notADraft');
  if (outcome?.kind === 'refused') {
    // The billing again: the message on a line's file field, or above it; none of the talent's is the not-found part.
    const billing = outcome.billingId ? await load.billing(outcome.billingId) : null;
    if (!billing) return { kind: 'notFound' };
    const { lineId, message } = outcome;
    return lineId ? { kind: 'billing', billing, alert: null, attachmentError: { lineId, message } } : { kind: 'billing', billing, alert: message, attachmentError: null };
  }
  const postedBilling = (outcome?.kind === 'invalid' || outcome?.kind === 'edited') && outcome.form === 'billing' ? { fieldErrors: {}, formError: null, ...outcome } : null;

  switch (state.view) {
    case 'list': {
      const filter = { status: state.status, assignmentId: state.assignmentId };
      const data = await load.list(state.page, filter);
      return data.hasProfile ? { kind: 'list', data, filter } : { kind: 'noProfile' };
    }
    case 'billing': {
      const billing = await load.billing(state.id);
      if (!billing) return { kind: 'notFound' };
      const tooLarge = context.tooLargeAttachmentLine;
      const attachmentError = tooLarge ? { lineId: tooLarge, message: t('billing.attachments.errors.tooLarge', { megabytes: ATTACHMENT_RULE.maxMegabytes }) } : null;
      return { kind: 'billing', billing, alert: null, attachmentError };
    }
    case 'delete': {
      const billing = await load.billing(state.id);
      if (!billing) return { kind: 'notFound' };
      return billing.canDelete ? { kind: 'delete', billing } : { kind: 'billing', billing, alert: refusal, attachmentError: null };
    }
    case 'edit': {
      const billing = await load.billing(state.id);
      if (!billing) return { kind: 'notFound' };
      if (!billing.canEdit) return { kind: 'billing', billing, alert: refusal, attachmentError: null };
      return {
        kind: 'billingForm',
        values: postedBilling?.values ?? formValuesFromBilling(billing),
        errors: postedBilling?.fieldErrors ?? {},
        formError: postedBilling?.formError ?? null,
        assignment: billing.assignment ?? NO_ASSIGNMENT,
        periodChoices: null,
        changeAssignmentHref: null,
        cancelHref: billingHref.billing(billing.id),
      };
    }
    case 'create': {
      const form = await load.form();
      if (!form.hasProfile) return { kind: 'noProfile' };
      const active = form.assignments.filter((assignment) => assignment.isActive);
      // With a single current assignment there is nothing to choose.
      const chosen = state.assignmentId ? active.find((assignment) => assignment.id === state.assignmentId) : active.length === 1 ? active[0] : undefined;
      if (!chosen) return { kind: 'chooseAssignment', assignments: active, error: context.askedForAssignment ? t('billing.errors.assignmentRequired') : null };
      return {
        kind: 'billingForm',
        values: postedBilling?.values ?? newBillingValues(chosen, form.paymentProfile, now),
        errors: postedBilling?.fieldErrors ?? {},
        formError: postedBilling?.formError ?? null,
        assignment: chosen,
        periodChoices: periodChoices(chosen, now),
        changeAssignmentHref: active.length > 1 ? billingHref.create() : null,
        cancelHref: billingHref.list(),
      };
    }
    case 'paymentProfile': {
      const { hasProfile, paymentProfile } = await load.paymentProfile();
      if (!hasProfile) return { kind: 'noProfile' };
      const posted = outcome?.kind === 'invalid' && outcome.form === 'paymentProfile' ? outcome : null;
      return {
        kind: 'paymentProfile',
        profile: paymentProfile,
        // The account fields start empty: the saved account is never sent back in full.
        values: posted?.values ?? {
          currency: paymentProfile?.currency ?? '',
          accountHolder: paymentProfile?.accountHolder ?? '',
          iban: '',
          bic: paymentProfile?.bic ?? '',
          bankName: paymentProfile?.bankName ?? '',
          otherAccount: '',
        },
        errors: posted?.fieldErrors ?? {},
        formError: posted?.formError ?? null,
      };
    }
  }
}
