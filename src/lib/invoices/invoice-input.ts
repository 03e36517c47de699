import { z } from 'zod';
import { isVatRate } from './invoice-totals';

// What a company chooses when it prepares an invoice from an approved billing:
// the VAT rate, why there is none when it is 0, the due date and a note. Shared by
// /company/billing's "Prepare invoice" form and the API.

export const INVOICE_LIMITS = { note: 500, vatExemptionReason: 200, creditReason: 500 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((raw) => (raw ?? '').trim() || null)
    .refine((value) => value === null || value.length <= max, tooLong);

export const invoiceDraftSchema = z
  .object({
    billingId: z.string().uuid('billingUnknown'),
    vatRate: z
      .string()
      .nullish()
      .transform((raw) => (raw ?? '').trim().replace(',', '.') || '0')
      .refine(isVatRate, 'vatRateInvalid'),
    vatExemptionReason: text(INVOICE_LIMITS.vatExemptionReason, 'vatExemptionReasonTooLong'),
    dueDate: z
      .string()
      .nullish()
      .transform((raw) => (raw ?? '').trim() || null)
      .refine((value) => value === null || (DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), 'dueDateInvalid'),
    note: text(INVOICE_LIMITS.note, 'noteTooLong'),
  })
  // EN 16931 BR-E-10: an invoice without VAT says why.
  .refine((value) => Number(value.vatRate) > 0 || value.vatExemptionReason !== null, { path: ['vatExemptionReason'], message: 'vatExemptionReasonRequired' });

export const creditNoteSchema = z.object({
  reason: text(INVOICE_LIMITS.creditReason, 'creditReasonTooLong').refine((value) => value !== null, 'creditReasonRequired'),
});

export type InvoiceDraftValues = z.output<typeof invoiceDraftSchema>;

/** A company's own invoice details (companyInvoiceDetail without a talent): what its profile does not hold. */
export const COMPANY_INVOICE_DETAIL_LIMITS = { legalName: 200, vatNumber: 40, registrationNumber: 60 } as const;

export const companyInvoiceDetailSchema = z.object({
  legalName: text(COMPANY_INVOICE_DETAIL_LIMITS.legalName, 'legalNameTooLong'),
  vatNumber: text(COMPANY_INVOICE_DETAIL_LIMITS.vatNumber, 'vatNumberTooLong').refine((value) => value === null || /^[A-Za-z]{2}[A-Za-z0-9+*.\- ]{2,}$/.test(value), 'vatNumberInvalid'),
  registrationNumber: text(COMPANY_INVOICE_DETAIL_LIMITS.registrationNumber, 'registrationNumberTooLong'),
});

export type CompanyInvoiceDetailValues = z.output<typeof companyInvoiceDetailSchema>;
