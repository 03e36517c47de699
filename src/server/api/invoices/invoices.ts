import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canChangeStatus } from '../../../lib/billing/billing-status';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { companyInvoiceDetailSchema, creditNoteSchema, invoiceDraftSchema } from '../../../lib/invoices/invoice-input';
import { canCreditInvoice, canDeleteInvoice, canMarkInvoicePaid, canPrepareInvoice, INVOICE_KINDS, INVOICE_STATUSES, unitCodeOf, type InvoiceKind, type InvoicePaymentStatus } from '../../../lib/invoices/invoice-kinds';
import type { InvoiceLineValue } from '../../../lib/invoices/invoice-document';
import { formatInvoiceNumber, numberingYear } from '../../../lib/invoices/invoice-numbering';
import { invoicePartyOf, missingPartyFields, talentDetailsFromBankAccount, type InvoicePartyValue } from '../../../lib/invoices/invoice-parties';
import { creditTotals, invoiceTotals } from '../../../lib/invoices/invoice-totals';
import { invoiceDueDate, paymentTermsDaysOf } from '../../../lib/invoices/payment-terms';
import { negateMoney } from '../../../lib/money/decimal-money';
import { rosterHoldsTalent } from '../../../lib/talent-roster/roster-consent';
import { escapeLike } from '../../db/like-pattern';
import {
  billing,
  billingLineItem,
  company,
  companyInvoiceDetail,
  companyTalentRoster,
  invoice,
  invoiceNumberCounter,
  jobAssignment,
  talentPaymentProfile,
  talentProfile,
  user,
  type InvoiceDetails,
} from '../../db/schema';
import { builder } from '../builder';
import { concernsCaller, requireCompanyPermission, requireSeparateDuties } from '../auth/company-access';
import type { Writer } from '../../db/client';
import type { ApiContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { loadReviewedBilling, lockReviewedBilling } from '../billing/billing-rows';
import { bookLedgerEntry } from '../talent-roster/roster-ledger';
import { ownRosterEntry } from '../talent-roster/talent-roster';

// Invoices (issue 18, spec §2 /company/invoicing, §3 invoice): prepared as a draft from an
// approved billing the company reviews, issued (numbered then, never before), marked paid,
// or cancelled by a credit note, never deleted once issued. The reviewing company issues:
// its own sales invoice to the client when it provides the talent, otherwise a self-billed
// invoice in the talent's name under a billing mandate. A company sees the invoices it
// issues and the issued ones addressed to it. Permissions are the assignment's, as for
// billings (spec §6 has no invoice resource): read to see, update to write. Separation of
// duties: nobody prepares, issues, deletes, marks paid or credits an invoice of their own
// work, whatever their role.

const WORDS = 'invoices.errors';
const NO_COMPANY = '00000000-0000-0000-0000-000000000000';

const toCompany = alias(company, 'invoice_to_company');
const fromCompany = alias(company, 'invoice_from_company');
const credited = alias(invoice, 'credited_invoice');
const payer = alias(user, 'invoice_payer');

interface InvoiceRow {
  id: string;
  issuerCompanyId: string | null;
  fromCompanyId: string | null;
  toCompanyId: string | null;
  talentProfileId: string | null;
  talentUserId: string | null;
  talentName: string | null;
  fromName: string | null;
  toName: string | null;
  billingId: string | null;
  jobAssignmentId: string | null;
  kind: InvoiceKind;
  selfBilled: boolean;
  number: string | null;
  issuedAt: Date | null;
  dueDate: string | null;
  currency: string;
  netTotal: string | null;
  vatRate: string | null;
  vatTotal: string | null;
  total: string;
  lines: InvoiceLineValue[];
  seller: InvoicePartyValue | null;
  buyer: InvoicePartyValue | null;
  description: string | null;
  invoiceDetails: InvoiceDetails;
  status: InvoicePaymentStatus;
  paidAt: Date | null;
  paidByName: string | null;
  createdAt: Date;
  billingYear: number | null;
  billingMonth: number | null;
  purchaseOrderNumber: string | null;
  creditedInvoiceId: string | null;
  creditedNumber: string | null;
  creditedIssuedAt: Date | null;
  /** The issued credit note that cancels this invoice, if any. */
  creditedById: string | null;
  /** The company asking: whether it issues this invoice (and may act on it). */
  viewerIsIssuer: boolean;
}

function selectInvoices(db: Writer, companyId: string) {
  return db
    .select({
      id: invoice.id,
      issuerCompanyId: invoice.issuerCompanyId,
      fromCompanyId: invoice.fromCompanyId,
      toCompanyId: invoice.toCompanyId,
      talentProfileId: invoice.talentProfileId,
      talentUserId: talentProfile.userId,
      talentName: talentProfile.profileName,
      fromName: fromCompany.name,
      toName: toCompany.name,
      billingId: invoice.billingId,
      jobAssignmentId: invoice.jobAssignmentId,
      kind: sql<InvoiceKind>`${invoice.kind}`,
      selfBilled: invoice.selfBilled,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      dueDate: invoice.dueDate,
      currency: invoice.currency,
      netTotal: invoice.netTotal,
      vatRate: invoice.vatRate,
      vatTotal: invoice.vatTotal,
      total: invoice.total,
      lines: invoice.lines,
      seller: invoice.seller,
      buyer: invoice.buyer,
      description: invoice.description,
      invoiceDetails: invoice.invoiceDetails,
      status: invoice.status,
      paidAt: invoice.paidAt,
      paidByName: sql<string | null>`coalesce(${payer.displayName}, ${payer.email})`,
      createdAt: invoice.createdAt,
      billingYear: billing.year,
      billingMonth: billing.month,
      purchaseOrderNumber: billing.purchaseOrderNumber,
      creditedInvoiceId: invoice.creditedInvoiceId,
      creditedNumber: credited.number,
      creditedIssuedAt: credited.issuedAt,
      creditedById: sql<string | null>`(select c.id from invoice c where c.credited_invoice_id = ${invoice.id} and c.issued_at is not null and c.deleted_at is null limit 1)`,
      viewerIsIssuer: sql<boolean>`coalesce(${invoice.issuerCompanyId} = ${companyId}, false)`,
    })
    .from(invoice)
    .leftJoin(talentProfile, eq(talentProfile.id, invoice.talentProfileId))
    .leftJoin(fromCompany, eq(fromCompany.id, invoice.fromCompanyId))
    .leftJoin(toCompany, eq(toCompany.id, invoice.toCompanyId))
    .leftJoin(billing, eq(billing.id, invoice.billingId))
    .leftJoin(credited, eq(credited.id, invoice.creditedInvoiceId))
    .leftJoin(payer, eq(payer.id, invoice.paidById))
    .$dynamic();
}

/** Invoices a company may read: those it issues (drafts too), and issued ones addressed to it. */
const visibleTo = (companyId: string): SQL =>
  and(isNull(invoice.deletedAt), or(eq(invoice.issuerCompanyId, companyId), and(eq(invoice.toCompanyId, companyId), isNotNull(invoice.issuedAt))))!;

async function findVisible(db: Writer, companyId: string, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('This invoice');
  const [row] = await selectInvoices(db, companyId).where(and(visibleTo(companyId), eq(invoice.id, id)));
  if (!row) throw notFound('This invoice');
  return row as InvoiceRow;
}

/** One of this company's own invoices, locked for the rest of the transaction; NOT_FOUND for any other. */
async function lockIssued(tx: Writer, companyId: string, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('This invoice');
  const [locked] = await tx.select({ id: invoice.id }).from(invoice).where(and(eq(invoice.id, id), eq(invoice.issuerCompanyId, companyId), isNull(invoice.deletedAt))).for('update');
  if (!locked) throw notFound('This invoice');
  return findVisible(tx, companyId, id);
}

const InvoiceKindEnum = builder.enumType('InvoiceKind', { values: INVOICE_KINDS });
const InvoiceStatusEnum = builder.enumType('InvoiceStatus', { description: 'Spec §4: whether it was paid', values: INVOICE_STATUSES });

const InvoiceLineRef = builder.objectRef<InvoiceLineValue>('InvoiceLine').implement({
  fields: (t) => ({
    description: t.exposeString('description'),
    quantity: t.field({ type: 'Decimal', resolve: (row) => row.quantity }),
    unitCode: t.exposeString('unitCode', { description: 'UN/ECE rec 20: HUR, DAY, MON or C62' }),
    price: t.field({ type: 'Decimal', resolve: (row) => row.price }),
    amount: t.field({ type: 'Decimal', resolve: (row) => row.amount }),
  }),
});

const InvoiceAddressRef = builder.objectRef<NonNullable<InvoicePartyValue['address']>>('InvoiceAddress').implement({
  fields: (t) => ({
    street: t.string({ nullable: true, resolve: (row) => row.street ?? null }),
    postalCode: t.string({ nullable: true, resolve: (row) => row.postalCode ?? null }),
    city: t.string({ nullable: true, resolve: (row) => row.city ?? null }),
    region: t.string({ nullable: true, resolve: (row) => row.region ?? null }),
    country: t.string({ nullable: true, resolve: (row) => row.country ?? null }),
  }),
});

const InvoicePartyRef = builder.objectRef<InvoicePartyValue>('InvoiceParty').implement({
  description: 'A party as it was when the invoice was issued',
  fields: (t) => ({
    name: t.exposeString('name'),
    legalName: t.string({ nullable: true, resolve: (row) => row.legalName ?? null }),
    vatNumber: t.string({ nullable: true, resolve: (row) => row.vatNumber ?? null }),
    registrationNumber: t.string({ nullable: true, resolve: (row) => row.registrationNumber ?? null }),
    address: t.field({ type: InvoiceAddressRef, nullable: true, resolve: (row) => row.address ?? null }),
    iban: t.string({ nullable: true, resolve: (row) => row.iban ?? null }),
    bic: t.string({ nullable: true, resolve: (row) => row.bic ?? null }),
  }),
});

/** The selected company issues it, and it is not for the caller's own work (separation of duties). */
const mayActOn = (context: ApiContext, row: InvoiceRow) => row.viewerIsIssuer && !concernsCaller(context, row.talentUserId);

const Invoice = builder.objectRef<InvoiceRow>('Invoice');
Invoice.implement({
  description: 'An invoice or credit note the selected company issues, or one addressed to it',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: InvoiceKindEnum, resolve: (row) => row.kind }),
    selfBilled: t.exposeBoolean('selfBilled', { description: 'Issued by the buyer in the seller\'s (the talent\'s) name' }),
    number: t.exposeString('number', { nullable: true, description: 'Given when issued; null for a draft' }),
    issuedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.issuedAt }),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'yyyy-mm-dd' }),
    currency: t.exposeString('currency'),
    netTotal: t.field({ type: 'Decimal', resolve: (row) => row.netTotal ?? row.total }),
    vatRate: t.field({ type: 'Decimal', resolve: (row) => row.vatRate ?? '0.00' }),
    vatTotal: t.field({ type: 'Decimal', resolve: (row) => row.vatTotal ?? '0.00' }),
    total: t.field({ type: 'Decimal', description: 'Net plus VAT; negative on a credit note', resolve: (row) => row.total }),
    vatExemptionReason: t.string({ nullable: true, resolve: (row) => row.invoiceDetails.vatExemptionReason ?? null }),
    note: t.exposeString('description', { nullable: true }),
    lines: t.field({ type: [InvoiceLineRef], resolve: (row) => row.lines }),
    seller: t.field({ type: InvoicePartyRef, nullable: true, description: 'Null on a draft: copied when issued', resolve: (row) => row.seller }),
    buyer: t.field({ type: InvoicePartyRef, nullable: true, resolve: (row) => row.buyer }),
    status: t.field({ type: InvoiceStatusEnum, resolve: (row) => row.status }),
    paidAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.paidAt }),
    paidByName: t.exposeString('paidByName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    talentName: t.exposeString('talentName', { nullable: true }),
    fromName: t.string({ nullable: true, description: 'The seller: a company, or the talent when self-billed', resolve: (row) => row.fromName ?? (row.selfBilled ? row.talentName : null) }),
    toName: t.exposeString('toName', { nullable: true }),
    billingId: t.exposeID('billingId', { nullable: true }),
    period: t.string({ nullable: true, description: 'yyyy-mm: the month billed', resolve: (row) => (row.billingYear && row.billingMonth ? `${row.billingYear}-${String(row.billingMonth).padStart(2, '0')}` : null) }),
    purchaseOrderNumber: t.exposeString('purchaseOrderNumber', { nullable: true }),
    creditedInvoice: t.field({
      type: builder.objectRef<{ id: string; number: string | null; issuedAt: Date | null }>('CreditedInvoice').implement({
        fields: (f) => ({ id: f.exposeID('id'), number: f.exposeString('number', { nullable: true }), issuedAt: f.field({ type: 'DateTime', nullable: true, resolve: (row) => row.issuedAt }) }),
      }),
      nullable: true,
      description: 'What a credit note cancels',
      resolve: (row) => (row.creditedInvoiceId ? { id: row.creditedInvoiceId, number: row.creditedNumber, issuedAt: row.creditedIssuedAt } : null),
    }),
    creditedById: t.exposeID('creditedById', { nullable: true, description: 'The credit note that cancels this invoice' }),
    isIssuer: t.boolean({ description: 'The selected company issues it (and may act on it)', resolve: (row) => row.viewerIsIssuer }),
    concernsYou: t.boolean({
      description: "The invoice is for your own work (or, while impersonating, the impersonator's): separation of duties leaves every action on it to another member",
      resolve: (row, _args, context) => concernsCaller(context, row.talentUserId),
    }),
    canIssue: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && row.issuedAt === null }),
    canDelete: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && canDeleteInvoice(row.issuedAt) }),
    canMarkPaid: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && canMarkInvoicePaid({ ...row, creditedBy: row.creditedById }) }),
    canCredit: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && canCreditInvoice({ ...row, creditedBy: row.creditedById }) }),
  }),
});

const InvoicePage = pageOf(Invoice, 'Invoice');

builder.queryField('findManyInvoice', (t) =>
  t.field({
    type: InvoicePage,
    description: 'Invoices the selected company issues (drafts first) and issued ones addressed to it, newest first; needs jobAssignment read',
    authScopes: { signedIn: true },
    args: {
      ...pageArgs,
      status: t.arg({ type: InvoiceStatusEnum }),
      kind: t.arg({ type: InvoiceKindEnum }),
      drafts: t.arg.boolean({ description: 'true: drafts only; false: issued only' }),
      q: t.arg.string({ description: 'Part of the number, the talent or a party' }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const pattern = q ? `%${escapeLike(q)}%` : null;
      const where = and(
        visibleTo(companyId),
        args.status ? eq(invoice.status, args.status) : undefined,
        args.kind ? eq(invoice.kind, args.kind) : undefined,
        args.drafts === true ? isNull(invoice.issuedAt) : args.drafts === false ? isNotNull(invoice.issuedAt) : undefined,
        pattern ? or(ilike(invoice.number, pattern), ilike(talentProfile.profileName, pattern), ilike(toCompany.name, pattern), ilike(fromCompany.name, pattern)) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        selectInvoices(context.db, companyId).where(where).orderBy(sql`${invoice.issuedAt} desc nulls first`, desc(invoice.sequence), desc(invoice.createdAt)).limit(window.perPage).offset(window.offset),
        context.db
          .select({ total: sql<number>`count(*)::int` })
          .from(invoice)
          .leftJoin(talentProfile, eq(talentProfile.id, invoice.talentProfileId))
          .leftJoin(fromCompany, eq(fromCompany.id, invoice.fromCompanyId))
          .leftJoin(toCompany, eq(toCompany.id, invoice.toCompanyId))
          .where(where),
      ]);
      return { items: rows as InvoiceRow[], total: Number(counted?.total ?? 0), page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findInvoice', (t) =>
  t.field({
    type: Invoice,
    description: 'One invoice the selected company issues or receives; NOT_FOUND for any other id (another company\'s draft too); needs jobAssignment read',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      return findVisible(context.db, companyId, String(args.id));
    },
  }),
);

builder.queryField('myInvoice', (t) =>
  t.field({
    type: Invoice,
    description: "An issued self-billed invoice or credit note in the signed-in talent's name (their copy, which self-billing owes them); NOT_FOUND for any other id",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This invoice');
      const profileId = await requireMyTalentProfileId(context);
      // No company acts here: the nil id makes every company action false.
      const [row] = await selectInvoices(context.db, NO_COMPANY).where(
        and(eq(invoice.id, id), eq(invoice.talentProfileId, profileId), eq(invoice.selfBilled, true), isNotNull(invoice.issuedAt), isNull(invoice.deletedAt)),
      );
      if (!row) throw notFound('This invoice');
      return row as InvoiceRow;
    },
  }),
);

const CompanyInvoiceDetailRef = builder.objectRef<{ legalName: string | null; vatNumber: string | null; registrationNumber: string | null }>('CompanyInvoiceDetail').implement({
  description: "The selected company's own invoice details: what its invoices print besides its profile's name and address",
  fields: (t) => ({
    legalName: t.exposeString('legalName', { nullable: true }),
    vatNumber: t.exposeString('vatNumber', { nullable: true }),
    registrationNumber: t.exposeString('registrationNumber', { nullable: true }),
  }),
});

builder.queryField('findCompanyInvoiceDetail', (t) =>
  t.field({
    type: CompanyInvoiceDetailRef,
    description: "The selected company's own invoice details (all null when none are kept); needs jobAssignment read",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const details = await invoiceDetailsOf(context.db, companyId, null);
      return { legalName: details?.legalName ?? null, vatNumber: details?.vatNumber ?? null, registrationNumber: details?.registrationNumber ?? null };
    },
  }),
);

const CompanyInvoiceDetailInput = builder.inputType('CompanyInvoiceDetailInput', {
  fields: (t) => ({
    legalName: t.string({ required: false }),
    vatNumber: t.string({ required: false, description: 'With its country prefix, e.g. GB123456789' }),
    registrationNumber: t.string({ required: false }),
  }),
});

builder.mutationField('updateCompanyInvoiceDetail', (t) =>
  t.field({
    type: CompanyInvoiceDetailRef,
    description: "Saves the selected company's own invoice details, used on the invoices it issues from then on (issued ones keep theirs). Needs company update; records company.update",
    authScopes: { signedIn: true },
    args: { data: t.arg({ type: CompanyInvoiceDetailInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'company', 'update');
      const parsed = companyInvoiceDetailSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), WORDS);
      const values = parsed.data;
      await context.db.transaction(async (tx) => {
        const [kept] = await tx.select({ id: companyInvoiceDetail.id, details: companyInvoiceDetail.details }).from(companyInvoiceDetail).where(and(eq(companyInvoiceDetail.companyId, companyId), isNull(companyInvoiceDetail.talentId))).for('update');
        const details: InvoiceDetails = { ...(kept?.details ?? {}), legalName: values.legalName ?? undefined, vatNumber: values.vatNumber?.replace(/\s+/g, '').toUpperCase() ?? undefined, registrationNumber: values.registrationNumber ?? undefined };
        if (kept) await tx.update(companyInvoiceDetail).set({ details }).where(eq(companyInvoiceDetail.id, kept.id));
        else await tx.insert(companyInvoiceDetail).values({ companyId, talentId: null, details });
        await recordEvent(tx, context.viewer!, { type: 'company.update', toId: null, data: { entityId: companyId, companyId, changedFields: ['invoiceDetails'], after: { legalName: details.legalName ?? null, vatNumber: details.vatNumber ?? null, registrationNumber: details.registrationNumber ?? null } } });
      });
      const details = await invoiceDetailsOf(context.db, companyId, null);
      return { legalName: details?.legalName ?? null, vatNumber: details?.vatNumber ?? null, registrationNumber: details?.registrationNumber ?? null };
    },
  }),
);

const InvoiceDraftInput = builder.inputType('InvoiceDraftInput', {
  fields: (t) => ({
    billingId: t.id({ required: true }),
    vatRate: t.string({ required: false, description: 'Percent, e.g. "20" or "5.5"; blank is 0' }),
    vatExemptionReason: t.string({ required: false, description: 'Required when the rate is 0 (EN 16931 BR-E-10)' }),
    dueDate: t.string({ required: false, description: "yyyy-mm-dd; blank: set when the invoice is issued, the seller's payment terms after the issue day (30 days unless its invoice details say otherwise)" }),
    note: t.string({ required: false }),
  }),
});

/** The invoice details a company keeps for itself (no talent) or for one of its talents. */
async function invoiceDetailsOf(db: Writer, companyId: string, talentProfileId: string | null): Promise<InvoiceDetails | null> {
  const [row] = await db
    .select({ details: companyInvoiceDetail.details })
    .from(companyInvoiceDetail)
    .where(and(eq(companyInvoiceDetail.companyId, companyId), talentProfileId ? eq(companyInvoiceDetail.talentId, talentProfileId) : isNull(companyInvoiceDetail.talentId)))
    .orderBy(desc(companyInvoiceDetail.updatedAt))
    .limit(1);
  return row?.details ?? null;
}

/** A company as a party of an invoice, with its own invoice details (their payment terms are the invoice's). */
async function companyParty(db: Writer, companyId: string): Promise<{ party: InvoicePartyValue; details: InvoiceDetails | null }> {
  const [row] = await db.select({ name: company.name, address: company.address, country: company.country }).from(company).where(eq(company.id, companyId));
  const details = await invoiceDetailsOf(db, companyId, null);
  return { party: invoicePartyOf(row?.name ?? '', details, { address: row?.address, country: row?.country }), details };
}

builder.mutationField('createOneInvoice', (t) =>
  t.field({
    type: Invoice,
    description:
      'Prepares a draft invoice (no number yet) from an APPROVED billing the selected company reviews: its own sales invoice to the client when it provides the talent, else a self-billed invoice in the talent\'s name. One standing invoice or draft per billing (CONFLICT alreadyInvoiced). Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.create',
    authScopes: { signedIn: true },
    args: { data: t.arg({ type: InvoiceDraftInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      const parsed = invoiceDraftSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), WORDS);
      const values = parsed.data;
      const id = await context.db.transaction(async (tx) => {
        const locked = await lockReviewedBilling(tx, companyId, values.billingId);
        if (!locked) throw invalidFields([{ path: 'billingId', code: 'billingUnknown' }], WORDS);
        requireSeparateDuties(context, locked.talentUserId);
        const reviewed = (await loadReviewedBilling(tx, companyId, locked.id))!;
        if (!canPrepareInvoice(reviewed.status, reviewed.invoice !== null)) throw conflict(reviewed.invoice ? 'alreadyInvoiced' : 'notApproved', WORDS);
        const [assignment] = await tx.select().from(jobAssignment).where(eq(jobAssignment.id, locked.jobAssignmentId!));
        // The reviewing company sells the talent's work on when it sits between talent and client.
        const sells = assignment?.providerCompanyId === companyId && assignment.clientCompanyId !== null && assignment.clientCompanyId !== companyId;
        const lines: InvoiceLineValue[] =
          sells && reviewed.salesAmount !== null && reviewed.salesAmount !== reviewed.amount
            ? [{ description: `${reviewed.assignment?.roleTitle ?? 'Services'}: ${reviewed.talentName ?? ''}, ${reviewed.year}-${String(reviewed.month).padStart(2, '0')}`.trim(), quantity: '1.00', unitCode: 'C62', price: reviewed.salesAmount, amount: reviewed.salesAmount }]
            : reviewed.lines.map((line) => ({ description: line.description ?? '', quantity: line.quantity ?? '1.00', unitCode: unitCodeOf(line.unit), price: line.price ?? line.amount, amount: line.amount }));
        const totals = invoiceTotals(lines.map((line) => line.amount), values.vatRate);
        const [created] = await tx
          .insert(invoice)
          .values({
            createdById: userId,
            issuerCompanyId: companyId,
            fromCompanyId: sells ? companyId : null,
            toCompanyId: sells ? assignment!.clientCompanyId : companyId,
            jobAssignmentId: locked.jobAssignmentId,
            talentProfileId: locked.talentProfileId,
            billingId: locked.id,
            kind: 'INVOICE',
            selfBilled: !sells,
            currency: locked.currency,
            lines,
            netTotal: totals.net,
            vatRate: values.vatRate,
            vatTotal: totals.vat,
            total: totals.gross,
            description: values.note,
            invoiceDetails: values.vatExemptionReason ? { vatExemptionReason: values.vatExemptionReason } : {},
            // Blank until it is issued: then the seller's payment terms after the issue day.
            dueDate: values.dueDate,
            status: 'UNPAID',
          })
          .returning({ id: invoice.id });
        await recordEvent(tx, context.viewer!, { type: 'invoice.create', toId: null, data: { entityId: created!.id, companyId, billingId: locked.id, after: { total: totals.gross, currency: locked.currency, selfBilled: !sells } } });
        return created!.id;
      });
      return findVisible(context.db, companyId, id);
    },
  }),
);

/** The next number of this issuer for this year, under the counter row's lock: gapless as long as the transaction commits. */
async function nextSequence(tx: Writer, companyId: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberCounter)
    .values({ companyId, year, lastSequence: 1 })
    .onConflictDoUpdate({ target: [invoiceNumberCounter.companyId, invoiceNumberCounter.year], set: { lastSequence: sql`${invoiceNumberCounter.lastSequence} + 1` } })
    .returning({ lastSequence: invoiceNumberCounter.lastSequence });
  return row!.lastSequence;
}

/** Who sells and who buys on an invoice of this company, as they are now, and the seller's payment terms in days. */
async function partiesOf(tx: Writer, row: InvoiceRow): Promise<{ seller: InvoicePartyValue; buyer: InvoicePartyValue; paymentTermsDays: number }> {
  const issuer = await companyParty(tx, row.issuerCompanyId!);
  if (!row.selfBilled) return { seller: issuer.party, buyer: (await companyParty(tx, row.toCompanyId!)).party, paymentTermsDays: paymentTermsDaysOf(issuer.details) };
  // The details the company keeps for the talent, else what their payment profile says.
  const kept = await invoiceDetailsOf(tx, row.issuerCompanyId!, row.talentProfileId);
  const [payment] = kept || !row.talentProfileId ? [] : await tx.select({ bank: talentPaymentProfile.bankInformation }).from(talentPaymentProfile).where(eq(talentPaymentProfile.talentProfileId, row.talentProfileId)).orderBy(desc(talentPaymentProfile.updatedAt)).limit(1);
  return { seller: invoicePartyOf(row.talentName ?? '', kept ?? talentDetailsFromBankAccount(payment?.bank)), buyer: issuer.party, paymentTermsDays: paymentTermsDaysOf(kept) };
}

async function noteBillingStep(context: ApiContext, tx: Writer, row: InvoiceRow, companyId: string, before: string, after: string): Promise<void> {
  await recordEvent(tx, context.viewer!, {
    type: 'billing.update',
    toId: row.talentUserId,
    data: { entityId: row.billingId!, companyId, changedFields: ['status'], before: { status: before }, after: { status: after, invoiceId: row.id, invoiceNumber: row.number } },
  });
}

/** Who moves an invoice on, and which one: the id as it was sent. */
interface InvoiceStep {
  context: ApiContext;
  companyId: string;
  userId: string;
  id: string;
}

/**
 * A mutation that moves one of the selected company's own invoices on (issues it, marks it
 * paid), by its id: it needs jobAssignment update, runs `step` in one transaction with the
 * invoice locked (two steps at once cannot both pass its checks), never for the talent the
 * invoice concerns (separation of duties), and answers the invoice as it reads afterwards.
 */
function invoiceStepMutation(name: string, description: string, step: (tx: Writer, row: InvoiceRow, by: InvoiceStep) => Promise<void>): void {
  builder.mutationField(name, (t) =>
    t.field({
      type: Invoice,
      description,
      authScopes: { signedIn: true },
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) => {
        const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
        const id = String(args.id);
        await context.db.transaction(async (tx) => {
          const row = await lockIssued(tx, companyId, id);
          requireSeparateDuties(context, row.talentUserId);
          await step(tx, row, { context, companyId, userId, id });
        });
        return findVisible(context.db, companyId, id);
      },
    }),
  );
}

invoiceStepMutation(
  'issueInvoice',
  'Issues a draft of the selected company: gives it the next number of the year (gapless), copies the parties as they are now, sets the due date (unless the draft has one) to the payment terms of the seller after today, and moves its billing APPROVED → INVOICED. CONFLICT sellerIncomplete / buyerIncomplete when a party lacks its name or country. Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.update and billing.update to the talent',
  async (tx, row, { context, companyId, userId, id }) => {
    if (row.issuedAt !== null) throw conflict('alreadyIssued', WORDS);
    const { seller, buyer, paymentTermsDays } = await partiesOf(tx, row);
    if (missingPartyFields(seller).length) throw conflict(row.selfBilled ? 'talentDetailsIncomplete' : 'sellerIncomplete', WORDS);
    if (missingPartyFields(buyer).length) throw conflict('buyerIncomplete', WORDS);
    const [current] = row.billingId ? await tx.select({ status: billing.status }).from(billing).where(eq(billing.id, row.billingId)).for('update') : [];
    if (current && current.status !== 'INVOICED' && !canChangeStatus('company', current.status, 'INVOICED')) throw conflict('notApproved', WORDS);
    const issuedAt = new Date();
    const year = numberingYear(issuedAt);
    const sequence = await nextSequence(tx, companyId, year);
    const number = formatInvoiceNumber(year, sequence);
    // A due date the company chose on the draft stands; else the terms run from today.
    const dueDate = row.dueDate ?? invoiceDueDate(issuedAt, paymentTermsDays);
    await tx.update(invoice).set({ number, year, sequence, issuedAt, seller, buyer, dueDate }).where(eq(invoice.id, id));
    await recordEvent(tx, context.viewer!, { type: 'invoice.update', toId: null, data: { entityId: id, companyId, changedFields: ['number', 'issuedAt'], after: { number } } });
    if (row.billingId && current) {
      await tx.update(billing).set({ status: 'INVOICED', invoicedAt: issuedAt, invoicedById: userId }).where(eq(billing.id, row.billingId));
      await noteBillingStep(context, tx, { ...row, number }, companyId, current.status, 'INVOICED');
    }
  },
);

builder.mutationField('deleteOneInvoice', (t) =>
  t.field({
    type: 'Boolean',
    description: 'Deletes a draft of the selected company (it has no number); an issued invoice is corrected by a credit note, never deleted (CONFLICT issued). Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.delete',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      const id = String(args.id);
      await context.db.transaction(async (tx) => {
        const row = await lockIssued(tx, companyId, id);
        requireSeparateDuties(context, row.talentUserId);
        if (!canDeleteInvoice(row.issuedAt)) throw conflict('issued', WORDS);
        await tx.update(invoice).set({ deletedAt: new Date() }).where(eq(invoice.id, id));
        await recordEvent(tx, context.viewer!, { type: 'invoice.delete', toId: null, data: { entityId: id, companyId, before: { total: row.total, currency: row.currency } } });
      });
      return true;
    },
  }),
);

invoiceStepMutation(
  'markInvoicePaid',
  "Marks an issued invoice of the selected company PAID, moves its billing INVOICED → PAID and credits the talent's balance on the company's roster with the billed amount (a SALARY entry; the roster entry is made, accepted and in the billing's currency, if there is none; CONFLICT rosterNotAccepted while the talent has not accepted an entry the company asked for). Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.update, billing.update to the talent and companyTalentRoster.update",
  async (tx, row, { context, companyId, userId, id }) => {
    if (!canMarkInvoicePaid({ ...row, creditedBy: row.creditedById })) throw conflict(row.status === 'PAID' ? 'alreadyPaid' : 'notPayable', WORDS);
    const paidAt = new Date();
    await tx.update(invoice).set({ status: 'PAID', paidAt, paidById: userId }).where(eq(invoice.id, id));
    await recordEvent(tx, context.viewer!, { type: 'invoice.update', toId: null, data: { entityId: id, companyId, changedFields: ['status'], before: { status: 'UNPAID' }, after: { status: 'PAID' } } });
    if (!row.billingId) return;
    const [paid] = await tx.select().from(billing).where(eq(billing.id, row.billingId)).for('update');
    if (!paid || !canChangeStatus('company', paid.status, 'PAID')) return;
    await creditSalary(context, tx, { companyId, userId, talentProfileId: paid.talentProfileId, talentUserId: row.talentUserId, jobAssignmentId: paid.jobAssignmentId, amount: paid.amount, currency: paid.currency });
    await tx.update(billing).set({ status: 'PAID', paidAt, paidById: userId }).where(eq(billing.id, paid.id));
    await noteBillingStep(context, tx, row, companyId, paid.status, 'PAID');
  },
);

/**
 * The SALARY entry a paid billing puts on the talent's balance with the company, booked
 * like any ledger entry; the roster entry is made (or restored) if needed. A roster kept
 * in another currency refuses it: currencies are never mixed in a balance.
 *
 * Consent before a company holds a talent: the billing is one the talent sent this company
 * herself, so a roster entry made here for its payment is her own doing and is made
 * accepted. An entry the company asked for and she has not accepted (requested), or
 * declined, is another matter: the billing does not answer the company's request for her,
 * and that entry takes no entries (bookLedgerEntry refuses it too). The payment is then
 * refused as a whole (CONFLICT rosterNotAccepted) rather than marked paid without its
 * salary, which would leave her balance short with nothing to show it: it is marked paid
 * once she accepts (a removed entry she never accepted is refused alike; one she declined
 * is asked again by adding her again).
 */
async function creditSalary(
  context: ApiContext,
  tx: Writer,
  entry: { companyId: string; userId: string; talentProfileId: string; talentUserId: string | null; jobAssignmentId: string | null; amount: string; currency: string },
): Promise<void> {
  const [existing] = await tx
    .select({ id: companyTalentRoster.id, currency: companyTalentRoster.currency, consent: companyTalentRoster.consent, deletedAt: companyTalentRoster.deletedAt })
    .from(companyTalentRoster)
    .where(and(eq(companyTalentRoster.companyId, entry.companyId), eq(companyTalentRoster.talentProfileId, entry.talentProfileId)));
  if (existing && !rosterHoldsTalent(existing.consent)) throw conflict('rosterNotAccepted', WORDS);
  if (existing && existing.currency !== entry.currency) throw conflict('rosterCurrency', WORDS);
  let rosterId = existing?.id;
  if (!existing) {
    const [created] = await tx
      .insert(companyTalentRoster)
      .values({ companyId: entry.companyId, talentProfileId: entry.talentProfileId, currency: entry.currency, managerId: entry.userId, consent: 'accepted', consentAnsweredAt: new Date() })
      .returning({ id: companyTalentRoster.id });
    rosterId = created!.id;
    await recordEvent(tx, context.viewer!, {
      type: 'companyTalentRoster.create',
      toId: entry.talentUserId,
      data: { entityId: rosterId, companyId: entry.companyId, after: { currency: entry.currency, consent: 'accepted', reason: 'billing paid' } },
    });
  } else if (existing.deletedAt) {
    await tx.update(companyTalentRoster).set({ deletedAt: null }).where(eq(companyTalentRoster.id, existing.id));
  }
  const roster = await ownRosterEntry(tx, entry.companyId, rosterId!, true);
  await bookLedgerEntry(tx, context, entry.companyId, roster, { type: 'SALARY', change: entry.amount, currency: entry.currency, jobAssignmentId: entry.jobAssignmentId });
}

builder.mutationField('createCreditNote', (t) =>
  t.field({
    type: Invoice,
    description:
      'Cancels an issued, unpaid invoice of the selected company with a credit note, issued at once with the next number (a correction is never a deletion). Its billing stays INVOICED and may be invoiced again. Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.create',
    authScopes: { signedIn: true },
    args: { invoiceId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      const parsed = creditNoteSchema.safeParse({ reason: args.reason });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), WORDS, null);
      const id = await context.db.transaction(async (tx) => {
        const row = await lockIssued(tx, companyId, String(args.invoiceId));
        requireSeparateDuties(context, row.talentUserId);
        if (!canCreditInvoice({ ...row, creditedBy: row.creditedById })) throw conflict('notCreditable', WORDS);
        const issuedAt = new Date();
        const year = numberingYear(issuedAt);
        const sequence = await nextSequence(tx, companyId, year);
        const totals = creditTotals({ net: row.netTotal ?? row.total, vat: row.vatTotal ?? '0.00', gross: row.total });
        const [created] = await tx
          .insert(invoice)
          .values({
            createdById: userId,
            issuerCompanyId: companyId,
            fromCompanyId: row.fromCompanyId,
            toCompanyId: row.toCompanyId,
            jobAssignmentId: row.jobAssignmentId,
            talentProfileId: row.talentProfileId,
            billingId: row.billingId,
            kind: 'CREDIT_NOTE',
            selfBilled: row.selfBilled,
            creditedInvoiceId: row.id,
            number: formatInvoiceNumber(year, sequence),
            year,
            sequence,
            issuedAt,
            currency: row.currency,
            lines: row.lines.map((line) => ({ ...line, amount: negateMoney(line.amount) })),
            netTotal: totals.net,
            vatRate: row.vatRate,
            vatTotal: totals.vat,
            total: totals.gross,
            seller: row.seller,
            buyer: row.buyer,
            description: parsed.data.reason,
            invoiceDetails: row.invoiceDetails,
            dueDate: null,
            status: 'UNPAID',
          })
          .returning({ id: invoice.id });
        await recordEvent(tx, context.viewer!, { type: 'invoice.create', toId: null, data: { entityId: created!.id, companyId, creditedInvoiceId: row.id, after: { total: totals.gross, reason: parsed.data.reason } } });
        return created!.id;
      });
      return findVisible(context.db, companyId, id);
    },
  }),
);
