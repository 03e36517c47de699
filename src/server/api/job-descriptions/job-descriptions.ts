import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jobDescriptionSchema, type JobDescriptionValues } from '../../../lib/job-descriptions/job-description-input';
import { JOB_FIELD_ERRORS } from '../../../lib/job-ads/job-input';
import { WORK_MODES } from '../../../lib/job-ads/job-enums';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { company, companyOnProviderCompany, jobDescription } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { JobFieldsInput, jobFieldColumns, jobFieldsOf, type JobFieldsRow } from '../job-ads/job-fields';

// A company's job descriptions (the jobDescription entity): the internal record of a
// job, from which ads are published and assignments made. The company that wrote one
// (company_id) is its only reader; the client it is for is the writer itself or a company
// it provides talents to (companyOnProviderCompany). Every id is looked up inside the
// tp-company company, so another company's id answers NOT_FOUND like an unknown one.

type JobDescriptionRow = typeof jobDescription.$inferSelect & { clientCompanyName: string; adCount: number };

const clientCompany = alias(company, 'client_company');

const ClientCompany = builder.objectRef<{ id: string; name: string }>('JobClientCompany').implement({
  description: 'A company a job can be for: the selected company itself or one of its clients',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

export const JobDescription = builder.objectRef<JobDescriptionRow>('JobDescription');
JobDescription.implement({
  description: 'A job description of the selected company',
  fields: (t) => ({
    ...jobFieldsOf(t),
    openForApplications: t.exposeBoolean('openForApplications'),
    clientCompany: t.field({ type: ClientCompany, resolve: (row) => ({ id: row.clientCompanyId, name: row.clientCompanyName }) }),
    adCount: t.exposeInt('adCount', { description: 'Job ads made from it, not deleted' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

const JobDescriptionPage = pageOf(JobDescription, 'JobDescription');

const notDeletedOf = (companyId: string) => and(eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt));

// Written with its own alias: inside a subquery drizzle leaves column names unqualified, and
// "id" would then name the ad's own id.
const adCount = sql<number>`(select count(*)::int from "job_ad" as "made" where "made"."job_description_id" = "job_description"."id" and "made"."deleted_at" is null)`;

function selectDescriptions(db: Writer) {
  return db
    .select({ row: jobDescription, clientCompanyName: clientCompany.name, adCount })
    .from(jobDescription)
    .innerJoin(clientCompany, eq(clientCompany.id, jobDescription.clientCompanyId));
}

const flatten = ({ row, clientCompanyName, adCount: ads }: { row: typeof jobDescription.$inferSelect; clientCompanyName: string; adCount: number }): JobDescriptionRow => ({
  ...row,
  clientCompanyName,
  adCount: ads,
});

/** A job description of this company; another company's id is NOT_FOUND like an unknown one. */
async function ownJobDescription(db: Writer, companyId: string, id: string, lock = false): Promise<JobDescriptionRow> {
  if (!isUuid(id)) throw notFound('The job description');
  const query = selectDescriptions(db).where(and(eq(jobDescription.id, id), notDeletedOf(companyId))).limit(1);
  const [found] = lock ? await query.for('update', { of: jobDescription }) : await query;
  if (!found) throw notFound('The job description');
  return flatten(found);
}

/** The selected company and the clients it provides talents to, by name. */
async function clientCompanies(db: Writer, companyId: string): Promise<{ id: string; name: string }[]> {
  // Only links both sides accepted: a proposal names nobody yet.
  const clients = db
    .select({ id: companyOnProviderCompany.companyId })
    .from(companyOnProviderCompany)
    .where(and(eq(companyOnProviderCompany.providerCompanyId, companyId), eq(companyOnProviderCompany.status, 'accepted')));
  return db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(and(or(eq(company.id, companyId), inArray(company.id, clients)), isNull(company.deletedAt)))
    .orderBy(sql`${company.id} <> ${companyId}`, asc(company.name));
}

builder.queryField('findManyJobClientCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [ClientCompany],
    description: 'The companies a job description can be for: the selected company first, then its clients; needs jobDescription read',
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobDescription', 'read');
      return clientCompanies(context.db, companyId);
    },
  }),
);

const JobDescriptionWorkMode = builder.enumType('JobDescriptionWorkMode', { values: WORK_MODES });

builder.queryField('findManyJobDescription', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobDescriptionPage,
    description: "The selected company's job descriptions, newest first; needs jobDescription read",
    args: {
      ...pageArgs,
      q: t.arg.string({ description: 'Part of the title or location, any case' }),
      workMode: t.arg({ type: JobDescriptionWorkMode }),
      openForApplications: t.arg.boolean(),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobDescription', 'read');
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const where = and(
        notDeletedOf(companyId),
        q ? or(ilike(jobDescription.title, `%${escapeLike(q)}%`), ilike(jobDescription.location, `%${escapeLike(q)}%`)) : undefined,
        args.workMode ? eq(jobDescription.workMode, args.workMode) : undefined,
        typeof args.openForApplications === 'boolean' ? eq(jobDescription.openForApplications, args.openForApplications) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        selectDescriptions(context.db).where(where).orderBy(desc(jobDescription.createdAt), desc(jobDescription.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(jobDescription).where(where),
      ]);
      return { items: rows.map(flatten), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findJobDescription', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobDescription,
    description: 'One job description of the selected company; NOT_FOUND for any other id; needs jobDescription read',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobDescription', 'read');
      return ownJobDescription(context.db, companyId, String(id));
    },
  }),
);

const JobDescriptionInput = builder.inputType('JobDescriptionInput', {
  description: 'The whole job description: a field left out is stored empty',
  fields: (t) => ({
    ...JobFieldsInput(t),
    openForApplications: t.boolean(),
    clientCompanyId: t.id({ description: 'The selected company (default) or one of its clients' }),
  }),
});

/** The checked input, or BAD_USER_INPUT with a code per field; the client must be the company or one of its clients. */
async function checkedInput(db: Writer, companyId: string, data: Record<string, unknown>): Promise<JobDescriptionValues & { clientCompanyId: string }> {
  const parsed = jobDescriptionSchema.safeParse(data);
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), JOB_FIELD_ERRORS);
  const clientCompanyId = parsed.data.clientCompanyId ?? companyId;
  if (clientCompanyId !== companyId && !(await clientCompanies(db, companyId)).some((client) => client.id === clientCompanyId)) {
    throw invalidFields([{ path: 'clientCompanyId', code: 'clientCompanyUnknown' }], JOB_FIELD_ERRORS);
  }
  return { ...parsed.data, clientCompanyId };
}

/** The columns a checked input writes. */
async function columnsOf(db: Writer, values: JobDescriptionValues & { clientCompanyId: string }) {
  return { ...(await jobFieldColumns(db, values)), openForApplications: values.openForApplications, clientCompanyId: values.clientCompanyId };
}

/** What an event row keeps of a job description: the fields people change, not the long text. */
const eventFieldsOf = (row: JobFieldsRow & { openForApplications: boolean; clientCompanyId: string }) => ({
  title: row.title,
  location: row.location,
  workMode: row.workMode,
  salary: row.salary,
  currency: row.currency,
  openForApplications: row.openForApplications,
  clientCompanyId: row.clientCompanyId,
});

builder.mutationField('createOneJobDescription', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobDescription,
    description: 'Writes a job description for the selected company; needs jobDescription create. Records jobDescription.create',
    args: { data: t.arg({ type: JobDescriptionInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobDescription', 'create');
      return context.db.transaction(async (tx) => {
        const columns = await columnsOf(tx, await checkedInput(tx, companyId, data));
        const [created] = await tx.insert(jobDescription).values({ ...columns, companyId }).returning();
        await recordEvent(tx, context.viewer, { type: 'jobDescription.create', toId: companyId, data: { entityId: created!.id, companyId, before: null, after: eventFieldsOf(created!) } });
        return ownJobDescription(tx, companyId, created!.id);
      });
    },
  }),
);

builder.mutationField('updateOneJobDescription', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobDescription,
    description: 'Replaces a job description of the selected company; needs jobDescription update. Records jobDescription.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: JobDescriptionInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobDescription', 'update');
      return context.db.transaction(async (tx) => {
        const before = await ownJobDescription(tx, companyId, String(id), true);
        const columns = await columnsOf(tx, await checkedInput(tx, companyId, data));
        const [updated] = await tx.update(jobDescription).set(columns).where(eq(jobDescription.id, before.id)).returning();
        await recordEvent(tx, context.viewer, { type: 'jobDescription.update', toId: companyId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: eventFieldsOf(updated!) } });
        return ownJobDescription(tx, companyId, before.id);
      });
    },
  }),
);

builder.mutationField('deleteOneJobDescription', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Deletes a job description of the selected company (soft: its ads, applications and assignments keep pointing at it); needs jobDescription delete. Records jobDescription.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobDescription', 'delete');
      return context.db.transaction(async (tx) => {
        const before = await ownJobDescription(tx, companyId, String(id), true);
        await tx.update(jobDescription).set({ deletedAt: new Date() }).where(eq(jobDescription.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'jobDescription.delete', toId: companyId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: null } });
        return true;
      });
    },
  }),
);
