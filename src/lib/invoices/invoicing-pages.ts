import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { fieldErrorsOf, type FormOutcome } from '../forms/form-outcome';
import { postedValues } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid } from '../ids';
import { negateMoney } from '../money/decimal-money';
import { companyInvoiceDetailSchema, creditNoteSchema, invoiceDraftSchema } from './invoice-input';
import type { InvoiceDocument } from './invoice-document';
import { INVOICE_STATUSES, type InvoicePaymentStatus } from './invoice-kinds';

// The documents and pure handlers of /company/invoicing: the list, one invoice
// (?id=…) with its actions, the "Prepare invoice" form of /company/billing, and the PDF
// download (/company/invoicing.pdf?id=…), which draws what findInvoice answers.

export const INVOICES_PER_PAGE = 20;
const WORDS = 'invoices';

export const FIND_MANY_INVOICE_QUERY = graphql(`
  query FindManyInvoice($status: InvoiceStatus, $drafts: Boolean, $q: String, $page: Int, $perPage: Int) {
    findManyInvoice(status: $status, drafts: $drafts, q: $q, page: $page, perPage: $perPage) {
      items { id kind selfBilled number issuedAt dueDate currency total status talentName fromName toName period isIssuer }
      total totalIsExact page pageCount
    }
  }
`);

/** Everything an invoice page shows and its PDF is drawn from. */
export const INVOICE_FRAGMENT = graphql(`
  fragment InvoiceFields on Invoice {
    id kind selfBilled number issuedAt dueDate currency netTotal vatRate vatTotal total vatExemptionReason note status paidAt paidByName createdAt
    talentName fromName toName billingId period purchaseOrderNumber creditedById isIssuer concernsYou canIssue canDelete canMarkPaid canCredit
    creditedInvoice { id number issuedAt }
    lines { description quantity unitCode price amount }
    seller { name legalName vatNumber registrationNumber iban bic address { street postalCode city region country } }
    buyer { name legalName vatNumber registrationNumber iban bic address { street postalCode city region country } }
  }
`);

export const FIND_INVOICE_QUERY = graphql(
  `
  query FindInvoice($id: ID!) {
    findInvoice(id: $id) { ...InvoiceFields }
  }
`,
  [INVOICE_FRAGMENT],
);

/** The talent's copy of a self-billed invoice in their name (/talent/billing.pdf). */
export const MY_INVOICE_QUERY = graphql(
  `
  query MyInvoice($id: ID!) {
    myInvoice(id: $id) { ...InvoiceFields }
  }
`,
  [INVOICE_FRAGMENT],
);

export const FIND_COMPANY_INVOICE_DETAIL_QUERY = graphql(`
  query FindCompanyInvoiceDetail { findCompanyInvoiceDetail { legalName vatNumber registrationNumber } }
`);
export const UPDATE_COMPANY_INVOICE_DETAIL_MUTATION = graphql(`
  mutation UpdateCompanyInvoiceDetail($data: CompanyInvoiceDetailInput!) { updateCompanyInvoiceDetail(data: $data) { legalName } }
`);

export const CREATE_ONE_INVOICE_MUTATION = graphql(`
  mutation CreateOneInvoice($data: InvoiceDraftInput!) { createOneInvoice(data: $data) { id } }
`);
export const ISSUE_INVOICE_MUTATION = graphql(`
  mutation IssueInvoice($id: ID!) { issueInvoice(id: $id) { id number } }
`);
export const DELETE_ONE_INVOICE_MUTATION = graphql(`
  mutation DeleteOneInvoice($id: ID!) { deleteOneInvoice(id: $id) }
`);
export const MARK_INVOICE_PAID_MUTATION = graphql(`
  mutation MarkInvoicePaid($id: ID!) { markInvoicePaid(id: $id) { id status } }
`);
export const CREATE_CREDIT_NOTE_MUTATION = graphql(`
  mutation CreateCreditNote($invoiceId: ID!, $reason: String!) { createCreditNote(invoiceId: $invoiceId, reason: $reason) { id } }
`);

export type InvoiceListPage = ResultOf<typeof FIND_MANY_INVOICE_QUERY>['findManyInvoice'];
export type InvoiceDetail = ResultOf<typeof INVOICE_FRAGMENT>;

/**
 * What an invoice's PDF is drawn from: these fields of the API's Invoice, as a page reads them,
 * or as the personal data archive makes them from the stored row (api/invoices/invoice-document-source.ts).
 */
export type InvoiceDocumentSource = Pick<
  NonNullable<InvoiceDetail>,
  'number' | 'kind' | 'selfBilled' | 'issuedAt' | 'dueDate' | 'currency' | 'seller' | 'buyer' | 'lines' | 'netTotal' | 'vatRate' | 'vatTotal' | 'total' | 'vatExemptionReason' | 'purchaseOrderNumber' | 'period' | 'creditedInvoice' | 'note' | 'status'
>;

export interface InvoiceFilters {
  q: string;
  status: InvoicePaymentStatus | null;
  /** true: drafts only, false: issued only. */
  drafts: boolean | null;
}

export function readInvoiceFilters(url: URL): InvoiceFilters {
  const status = url.searchParams.get('status') ?? '';
  const state = url.searchParams.get('state');
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 200),
    status: (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as InvoicePaymentStatus) : null,
    drafts: state === 'draft' ? true : state === 'issued' ? false : null,
  };
}

export const hasInvoiceFilters = (filters: InvoiceFilters) => Boolean(filters.q || filters.status || filters.drafts !== null);

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const positive = (amount: string) => (amount.startsWith('-') ? negateMoney(amount) : amount);

/**
 * The document a PDF is drawn from: an issued invoice as the API answers it. Amounts are
 * positive: a credit note says it cancels by its kind and reference, not by its sign.
 * Null for a draft, which has no number and no parties yet.
 */
export function invoiceDocumentOf(invoice: InvoiceDocumentSource): InvoiceDocument | null {
  if (!invoice.number || !invoice.issuedAt || !invoice.seller || !invoice.buyer) return null;
  const [year, month] = (invoice.period ?? '').split('-').map(Number);
  const address = (party: NonNullable<InvoiceDetail['seller']>) => Object.fromEntries(Object.entries(party.address ?? {}).filter(([, value]) => typeof value === 'string' && value)) as Record<string, string>;
  const party = (value: NonNullable<InvoiceDetail['seller']>) => ({
    name: value.name,
    ...(value.legalName ? { legalName: value.legalName } : {}),
    ...(value.vatNumber ? { vatNumber: value.vatNumber } : {}),
    ...(value.registrationNumber ? { registrationNumber: value.registrationNumber } : {}),
    ...(value.iban ? { iban: value.iban } : {}),
    ...(value.bic ? { bic: value.bic } : {}),
    address: address(value),
  });
  return {
    number: invoice.number,
    kind: invoice.kind,
    selfBilled: invoice.selfBilled,
    issueDate: String(invoice.issuedAt).slice(0, 10),
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    seller: party(invoice.seller),
    buyer: party(invoice.buyer),
    lines: invoice.lines.map((line) => ({ ...line, amount: positive(line.amount) })),
    netTotal: positive(invoice.netTotal),
    vatRate: invoice.vatRate,
    vatTotal: positive(invoice.vatTotal),
    total: positive(invoice.total),
    vatExemptionReason: invoice.vatExemptionReason,
    purchaseOrderNumber: invoice.purchaseOrderNumber,
    period: year && month ? { start: `${year}-${String(month).padStart(2, '0')}-01`, end: lastDayOf(year, month) } : null,
    credited: invoice.creditedInvoice?.number && invoice.creditedInvoice.issuedAt ? { number: invoice.creditedInvoice.number, issueDate: String(invoice.creditedInvoice.issuedAt).slice(0, 10) } : null,
    note: invoice.note,
    status: invoice.status,
  };
}

/** "INV-2026-0007.pdf": safe as a file name whatever a number holds. */
export function invoicePdfFilename(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;
}

/** Invalid: the form again with every field as posted (`postedValues`). */
export type InvoiceFormOutcome = FormOutcome<Record<string, string>, { id: string | null; noticeKey: string }>;

function refused(values: Record<string, string>, answer: { errors: Parameters<typeof answerIssues>[0] }, t: Translate): InvoiceFormOutcome {
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(issues, t, `${WORDS}.errors`), formError: t(`${WORDS}.invalid`), status: 422 };
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return { kind: 'invalid', values, fieldErrors: {}, formError: refusal.message, status: refusal.status };
}

/** "Prepare invoice" on an approved billing: a draft, checked with the API's own schema first. */
export async function submitInvoiceDraft(form: FormData, send: SendGraphql, t: Translate): Promise<InvoiceFormOutcome> {
  const values = postedValues(form);
  const parsed = parseForm(form, invoiceDraftSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, `${WORDS}.errors`), formError: t(`${WORDS}.invalid`), status: 422 };
  const answer = await sendDocument(send, CREATE_ONE_INVOICE_MUTATION, { data: parsed.value });
  const created = answer.data?.createOneInvoice;
  return created && !answer.errors.length ? { kind: 'done', id: created.id, noticeKey: 'notices.invoices.drafted' } : refused(values, answer, t);
}

/** One of the invoice page's actions: issue, delete (a draft), mark paid, credit (with a reason). */
export async function submitInvoiceAction(id: string, form: FormData, send: SendGraphql, t: Translate): Promise<InvoiceFormOutcome> {
  const values = postedValues(form);
  const intent = form.get('intent');
  if (!isUuid(id)) return { kind: 'invalid', values, fieldErrors: {}, formError: t(`${WORDS}.failed`), status: 422 };
  if (intent === 'issue') {
    const answer = await sendDocument(send, ISSUE_INVOICE_MUTATION, { id });
    return answer.data?.issueInvoice && !answer.errors.length ? { kind: 'done', id, noticeKey: 'notices.invoices.issued' } : refused(values, answer, t);
  }
  if (intent === 'delete') {
    const answer = await sendDocument(send, DELETE_ONE_INVOICE_MUTATION, { id });
    return answer.data?.deleteOneInvoice && !answer.errors.length ? { kind: 'done', id: null, noticeKey: 'notices.invoices.deleted' } : refused(values, answer, t);
  }
  if (intent === 'paid') {
    const answer = await sendDocument(send, MARK_INVOICE_PAID_MUTATION, { id });
    return answer.data?.markInvoicePaid && !answer.errors.length ? { kind: 'done', id, noticeKey: 'notices.invoices.paid' } : refused(values, answer, t);
  }
  if (intent === 'credit') {
    const parsed = parseForm(form, creditNoteSchema);
    if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, `${WORDS}.errors`), formError: t(`${WORDS}.invalid`), status: 422 };
    const answer = await sendDocument(send, CREATE_CREDIT_NOTE_MUTATION, { invoiceId: id, reason: parsed.value.reason! });
    const created = answer.data?.createCreditNote;
    return created && !answer.errors.length ? { kind: 'done', id: created.id, noticeKey: 'notices.invoices.credited' } : refused(values, answer, t);
  }
  return { kind: 'invalid', values, fieldErrors: {}, formError: t(`${WORDS}.failed`), status: 422 };
}

/** "Your invoice details" on /company/invoicing: legal name, VAT and registration numbers. */
export async function submitCompanyInvoiceDetail(form: FormData, send: SendGraphql, t: Translate): Promise<InvoiceFormOutcome> {
  const values = postedValues(form);
  const parsed = parseForm(form, companyInvoiceDetailSchema);
  if (!parsed.ok) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(parsed.issues, t, `${WORDS}.errors`), formError: t(`${WORDS}.invalid`), status: 422 };
  const answer = await sendDocument(send, UPDATE_COMPANY_INVOICE_DETAIL_MUTATION, { data: parsed.value });
  return answer.data?.updateCompanyInvoiceDetail && !answer.errors.length ? { kind: 'done', id: null, noticeKey: 'notices.invoices.detailsSaved' } : refused(values, answer, t);
}
