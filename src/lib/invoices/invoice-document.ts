import type { InvoiceKind, InvoicePaymentStatus } from './invoice-kinds';
import type { InvoicePartyValue } from './invoice-parties';

// An issued invoice as a document: what its PDF prints and its Factur-X data carries.
// The API answers it (findInvoice), the PDF and the e-invoice are drawn from it alone.

/** One line of an invoice, as printed and as sent in its Factur-X data. */
export interface InvoiceLineValue {
  description: string;
  quantity: string;
  /** UN/ECE rec 20 unit code: HUR hour, DAY day, MON month, C62 one. */
  unitCode: string;
  price: string;
  amount: string;
}

export interface InvoiceDocument {
  number: string;
  kind: InvoiceKind;
  selfBilled: boolean;
  /** yyyy-mm-dd */
  issueDate: string;
  /** yyyy-mm-dd */
  dueDate: string | null;
  currency: string;
  seller: InvoicePartyValue;
  buyer: InvoicePartyValue;
  lines: InvoiceLineValue[];
  /** Positive amounts: a credit note says what it cancels by its kind, not by its sign. */
  netTotal: string;
  vatRate: string;
  vatTotal: string;
  total: string;
  vatExemptionReason: string | null;
  purchaseOrderNumber: string | null;
  /** The month billed, first and last day (yyyy-mm-dd). */
  period: { start: string; end: string } | null;
  /** What a credit note cancels. */
  credited: { number: string; issueDate: string } | null;
  note: string | null;
  status: InvoicePaymentStatus;
}
