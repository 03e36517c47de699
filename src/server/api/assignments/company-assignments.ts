import { and, asc, count, eq, ilike, isNull, or, sql, desc, type SQL } from 'drizzle-orm';
import { ASSIGNMENT_LIMITS } from '../../../lib/assignments/assignment-input';
import { todayIso } from '../../../lib/assignments/assignment-status';
import {
  COMPANY_ASSIGNMENT_ERRORS,
  jobAssignmentSchema,
  newJobAssignmentSchema,
  partyIssues,
  type JobAssignmentValues,
} from '../../../lib/assignments/company-assignment-input';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { billing, company, companyOnProviderCompany, invoice, jobAssignment, jobDescription, talentBalanceTransaction, talentProfile } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder, type Types } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { linkedToCompany } from '../job-applications/talent-link';
import { selectAssignmentsWith, statusOn, toView, type AssignmentView, type CompanyView } from './assignment-rows';
import { AssignmentCompany, AssignmentStatusEnum, assignmentFields } from './assignment-types';

// The company side of job assignments (spec §3 jobAssignment, issue 18): the assignments a
// company takes part in as client, provider or sales company, read and written under the
// jobAssignment permission of spec §6. Every id is resolved inside the tp-company company:
// an assignment it takes no part in is NOT_FOUND like an unknown one, and the job
// description, talent and companies of a write must be ones it may name (field errors).
// The talent reads the same rows on /talent/assignments (assignment-queries.ts).

type Reader = Pick<Writer, 'select'>;

/** How many options a form's selects list at most. */
const OPTION_LIMIT = 500;

const companySideColumns = {
  talentProfileId: talentProfile.id,
  talentName: talentProfile.profileName,
  talentJobTitle: talentProfile.jobTitle,
  // The company whose job description the role is, while it is not removed (roleIsOwn).
  roleCompanyId: sql<string | null>`case when ${jobDescription.deletedAt} is null then ${jobDescription.companyId} end`,
};

interface TalentView {
  id: string;
  profileName: string | null;
  jobTitle: string | null;
}

interface CompanyAssignmentView extends AssignmentView {
  talent: TalentView;
  /** The company whose live job description the role is; null when removed or none. */
  roleCompanyId: string | null;
}

/** Assignments with their role, companies and talent. */
const selectCompanyAssignments = (db: Reader) =>
  selectAssignmentsWith(db, companySideColumns).innerJoin(talentProfile, eq(talentProfile.id, jobAssignment.talentProfileId));

/** Live assignments the company takes part in: as client, provider or sales company. */
const ofCompany = (companyId: string) =>
  and(
    isNull(jobAssignment.deletedAt),
    or(eq(jobAssignment.clientCompanyId, companyId), eq(jobAssignment.providerCompanyId, companyId), eq(jobAssignment.salesCompanyId, companyId)),
  )!;

function toCompanyView(row: Awaited<ReturnType<ReturnType<typeof selectCompanyAssignments>['execute']>>[number], today: string): CompanyAssignmentView {
  return { ...toView(row, today), talent: { id: row.talentProfileId, profileName: row.talentName, jobTitle: row.talentJobTitle }, roleCompanyId: row.roleCompanyId };
}

async function loadOwn(db: Reader, companyId: string, id: string): Promise<CompanyAssignmentView> {
  if (!isUuid(id)) throw notFound('The assignment');
  const [row] = await selectCompanyAssignments(db).where(and(eq(jobAssignment.id, id), ofCompany(companyId))).limit(1);
  if (!row) throw notFound('The assignment');
  return toCompanyView(row, todayIso());
}

/** The assignment's own row, locked for the write, with its talent's user (whom the event is addressed to). */
async function lockedOwn(tx: Writer, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound('The assignment');
  const [row] = await tx
    .select({ row: jobAssignment, talentUserId: talentProfile.userId })
    .from(jobAssignment)
    .innerJoin(talentProfile, eq(talentProfile.id, jobAssignment.talentProfileId))
    .where(and(eq(jobAssignment.id, id), ofCompany(companyId)))
    .limit(1)
    .for('update', { of: jobAssignment });
  if (!row) throw notFound('The assignment');
  return row;
}

/** The companies linked to `self` (companyOnProviderCompany, live ones), by name. */
async function partnersOf(db: Reader, self: string): Promise<{ clients: CompanyView[]; providers: CompanyView[] }> {
  const link = companyOnProviderCompany;
  const rows = await db
    .select({ id: company.id, name: company.name, isClient: sql<boolean>`${link.providerCompanyId} = ${self}` })
    .from(link)
    .innerJoin(company, or(and(eq(link.providerCompanyId, self), eq(company.id, link.companyId)), and(eq(link.companyId, self), eq(company.id, link.providerCompanyId))))
    .where(isNull(company.deletedAt))
    .orderBy(asc(company.name), asc(company.id));
  const named = (isClient: boolean) => rows.filter((row) => Boolean(row.isClient) === isClient).map(({ id, name }) => ({ id, name }));
  return { clients: named(true), providers: named(false) };
}

const ids = (companies: readonly CompanyView[]) => companies.map((each) => each.id);

/** The talent placed, if the company may name them: on its roster or holding one of its applications. */
async function nameableTalent(db: Reader, companyId: string, talentProfileId: string): Promise<{ userId: string | null } | null> {
  const [talent] = await db
    .select({ userId: talentProfile.userId })
    .from(talentProfile)
    .where(and(eq(talentProfile.id, talentProfileId), isNull(talentProfile.deletedAt), linkedToCompany(db, companyId)))
    .limit(1);
  return talent ?? null;
}

/**
 * The columns a checked input writes, or BAD_USER_INPUT with every field the company may not
 * name. An edit (`current`) may keep the job description and companies the assignment has,
 * e.g. a client's description on an assignment its provider edits.
 */
async function checkedColumns(db: Reader, companyId: string, values: JobAssignmentValues, extraIssues: FieldIssue[], current: typeof jobAssignment.$inferSelect | null) {
  const issues = [...extraIssues];
  const keptRole = current !== null && current.jobDescriptionId === values.jobDescriptionId;
  const [role] = await db
    .select({ clientCompanyId: jobDescription.clientCompanyId })
    .from(jobDescription)
    .where(and(eq(jobDescription.id, values.jobDescriptionId), keptRole ? undefined : and(eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt))))
    .limit(1);
  if (!role) issues.push({ path: 'jobDescriptionId', code: 'jobDescriptionUnknown' });
  else if (values.clientCompanyId !== null && values.clientCompanyId !== role.clientCompanyId && !(keptRole && values.clientCompanyId === current.clientCompanyId)) {
    issues.push({ path: 'jobDescriptionId', code: 'jobDescriptionNotOfClient' });
  }
  // Left empty, the client is the job description's.
  const parties = {
    clientCompanyId: values.clientCompanyId ?? role?.clientCompanyId ?? null,
    providerCompanyId: values.providerCompanyId,
    salesCompanyId: values.salesCompanyId,
  };
  const partners = await partnersOf(db, companyId);
  // Whether the company takes a part is only worth saying once the rest is right.
  const partyProblems = partyIssues(parties, companyId, { clients: ids(partners.clients), providers: ids(partners.providers) }, current);
  issues.push(...partyProblems.filter((issue) => issue.code !== 'companyNotInvolved' || issues.length === 0));
  if (issues.length) throw invalidFields(issues, COMPANY_ASSIGNMENT_ERRORS);
  return {
    jobDescriptionId: values.jobDescriptionId,
    ...parties,
    assignmentCurrency: values.currency,
    startDate: values.startDate,
    endDate: values.endDate,
    team: values.team ?? null,
    costCenter: values.costCenter ?? null,
    talentNote: values.talentNote ?? null,
    clientPricesIsVisibleToTalent: values.clientPricesIsVisibleToTalent,
  };
}

type EventSource = Pick<
  typeof jobAssignment.$inferSelect,
  'jobDescriptionId' | 'clientCompanyId' | 'providerCompanyId' | 'salesCompanyId' | 'assignmentCurrency' | 'startDate' | 'endDate' | 'team' | 'costCenter' | 'clientPricesIsVisibleToTalent'
>;

/** What an event row keeps of an assignment: the fields people change, not the note's text. */
const eventFieldsOf = (row: EventSource) => ({
  jobDescriptionId: row.jobDescriptionId,
  clientCompanyId: row.clientCompanyId,
  providerCompanyId: row.providerCompanyId,
  salesCompanyId: row.salesCompanyId,
  assignmentCurrency: row.assignmentCurrency,
  startDate: row.startDate,
  endDate: row.endDate,
  team: row.team,
  costCenter: row.costCenter,
  clientPricesIsVisibleToTalent: row.clientPricesIsVisibleToTalent,
});

/** Whether money rows (billings, invoices, balance transactions) point at the assignment: they are history, so it stays. */
async function hasMoneyRows(db: Reader, id: string): Promise<boolean> {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (${db.select({ one: sql`1` }).from(billing).where(and(eq(billing.jobAssignmentId, id), isNull(billing.deletedAt)))})
        or exists (${db.select({ one: sql`1` }).from(invoice).where(and(eq(invoice.jobAssignmentId, id), isNull(invoice.deletedAt)))})
        or exists (${db.select({ one: sql`1` }).from(talentBalanceTransaction).where(eq(talentBalanceTransaction.jobAssignmentId, id))})`,
    })
    .from(sql`(select 1) as money`);
  return Boolean(row?.found);
}

const CompanyJobAssignmentTalent = builder.objectRef<TalentView>('CompanyJobAssignmentTalent').implement({
  description: 'The talent placed, as the company sees them: no contact details',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Their talent profile' }),
    profileName: t.exposeString('profileName', { nullable: true }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
  }),
});

const CompanyJobAssignment = builder.objectRef<CompanyAssignmentView>('CompanyJobAssignment');
CompanyJobAssignment.implement({
  description: 'A job assignment the selected company takes part in as client, provider or sales company (spec §3 jobAssignment)',
  fields: (t) => ({
    ...assignmentFields(t),
    talent: t.field({ type: CompanyJobAssignmentTalent, resolve: (row) => row.talent }),
    roleIsOwn: t.boolean({
      description:
        "Whether the role is a live job description of the selected company, whose page opens here; a client's description, or one removed since, is named by its title only",
      resolve: (row, _args, context) => row.roleCompanyId !== null && row.roleCompanyId === context.company?.companyId,
    }),
    hasMoneyRows: t.boolean({
      description: 'Whether billings, invoices or balance transactions point at it (then it cannot be deleted); one query per assignment, for a detail page',
      resolve: (row, _args, context) => hasMoneyRows(context.db, row.id),
    }),
  }),
});

const CompanyJobAssignmentPage = pageOf(CompanyJobAssignment, 'CompanyJobAssignment');

builder.queryField('findManyJobAssignment', (t) =>
  t.field({
    type: CompanyJobAssignmentPage,
    description: 'The job assignments the selected company takes part in, newest start first; needs jobAssignment read',
    authScopes: { signedIn: true },
    args: {
      ...pageArgs,
      q: t.arg.string({ description: "Part of the role's title or the talent's name, any case" }),
      talentProfileId: t.arg.id({ description: "Only this talent's assignments" }),
      status: t.arg({ type: AssignmentStatusEnum, description: 'Only the assignments with this status today (from their dates)' }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const window = pageWindow(args);
      const talentId = args.talentProfileId ? String(args.talentProfileId) : null;
      // An id that cannot be a talent's matches nothing, as the other filters do.
      if (talentId !== null && !isUuid(talentId)) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const q = args.q?.trim().slice(0, 200);
      const today = todayIso();
      const where = and(
        ofCompany(companyId),
        q ? or(ilike(jobDescription.title, `%${escapeLike(q)}%`), ilike(talentProfile.profileName, `%${escapeLike(q)}%`)) : undefined,
        talentId ? eq(jobAssignment.talentProfileId, talentId) : undefined,
        args.status ? statusOn(args.status, today) : undefined,
      );
      const startOrder: SQL = sql`${jobAssignment.startDate} desc nulls last`;
      const [rows, [total]] = await Promise.all([
        selectCompanyAssignments(context.db).where(where).orderBy(startOrder, desc(jobAssignment.createdAt), asc(jobAssignment.id)).limit(window.perPage).offset(window.offset),
        context.db
          .select({ total: count() })
          .from(jobAssignment)
          .innerJoin(talentProfile, eq(talentProfile.id, jobAssignment.talentProfileId))
          .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
          .where(where),
      ]);
      return { items: rows.map((row) => toCompanyView(row, today)), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findJobAssignment', (t) =>
  t.field({
    type: CompanyJobAssignment,
    description: 'One job assignment the selected company takes part in; NOT_FOUND for any other id; needs jobAssignment read',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      return loadOwn(context.db, companyId, String(id));
    },
  }),
);

interface RoleOptionView {
  id: string;
  title: string;
  clientCompany: CompanyView;
}

/** The selected company; each list of the options is read only when asked for. */
interface OptionsSource {
  companyId: string;
  /** Itself, then its partners by name: read once for the three company lists. */
  companies: () => Promise<{ self: CompanyView[]; clients: CompanyView[]; providers: CompanyView[] }>;
}

const JobAssignmentRoleOption = builder.objectRef<RoleOptionView>('JobAssignmentRoleOption').implement({
  description: 'A job description of the selected company, with the client it is for',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    clientCompany: t.field({ type: AssignmentCompany, resolve: (row) => row.clientCompany }),
  }),
});

const byName = (companies: CompanyView[]) => [...companies].sort((a, b) => a.name.localeCompare(b.name));
/** The company first, then the others by name, each once. */
const selfFirst = (self: CompanyView[], others: CompanyView[]) => [...self, ...byName(others).filter((each, index, all) => !self.some((own) => own.id === each.id) && all.findIndex((other) => other.id === each.id) === index)];

/** One of the options' company lists: the company itself, then the partners `others` picks. */
const companyList = (
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, OptionsSource>,
  description: string,
  others: (partners: { clients: CompanyView[]; providers: CompanyView[] }) => CompanyView[],
) =>
  t.field({
    type: [AssignmentCompany],
    description,
    resolve: async (source) => {
      const companies = await source.companies();
      return selfFirst(companies.self, others(companies));
    },
  });

const JobAssignmentOptions = builder.objectRef<OptionsSource>('JobAssignmentOptions').implement({
  description: `What the selected company may name on an assignment, each list by name (at most ${OPTION_LIMIT})`,
  fields: (t) => ({
    jobDescriptions: t.field({
      type: [JobAssignmentRoleOption],
      description: 'Its job descriptions',
      resolve: async ({ companyId }, _args, { db }) => {
        const rows = await db
          .select({ id: jobDescription.id, title: jobDescription.title, clientId: company.id, clientName: company.name })
          .from(jobDescription)
          .innerJoin(company, eq(company.id, jobDescription.clientCompanyId))
          .where(and(eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt)))
          .orderBy(asc(jobDescription.title), asc(jobDescription.id))
          .limit(OPTION_LIMIT);
        return rows.map(({ id, title, clientId, clientName }) => ({ id, title, clientCompany: { id: clientId, name: clientName } }));
      },
    }),
    talents: t.field({
      type: [CompanyJobAssignmentTalent],
      description: 'The talents on its roster or holding one of its applications (an answer to its invitation is one)',
      resolve: ({ companyId }, _args, { db }) =>
        db
          .select({ id: talentProfile.id, profileName: talentProfile.profileName, jobTitle: talentProfile.jobTitle })
          .from(talentProfile)
          .where(and(isNull(talentProfile.deletedAt), linkedToCompany(db, companyId)))
          .orderBy(sql`${talentProfile.profileName} asc nulls last`, asc(talentProfile.id))
          .limit(OPTION_LIMIT),
    }),
    clientCompanies: companyList(t, 'Itself first, then the companies it provides talents to', ({ clients }) => clients),
    providerCompanies: companyList(t, 'Itself first, then the companies that provide talents to it', ({ providers }) => providers),
    salesCompanies: companyList(t, 'Itself first, then every company linked to it either way', ({ clients, providers }) => [...clients, ...providers]),
  }),
});

builder.queryField('findJobAssignmentOptions', (t) =>
  t.field({
    type: JobAssignmentOptions,
    description: "The choices of the selected company's assignment form and list filters; needs jobAssignment read",
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const { db } = context;
      let companies: ReturnType<OptionsSource['companies']> | null = null;
      const load = async () => {
        const [self, partners] = await Promise.all([db.select({ id: company.id, name: company.name }).from(company).where(eq(company.id, companyId)), partnersOf(db, companyId)]);
        return { self, ...partners };
      };
      return { companyId, companies: () => (companies ??= load()) };
    },
  }),
);

/** The fields of an assignment's input, shared by create and update. */
const assignmentInputFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>) => ({
  jobDescriptionId: t.id({ description: "One of the selected company's job descriptions (required)" }),
  clientCompanyId: t.id({ description: "The selected company or one it provides talents to; empty for the job description's client" }),
  providerCompanyId: t.id({ description: 'The selected company or one that provides talents to it; empty for none' }),
  salesCompanyId: t.id({ description: 'The selected company or a company linked to it either way; empty for none' }),
  currency: t.string({ description: 'ISO 4217 code, such as EUR (required)' }),
  startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31 (required)' }),
  endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; empty while open-ended' }),
  team: t.string({ description: `At most ${ASSIGNMENT_LIMITS.team} characters` }),
  costCenter: t.string({ description: `At most ${ASSIGNMENT_LIMITS.costCenter} characters` }),
  talentNote: t.string({ description: `For the talent, at most ${ASSIGNMENT_LIMITS.talentNote} characters` }),
  clientPricesIsVisibleToTalent: t.boolean({ description: 'Whether the talent sees what the client pays (default false)' }),
});

const JobAssignmentInput = builder.inputType('JobAssignmentInput', {
  description: 'The whole assignment but its talent: a field left out is stored empty (the job description, currency and start date are required); the selected company must be its client, provider or sales company',
  fields: (t) => assignmentInputFields(t),
});

const CreateOneJobAssignmentInput = builder.inputType('CreateOneJobAssignmentInput', {
  description: 'A new assignment: the talent placed and the whole assignment',
  fields: (t) => ({
    talentProfileId: t.id({ description: "A talent on the selected company's roster or holding one of its applications (required)" }),
    ...assignmentInputFields(t),
  }),
});

/** The input's ids as text (GraphQL ids may arrive as numbers). */
const withTextIds = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, key.endsWith('Id') && typeof value === 'number' ? String(value) : value]));

builder.mutationField('createOneJobAssignment', (t) =>
  t.field({
    type: CompanyJobAssignment,
    description:
      'Places a talent the selected company may name on one of its job descriptions; needs jobAssignment create. Records jobAssignment.create, addressed to the talent (their notification); the talent sees it on /talent/assignments',
    authScopes: { signedIn: true },
    args: { data: t.arg({ type: CreateOneJobAssignmentInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'create');
      const result = newJobAssignmentSchema.safeParse(withTextIds(data));
      if (!result.success) throw invalidFields(zodIssues(result.error), COMPANY_ASSIGNMENT_ERRORS);
      const { talentProfileId, ...values } = result.data;
      return context.db.transaction(async (tx) => {
        const talent = await nameableTalent(tx, companyId, talentProfileId);
        const columns = await checkedColumns(tx, companyId, values, talent ? [] : [{ path: 'talentProfileId', code: 'talentUnknown' }], null);
        const [created] = await tx.insert(jobAssignment).values({ ...columns, talentProfileId }).returning({ id: jobAssignment.id });
        await recordEvent(tx, context.viewer!, {
          type: 'jobAssignment.create',
          // The talent's account, which is their notification; none for a talent added before signing up.
          toId: talent!.userId,
          data: { entityId: created!.id, companyId, talentProfileId, before: null, after: eventFieldsOf(columns) },
        });
        return loadOwn(tx, companyId, created!.id);
      });
    },
  }),
);

builder.mutationField('updateOneJobAssignment', (t) =>
  t.field({
    type: CompanyJobAssignment,
    description:
      'Replaces an assignment the selected company takes part in (its talent stays); needs jobAssignment update. Records jobAssignment.update with the changed fields, addressed to the talent',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: JobAssignmentInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      return context.db.transaction(async (tx) => {
        const current = await lockedOwn(tx, companyId, String(id));
        const result = jobAssignmentSchema.safeParse(withTextIds(data));
        if (!result.success) throw invalidFields(zodIssues(result.error), COMPANY_ASSIGNMENT_ERRORS);
        const columns = await checkedColumns(tx, companyId, result.data, [], current.row);
        const before = eventFieldsOf(current.row);
        const after = eventFieldsOf(columns);
        const changedFields = [...Object.keys(after).filter((field) => before[field as keyof typeof before] !== after[field as keyof typeof after]), ...(current.row.talentNote !== columns.talentNote ? ['talentNote'] : [])];
        await tx.update(jobAssignment).set(columns).where(eq(jobAssignment.id, current.row.id));
        await recordEvent(tx, context.viewer!, {
          type: 'jobAssignment.update',
          toId: current.talentUserId,
          data: { entityId: current.row.id, companyId, talentProfileId: current.row.talentProfileId, changedFields, before, after },
        });
        return loadOwn(tx, companyId, current.row.id);
      });
    },
  }),
);

builder.mutationField('deleteOneJobAssignment', (t) =>
  t.field({
    type: 'Boolean',
    description:
      'Deletes an assignment the selected company takes part in (soft: deletedAt); refused (CONFLICT, reason jobAssignmentHasMoneyRows) while billings, invoices or balance transactions point at it, since money rows are history. Needs jobAssignment delete. Records jobAssignment.delete, addressed to the talent',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'delete');
      return context.db.transaction(async (tx) => {
        const current = await lockedOwn(tx, companyId, String(id));
        if (await hasMoneyRows(tx, current.row.id)) throw conflict('jobAssignmentHasMoneyRows', COMPANY_ERRORS);
        await tx.update(jobAssignment).set({ deletedAt: new Date() }).where(eq(jobAssignment.id, current.row.id));
        await recordEvent(tx, context.viewer!, {
          type: 'jobAssignment.delete',
          toId: current.talentUserId,
          data: { entityId: current.row.id, companyId, talentProfileId: current.row.talentProfileId, before: eventFieldsOf(current.row), after: null },
        });
        return true;
      });
    },
  }),
);
