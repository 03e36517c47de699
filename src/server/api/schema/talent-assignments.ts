import { and, asc, desc, eq, inArray, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  assignmentErrorMessage,
  dateOrderError,
  parseAssignmentChanges,
  parseNewAssignment,
  type AssignmentDetails,
  type AssignmentFieldError,
} from '../../../lib/assignments/assignment-input';
import { ASSIGNMENT_STATUSES, assignmentStatus, todayIso, type AssignmentStatus } from '../../../lib/assignments/assignment-status';
import { clientAmountForTalent } from '../../../lib/assignments/client-prices';
import { isUuid } from '../../../lib/ids';
import type { AppDatabase } from '../../db/client';
import { billing, company, companyTalentRoster, jobAssignment, jobDescription, type BillingStatus } from '../../db/schema';
import { recordEvent } from '../record-event';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder, type BuilderTypes } from '../builder';
import { ApiError, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// The signed-in talent's own job assignments (spec §3 jobAssignment): every query and
// mutation here is scoped by the caller's talent profile id, so an id from the client
// can only ever reach the caller's own rows; any other id is NOT_FOUND.

// ---------------------------------------------------------------------------------------
// Reading

const clientCompany = alias(company, 'client_company');
const providerCompany = alias(company, 'provider_company');
const salesCompany = alias(company, 'sales_company');

const assignmentColumns = {
  id: jobAssignment.id,
  startDate: jobAssignment.startDate,
  endDate: jobAssignment.endDate,
  team: jobAssignment.team,
  costCenter: jobAssignment.costCenter,
  talentNote: jobAssignment.talentNote,
  currency: jobAssignment.assignmentCurrency,
  clientPricesIsVisibleToTalent: jobAssignment.clientPricesIsVisibleToTalent,
  createdAt: jobAssignment.createdAt,
  updatedAt: jobAssignment.updatedAt,
  roleId: jobDescription.id,
  roleTitle: jobDescription.title,
  roleDescription: jobDescription.description,
  roleLocation: jobDescription.location,
  roleSkills: jobDescription.skills,
  clientCompanyId: clientCompany.id,
  clientCompanyName: clientCompany.name,
  providerCompanyId: providerCompany.id,
  providerCompanyName: providerCompany.name,
  salesCompanyId: salesCompany.id,
  salesCompanyName: salesCompany.name,
};

/** Assignments with their role and the three companies, in one query (no query per row). */
function selectAssignments(db: AppDatabase) {
  return db
    .select(assignmentColumns)
    .from(jobAssignment)
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .leftJoin(clientCompany, eq(clientCompany.id, jobAssignment.clientCompanyId))
    .leftJoin(providerCompany, eq(providerCompany.id, jobAssignment.providerCompanyId))
    .leftJoin(salesCompany, eq(salesCompany.id, jobAssignment.salesCompanyId));
}

type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>['execute']>>[number];

interface CompanyView {
  id: string;
  name: string;
}

interface RoleView {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  skills: string[];
}

export interface AssignmentView {
  id: string;
  status: AssignmentStatus;
  startDate: string | null;
  endDate: string | null;
  team: string | null;
  costCenter: string | null;
  talentNote: string | null;
  currency: string | null;
  clientPricesIsVisibleToTalent: boolean;
  createdAt: Date;
  updatedAt: Date;
  role: RoleView | null;
  clientCompany: CompanyView | null;
  providerCompany: CompanyView | null;
  salesCompany: CompanyView | null;
}

interface BillingView {
  id: string;
  year: number;
  month: number;
  status: BillingStatus;
  amount: string;
  currency: string;
  /** Already filtered by the visibility rule: the stored sales amount never reaches a resolver. */
  clientAmount: string | null;
  dueDate: string | null;
}

interface AssignmentDetailView extends AssignmentView {
  /** The caller's profile, which the billings are scoped by too. */
  profileId: string;
}

const companyOf = (id: string | null, name: string | null): CompanyView | null => (id && name !== null ? { id, name } : null);

function toView(row: AssignmentRow, today: string): AssignmentView {
  return {
    id: row.id,
    status: assignmentStatus(row, today),
    startDate: row.startDate,
    endDate: row.endDate,
    team: row.team,
    costCenter: row.costCenter,
    talentNote: row.talentNote,
    currency: row.currency,
    clientPricesIsVisibleToTalent: row.clientPricesIsVisibleToTalent,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    role:
      row.roleId && row.roleTitle !== null
        ? { id: row.roleId, title: row.roleTitle, description: row.roleDescription, location: row.roleLocation, skills: row.roleSkills ?? [] }
        : null,
    clientCompany: companyOf(row.clientCompanyId, row.clientCompanyName),
    providerCompany: companyOf(row.providerCompanyId, row.providerCompanyName),
    salesCompany: companyOf(row.salesCompanyId, row.salesCompanyName),
  };
}

/** The caller's live (not soft-deleted) assignments. */
const mine = (profileId: string) => and(eq(jobAssignment.talentProfileId, profileId), isNull(jobAssignment.deletedAt));

/**
 * The SQL twin of assignmentStatus(...) === 'CURRENT': started (or no start) and not ended
 * (or no end) on `today`. Kept beside the rule's import so both change together.
 */
const currentOn = (today: string) =>
  and(
    or(isNull(jobAssignment.startDate), lte(jobAssignment.startDate, today)),
    or(isNull(jobAssignment.endDate), gte(jobAssignment.endDate, today)),
  );

async function loadMyAssignment(db: AppDatabase, profileId: string, id: string): Promise<AssignmentView | null> {
  const [row] = await selectAssignments(db)
    .where(and(mine(profileId), eq(jobAssignment.id, id)))
    .limit(1);
  return row ? toView(row, todayIso()) : null;
}

async function loadBillings(db: AppDatabase, profileId: string, assignment: AssignmentView): Promise<BillingView[]> {
  const rows = await db
    .select({
      id: billing.id,
      year: billing.year,
      month: billing.month,
      status: billing.status,
      amount: billing.amount,
      salesAmount: billing.salesAmount,
      currency: billing.currency,
      dueDate: billing.dueDate,
    })
    .from(billing)
    .where(and(eq(billing.jobAssignmentId, assignment.id), eq(billing.talentProfileId, profileId), isNull(billing.deletedAt)))
    .orderBy(desc(billing.year), desc(billing.month), desc(billing.createdAt));
  const priceRule = {
    clientPricesIsVisibleToTalent: assignment.clientPricesIsVisibleToTalent,
    salesCompanyId: assignment.salesCompany?.id ?? null,
    providerCompanyId: assignment.providerCompany?.id ?? null,
  };
  return rows.map(({ salesAmount, ...row }) => ({ ...row, clientAmount: clientAmountForTalent(priceRule, { amount: row.amount, salesAmount }) }));
}

// ---------------------------------------------------------------------------------------
// Types

const AssignmentStatusEnum = builder.enumType('TalentAssignmentStatus', {
  description: 'Where an assignment stands today, from its dates: before the start day, between start and end (both included), after the end day',
  values: ASSIGNMENT_STATUSES,
});

const AssignmentSort = builder.enumType('TalentAssignmentSort', {
  values: {
    START_DATE_DESC: { description: 'Newest start first (undated last)' },
    START_DATE_ASC: { description: 'Oldest start first (undated last)' },
  },
});

const AssignmentFilter = builder.enumType('TalentAssignmentFilter', {
  values: {
    ALL: { description: 'Every assignment' },
    CURRENT: { description: 'Only assignments whose status is CURRENT today' },
  },
});

const AssignmentCompany = builder.objectRef<CompanyView>('TalentAssignmentCompany').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
  }),
});

const AssignmentRole = builder.objectRef<RoleView>('TalentAssignmentRole').implement({
  description: 'The job description the assignment fills',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    skills: t.exposeStringList('skills'),
  }),
});

const AssignmentBilling = builder.objectRef<BillingView>('TalentAssignmentBilling').implement({
  description: "One of the assignment's monthly billings, as a summary",
  fields: (t) => ({
    id: t.exposeID('id'),
    year: t.exposeInt('year'),
    month: t.exposeInt('month', { description: '1 to 12' }),
    status: t.exposeString('status', { description: 'DRAFT, SENT, APPROVED, INVOICED, PAID or REJECTED' }),
    amount: t.field({ type: 'Decimal', description: 'What the talent bills', resolve: (row) => row.amount }),
    currency: t.exposeString('currency'),
    clientAmount: t.field({
      type: 'Decimal',
      nullable: true,
      description:
        'What the client pays for this billing; null unless the assignment shows client prices to the talent (clientPricesIsVisibleToTalent), or while no price is known',
      resolve: (row) => row.clientAmount,
    }),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'yyyy-mm-dd' }),
  }),
});

type Types = PothosSchemaTypes.ExtendDefaultTypes<BuilderTypes>;

/** The fields of an assignment, shared by the list item and the detail type. */
function assignmentFields<Shape extends AssignmentView>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>) {
  return {
    id: t.id({ resolve: (row) => row.id }),
    status: t.field({ type: AssignmentStatusEnum, resolve: (row) => row.status }),
    startDate: t.string({ nullable: true, description: 'yyyy-mm-dd', resolve: (row) => row.startDate }),
    endDate: t.string({ nullable: true, description: 'yyyy-mm-dd; null while open-ended', resolve: (row) => row.endDate }),
    team: t.string({ nullable: true, resolve: (row) => row.team }),
    costCenter: t.string({ nullable: true, resolve: (row) => row.costCenter }),
    talentNote: t.string({ nullable: true, resolve: (row) => row.talentNote }),
    currency: t.string({ nullable: true, description: 'ISO 4217 code of the assignment', resolve: (row) => row.currency }),
    clientPricesIsVisibleToTalent: t.boolean({ resolve: (row) => row.clientPricesIsVisibleToTalent }),
    role: t.field({ type: AssignmentRole, nullable: true, resolve: (row) => row.role }),
    clientCompany: t.field({ type: AssignmentCompany, nullable: true, resolve: (row) => row.clientCompany }),
    providerCompany: t.field({ type: AssignmentCompany, nullable: true, resolve: (row) => row.providerCompany }),
    salesCompany: t.field({ type: AssignmentCompany, nullable: true, resolve: (row) => row.salesCompany }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  };
}

export const TalentAssignment = builder.objectRef<AssignmentView>('TalentAssignment');
TalentAssignment.implement({
  description: "One of the signed-in talent's job assignments",
  fields: (t) => assignmentFields(t),
});

const TalentAssignmentDetail = builder.objectRef<AssignmentDetailView>('TalentAssignmentDetail').implement({
  description: "One of the signed-in talent's job assignments, with its billings",
  fields: (t) => ({
    ...assignmentFields(t),
    // A detail is one row per request, so loading its billings here is one query, and only
    // when they are asked for.
    billings: t.field({ type: [AssignmentBilling], description: 'Newest period first', resolve: (row, _args, context) => loadBillings(context.db, row.profileId, row) }),
  }),
});

const TalentAssignmentPage = pageOf(TalentAssignment, 'TalentAssignment');

interface ClientOptionView {
  company: CompanyView;
  currency: string;
  roles: Array<{ id: string; title: string }>;
}

const RoleOption = builder.objectRef<{ id: string; title: string }>('TalentAssignmentRoleOption').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
  }),
});

const ClientOption = builder.objectRef<ClientOptionView>('TalentAssignmentClientOption').implement({
  description: 'A company whose talent roster holds the signed-in talent: a client they can record an assignment with',
  fields: (t) => ({
    company: t.field({ type: AssignmentCompany, resolve: (row) => row.company }),
    currency: t.exposeString('currency', { description: "The roster entry's currency, the default of a new assignment" }),
    roles: t.field({ type: [RoleOption], description: "The company's job descriptions, by title", resolve: (row) => row.roles }),
  }),
});

// ---------------------------------------------------------------------------------------
// Queries

builder.queryField('myJobAssignments', (t) =>
  t.field({
    type: TalentAssignmentPage,
    description: "The signed-in talent's job assignments (none before they have a talent profile)",
    authScopes: { signedIn: true },
    args: {
      ...pageArgs,
      sort: t.arg({ type: AssignmentSort, required: false, description: 'Default START_DATE_DESC' }),
      filter: t.arg({ type: AssignmentFilter, required: false, description: 'Default ALL' }),
    },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const today = todayIso();
      const where = args.filter === 'CURRENT' ? and(mine(profileId), currentOn(today)) : mine(profileId);
      const startOrder: SQL =
        args.sort === 'START_DATE_ASC' ? sql`${jobAssignment.startDate} asc nulls last` : sql`${jobAssignment.startDate} desc nulls last`;
      const [rows, [counted]] = await Promise.all([
        selectAssignments(context.db)
          .where(where)
          .orderBy(startOrder, desc(jobAssignment.createdAt), asc(jobAssignment.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: sql<number>`count(*)::int` }).from(jobAssignment).where(where),
      ]);
      return { items: rows.map((row) => toView(row, today)), total: counted?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('myJobAssignment', (t) =>
  t.field({
    type: TalentAssignmentDetail,
    description: "One of the signed-in talent's job assignments with its billings; NOT_FOUND for any other id",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This assignment');
      const profileId = await findMyTalentProfileId(context);
      const assignment = profileId ? await loadMyAssignment(context.db, profileId, id) : null;
      if (!profileId || !assignment) throw notFound('This assignment');
      return { ...assignment, profileId };
    },
  }),
);

builder.queryField('myAssignmentClientOptions', (t) =>
  t.field({
    type: [ClientOption],
    description: 'The companies whose talent roster holds the signed-in talent, by name, with their job descriptions',
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
      const rosters = await context.db
        .select({ id: company.id, name: company.name, currency: companyTalentRoster.currency })
        .from(companyTalentRoster)
        .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
        .where(and(eq(companyTalentRoster.talentProfileId, profileId), isNull(company.deletedAt)))
        .orderBy(asc(company.name), asc(company.id));
      if (rosters.length === 0) return [];
      const roles = await context.db
        .select({ id: jobDescription.id, title: jobDescription.title, companyId: jobDescription.clientCompanyId })
        .from(jobDescription)
        .where(and(inArray(jobDescription.clientCompanyId, rosters.map((roster) => roster.id)), isNull(jobDescription.deletedAt)))
        .orderBy(asc(jobDescription.title), asc(jobDescription.id));
      return rosters.map((roster) => ({
        company: { id: roster.id, name: roster.name },
        currency: roster.currency,
        roles: roles.filter((role) => role.companyId === roster.id).map(({ id, title }) => ({ id, title })),
      }));
    },
  }),
);

// ---------------------------------------------------------------------------------------
// Mutations

const badInput = (errors: AssignmentFieldError[]) => {
  const fieldErrors = errors.map((error) => ({ field: `data.${error.field}`, message: assignmentErrorMessage(error) }));
  return new ApiError('BAD_USER_INPUT', fieldErrors.length === 1 ? fieldErrors[0]!.message : 'Some fields need attention', {
    hint: 'see fieldErrors',
    fieldErrors,
  });
};

const CreateInput = builder.inputType('CreateMyJobAssignmentInput', {
  description: 'A job assignment the signed-in talent records with a company whose talent roster holds them',
  fields: (t) => ({
    clientCompanyId: t.id({ required: true, description: 'A company whose talent roster holds you' }),
    jobDescriptionId: t.id({ description: 'One of that client company\'s job descriptions; empty for none' }),
    startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31 (required)' }),
    endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; empty while open-ended' }),
    team: t.string({ description: 'At most 200 characters' }),
    costCenter: t.string({ description: 'At most 200 characters' }),
    talentNote: t.string({ description: 'At most 5000 characters' }),
    currency: t.string({ description: "ISO 4217 code; empty for your roster entry's currency with the client" }),
  }),
});

const UpdateInput = builder.inputType('UpdateMyJobAssignmentInput', {
  description: 'A partial update: a field left out stays as it is, null or blank clears it (the start date cannot be cleared)',
  fields: (t) => ({
    startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31' }),
    endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; null while open-ended' }),
    team: t.string({ description: 'At most 200 characters' }),
    costCenter: t.string({ description: 'At most 200 characters' }),
    talentNote: t.string({ description: 'At most 5000 characters' }),
  }),
});

builder.mutationField('createMyJobAssignment', (t) =>
  t.field({
    type: TalentAssignment,
    description:
      "Records a job assignment for the signed-in talent with a company whose roster holds them, and logs a jobAssignment.create event in the same transaction",
    authScopes: { signedIn: true },
    args: { data: t.arg({ type: CreateInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const parsed = parseNewAssignment({ ...data, clientCompanyId: String(data.clientCompanyId), jobDescriptionId: data.jobDescriptionId?.toString() ?? null });
      if (!parsed.ok) throw badInput(parsed.errors);
      const values = parsed.values;
      const profileId = await requireMyTalentProfileId(context);
      const { db, viewer } = context;
      const id = await db.transaction(async (tx) => {
        // The client must be a live company whose roster holds this talent: the posted id
        // is never trusted on its own.
        const [roster] = await tx
          .select({ currency: companyTalentRoster.currency })
          .from(companyTalentRoster)
          .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
          .where(and(eq(companyTalentRoster.companyId, values.clientCompanyId), eq(companyTalentRoster.talentProfileId, profileId), isNull(company.deletedAt)))
          .limit(1);
        if (!roster) throw badInput([{ field: 'clientCompanyId', code: 'clientNotMine' }]);
        if (values.jobDescriptionId) {
          const [role] = await tx
            .select({ id: jobDescription.id })
            .from(jobDescription)
            .where(and(eq(jobDescription.id, values.jobDescriptionId), eq(jobDescription.clientCompanyId, values.clientCompanyId), isNull(jobDescription.deletedAt)))
            .limit(1);
          if (!role) throw badInput([{ field: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' }]);
        }
        const row = {
          jobDescriptionId: values.jobDescriptionId,
          talentProfileId: profileId,
          clientCompanyId: values.clientCompanyId,
          assignmentCurrency: values.currency ?? roster.currency,
          startDate: values.startDate,
          endDate: values.endDate,
          team: values.team,
          costCenter: values.costCenter,
          talentNote: values.talentNote,
        };
        const [created] = await tx.insert(jobAssignment).values(row).returning({ id: jobAssignment.id });
        const { talentProfileId: _profile, ...after } = row;
        await recordEvent(tx, viewer!, {
          type: 'jobAssignment.create',
          toId: values.clientCompanyId,
          data: { entityId: created!.id, companyId: values.clientCompanyId, talentProfileId: profileId, after },
        });
        return created!.id;
      });
      return (await loadMyAssignment(db, profileId, id))!;
    },
  }),
);

builder.mutationField('updateMyJobAssignment', (t) =>
  t.field({
    type: TalentAssignment,
    description:
      "Changes the dates, team, cost centre or note of one of the signed-in talent's assignments (NOT_FOUND for any other id), and logs a jobAssignment.update event in the same transaction",
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateInput, required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This assignment');
      const profileId = await requireMyTalentProfileId(context);
      const parsed = parseAssignmentChanges(args.data);
      if (!parsed.ok) throw badInput(parsed.errors);
      const { db, viewer } = context;
      await db.transaction(async (tx) => {
        // Locked, so two saves of the same assignment cannot interleave their change lists.
        const [current] = await tx
          .select()
          .from(jobAssignment)
          .where(and(mine(profileId), eq(jobAssignment.id, id)))
          .limit(1)
          .for('update');
        if (!current) throw notFound('This assignment');
        const merged = { startDate: current.startDate, endDate: current.endDate, ...parsed.values };
        const orderError = dateOrderError(merged.startDate, merged.endDate);
        if (orderError) throw badInput([orderError]);
        const after = Object.fromEntries(
          Object.entries(parsed.values).filter(([field, value]) => current[field as keyof AssignmentDetails] !== value),
        ) as Partial<AssignmentDetails>;
        const before = Object.fromEntries(Object.keys(after).map((field) => [field, current[field as keyof AssignmentDetails]]));
        const changedFields = Object.keys(after);
        if (changedFields.length === 0) return;
        await tx.update(jobAssignment).set(after).where(eq(jobAssignment.id, id));
        await recordEvent(tx, viewer!, {
          type: 'jobAssignment.update',
          toId: current.clientCompanyId,
          data: { entityId: id, companyId: current.clientCompanyId, talentProfileId: profileId, changedFields, before, after },
        });
      });
      return (await loadMyAssignment(db, profileId, id))!;
    },
  }),
);
