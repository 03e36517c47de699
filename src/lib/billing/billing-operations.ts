import type { GraphqlAnswerLike } from '../talent/profile-operations';
import type { BillingStatusValue } from './billing-status';

// The GraphQL the billing page sends through the BFF, and the shapes it reads back.

export interface BillingAttachmentView {
  name: string;
  url: string;
  /** The storage key, to remove it; null for a file not stored here. */
  key: string | null;
  /** Bytes; null for older data that did not record it. */
  size: number | null;
}

export interface BillingLineView {
  id: string;
  description: string | null;
  unit: string | null;
  quantity: string | null;
  price: string | null;
  amount: string;
  currency: string;
  attachments: BillingAttachmentView[];
}

export interface BillingAssignmentView {
  id: string;
  roleTitle: string | null;
  clientName: string | null;
  providerName: string | null;
  currency: string | null;
  startDate: string | null;
  endDate: string | null;
  isActive: boolean;
  billedPeriods: string[];
}

export interface BillingView {
  id: string;
  status: BillingStatusValue;
  year: number;
  month: number;
  currency: string;
  amount: string;
  message: string | null;
  dueDate: string | null;
  canEdit: boolean;
  canDelete: boolean;
  canSend: boolean;
  assignment: Omit<BillingAssignmentView, 'billedPeriods' | 'isActive' | 'startDate' | 'endDate'> | null;
  lineItems: BillingLineView[];
}

export interface PaymentProfileView {
  id: string;
  currency: string;
  isVerified: boolean;
  accountHolder: string | null;
  maskedIban: string | null;
  bic: string | null;
  bankName: string | null;
}

const BILLING_FIELDS = `id status year month currency amount message dueDate canEdit canDelete canSend
  assignment { id roleTitle clientName providerName currency }
  lineItems { id description unit quantity price amount currency attachments { name url key size } }`;
const ASSIGNMENT_FIELDS = 'id roleTitle clientName providerName currency startDate endDate isActive billedPeriods';
const PAYMENT_PROFILE_FIELDS = 'id currency isVerified accountHolder maskedIban bic bankName';

export const BILLING_LIST_QUERY = `query TalentBillingList($page: Int, $perPage: Int, $filter: MyBillingsFilter) {
  findMyTalentProfile { id }
  myBillings(page: $page, perPage: $perPage, filter: $filter) { total page perPage pageCount items { ${BILLING_FIELDS} } }
  myBillingAssignments { ${ASSIGNMENT_FIELDS} }
  myPaymentProfile { ${PAYMENT_PROFILE_FIELDS} }
}`;

export const BILLING_FORM_QUERY = `query TalentBillingForm {
  findMyTalentProfile { id }
  myBillingAssignments { ${ASSIGNMENT_FIELDS} }
  myPaymentProfile { ${PAYMENT_PROFILE_FIELDS} }
}`;

export const BILLING_ONE_QUERY = `query TalentBilling($id: ID!) {
  myBilling(id: $id) { ${BILLING_FIELDS} }
}`;

export const PAYMENT_PROFILE_QUERY = `query TalentPaymentProfile {
  findMyTalentProfile { id }
  myPaymentProfile { ${PAYMENT_PROFILE_FIELDS} }
}`;

export const CREATE_BILLING_MUTATION = `mutation CreateMyBilling($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id } }`;
export const UPDATE_BILLING_MUTATION = `mutation UpdateMyBilling($id: ID!, $data: UpdateMyBillingInput!) { updateMyBilling(id: $id, data: $data) { id } }`;
export const SEND_BILLING_MUTATION = `mutation SendMyBilling($id: ID!) { sendMyBilling(id: $id) { id status } }`;
export const DELETE_BILLING_MUTATION = `mutation DeleteMyBilling($id: ID!) { deleteMyBilling(id: $id) }`;
export const ADD_ATTACHMENT_MUTATION = `mutation AddMyBillingLineAttachment($billingId: ID!, $lineId: ID!, $file: File!) {
  addMyBillingLineAttachment(billingId: $billingId, lineId: $lineId, file: $file) { id }
}`;
export const REMOVE_ATTACHMENT_MUTATION = `mutation RemoveMyBillingLineAttachment($billingId: ID!, $lineId: ID!, $attachmentKey: String!) {
  removeMyBillingLineAttachment(billingId: $billingId, lineId: $lineId, attachmentKey: $attachmentKey) { id }
}`;
export const FIND_BILLING_ATTACHMENT_QUERY = `query FindBillingAttachment($billingId: ID!, $lineId: ID!, $key: String!) {
  findBillingAttachment(billingId: $billingId, lineId: $lineId, key: $key) { name contentType size }
}`;
export const SAVE_PAYMENT_PROFILE_MUTATION = `mutation SaveMyPaymentProfile($data: SaveMyPaymentProfileInput!) { saveMyPaymentProfile(data: $data) { id } }`;

export interface BillingListData {
  hasProfile: boolean;
  billings: { total: number; page: number; perPage: number; pageCount: number; items: BillingView[] };
  assignments: BillingAssignmentView[];
  paymentProfile: PaymentProfileView | null;
}

export interface BillingFormData {
  hasProfile: boolean;
  assignments: BillingAssignmentView[];
  paymentProfile: PaymentProfileView | null;
}

/** The data of a page query; throws when the API failed, so the page shows its error page. */
function dataOf<T>(answer: GraphqlAnswerLike, what: string): T {
  const data = answer.body.data as T | null | undefined;
  if (answer.body.errors?.length || !data) throw new Error(`loading ${what} failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  return data;
}

export function readBillingList(answer: GraphqlAnswerLike): BillingListData {
  const data = dataOf<{ findMyTalentProfile: { id: string } | null; myBillings: BillingListData['billings']; myBillingAssignments: BillingAssignmentView[]; myPaymentProfile: PaymentProfileView | null }>(answer, 'the billings');
  return { hasProfile: data.findMyTalentProfile !== null, billings: data.myBillings, assignments: data.myBillingAssignments, paymentProfile: data.myPaymentProfile };
}

export function readBillingForm(answer: GraphqlAnswerLike): BillingFormData {
  const data = dataOf<{ findMyTalentProfile: { id: string } | null; myBillingAssignments: BillingAssignmentView[]; myPaymentProfile: PaymentProfileView | null }>(answer, 'the billing form');
  return { hasProfile: data.findMyTalentProfile !== null, assignments: data.myBillingAssignments, paymentProfile: data.myPaymentProfile };
}

/** One billing, or null when the API says NOT_FOUND (another talent's, deleted, malformed). */
export function readOneBilling(answer: GraphqlAnswerLike): BillingView | null {
  const code = answer.body.errors?.[0]?.extensions?.code;
  if (code === 'NOT_FOUND') return null;
  return dataOf<{ myBilling: BillingView }>(answer, 'the billing').myBilling;
}

export function readPaymentProfile(answer: GraphqlAnswerLike): { hasProfile: boolean; paymentProfile: PaymentProfileView | null } {
  const data = dataOf<{ findMyTalentProfile: { id: string } | null; myPaymentProfile: PaymentProfileView | null }>(answer, 'the payment profile');
  return { hasProfile: data.findMyTalentProfile !== null, paymentProfile: data.myPaymentProfile };
}
