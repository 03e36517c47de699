import { graphql, type ResultOf } from '../graphql/graphql';
import { dataOf, dataOrNotFound } from '../graphql/answer-data';
import type { DocumentAnswer } from '../graphql/send-document';

// The GraphQL the billing page sends through the BFF, and the shapes it reads back,
// derived from the documents.

export const BILLING_FRAGMENT = graphql(`
  fragment BillingFields on Billing {
    id status year month currency amount message dueDate canEdit canDelete canSend
    assignment { id roleTitle clientName providerName reviewerName currency }
    lineItems { id description unit quantity price amount currency companyComment attachments { name url key size } }
    review { sentAt approvedAt approvedByName purchaseOrderNumber rejectedAt rejectedByName rejectionReason invoicedAt invoicedByName paidAt paidByName }
    invoice { id number selfBilled }
  }
`);

export const BILLING_ASSIGNMENT_FRAGMENT = graphql(`
  fragment BillingAssignmentFields on BillingAssignment { id roleTitle clientName providerName reviewerName currency startDate endDate isActive billedPeriods }
`);

export const PAYMENT_PROFILE_FRAGMENT = graphql(`
  fragment PaymentProfileFields on TalentPaymentProfile { id currency isVerified reviewState refusalReason reviewedAt accountHolder maskedIban maskedOtherAccount bic bankName }
`);

export const BILLING_LIST_QUERY = graphql(
  `
  query TalentBillingList($page: Int, $perPage: Int, $filter: MyBillingsFilter) {
    findMyTalentProfile { id }
    myBillings(page: $page, perPage: $perPage, filter: $filter) { total page perPage pageCount items { ...BillingFields } }
    myBillingAssignments { ...BillingAssignmentFields }
    myPaymentProfile { ...PaymentProfileFields }
  }
`,
  [BILLING_FRAGMENT, BILLING_ASSIGNMENT_FRAGMENT, PAYMENT_PROFILE_FRAGMENT],
);

export const BILLING_FORM_QUERY = graphql(
  `
  query TalentBillingForm {
    findMyTalentProfile { id }
    myBillingAssignments { ...BillingAssignmentFields }
    myPaymentProfile { ...PaymentProfileFields }
  }
`,
  [BILLING_ASSIGNMENT_FRAGMENT, PAYMENT_PROFILE_FRAGMENT],
);

export const BILLING_ONE_QUERY = graphql(
  `
  query TalentBilling($id: ID!) {
    myBilling(id: $id) { ...BillingFields }
  }
`,
  [BILLING_FRAGMENT],
);

export const PAYMENT_PROFILE_QUERY = graphql(
  `
  query TalentPaymentProfile {
    findMyTalentProfile { id }
    myPaymentProfile { ...PaymentProfileFields }
  }
`,
  [PAYMENT_PROFILE_FRAGMENT],
);

export const CREATE_BILLING_MUTATION = graphql(`mutation CreateMyBilling($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id } }`);
export const UPDATE_BILLING_MUTATION = graphql(`mutation UpdateMyBilling($id: ID!, $data: UpdateMyBillingInput!) { updateMyBilling(id: $id, data: $data) { id } }`);
export const SEND_BILLING_MUTATION = graphql(`mutation SendMyBilling($id: ID!) { sendMyBilling(id: $id) { id status } }`);
export const DELETE_BILLING_MUTATION = graphql(`mutation DeleteMyBilling($id: ID!) { deleteMyBilling(id: $id) }`);
export const ADD_ATTACHMENT_MUTATION = graphql(`
  mutation AddMyBillingLineAttachment($billingId: ID!, $lineId: ID!, $file: File!) {
    addMyBillingLineAttachment(billingId: $billingId, lineId: $lineId, file: $file) { id }
  }
`);
export const REMOVE_ATTACHMENT_MUTATION = graphql(`
  mutation RemoveMyBillingLineAttachment($billingId: ID!, $lineId: ID!, $attachmentKey: String!) {
    removeMyBillingLineAttachment(billingId: $billingId, lineId: $lineId, attachmentKey: $attachmentKey) { id }
  }
`);
// A plain string: the download endpoint hands it to src/server/http/private-download.ts,
// which sends a query text and reads the answer itself.
export const FIND_BILLING_ATTACHMENT_QUERY = graphql(`query FindBillingAttachment($billingId: ID!, $lineId: ID!, $key: String!) {
  findBillingAttachment(billingId: $billingId, lineId: $lineId, key: $key) { name contentType size }
}`);
export const SAVE_PAYMENT_PROFILE_MUTATION = graphql(`mutation SaveMyPaymentProfile($data: SaveMyPaymentProfileInput!) { saveMyPaymentProfile(data: $data) { id } }`);

/** A billing; an attachment's key is null for a file not stored here, its size null for older data. */
export type BillingView = ResultOf<typeof BILLING_FRAGMENT>;
export type BillingLineView = BillingView['lineItems'][number];
export type BillingAttachmentView = BillingLineView['attachments'][number];
export type BillingAssignmentView = ResultOf<typeof BILLING_ASSIGNMENT_FRAGMENT>;
export type PaymentProfileView = ResultOf<typeof PAYMENT_PROFILE_FRAGMENT>;

type BillingListResult = ResultOf<typeof BILLING_LIST_QUERY>;

export interface BillingListData {
  hasProfile: boolean;
  billings: BillingListResult['myBillings'];
  assignments: BillingAssignmentView[];
  paymentProfile: PaymentProfileView | null;
}

export interface BillingFormData {
  hasProfile: boolean;
  assignments: BillingAssignmentView[];
  paymentProfile: PaymentProfileView | null;
}

export function readBillingList(answer: DocumentAnswer<BillingListResult>): BillingListData {
  const data = dataOf(answer, 'the billings');
  return { hasProfile: data.findMyTalentProfile !== null, billings: data.myBillings, assignments: data.myBillingAssignments, paymentProfile: data.myPaymentProfile };
}

export function readBillingForm(answer: DocumentAnswer<ResultOf<typeof BILLING_FORM_QUERY>>): BillingFormData {
  const data = dataOf(answer, 'the billing form');
  return { hasProfile: data.findMyTalentProfile !== null, assignments: data.myBillingAssignments, paymentProfile: data.myPaymentProfile };
}

/** One billing, or null when the API says NOT_FOUND (another talent's, deleted, malformed). */
export function readOneBilling(answer: DocumentAnswer<ResultOf<typeof BILLING_ONE_QUERY>>): BillingView | null {
  return dataOrNotFound(answer, 'the billing')?.myBilling ?? null;
}

export function readPaymentProfile(answer: DocumentAnswer<ResultOf<typeof PAYMENT_PROFILE_QUERY>>): { hasProfile: boolean; paymentProfile: PaymentProfileView | null } {
  const data = dataOf(answer, 'the payment profile');
  return { hasProfile: data.findMyTalentProfile !== null, paymentProfile: data.myPaymentProfile };
}
