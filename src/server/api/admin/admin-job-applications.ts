import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { HIRING_STEP_GROUPS, type HiringStepGroup } from '../../../lib/companies/hiring-steps';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { company, companyHiringStep, jobAd, jobDescription, talentJobApplication, talentProfile, user } from '../../db/schema';
import { builder } from '../builder';
import { notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import type { Writer } from '../../db/client';
import { ApplicationHistoryEntry, applicationHistory } from '../job-applications/application-history';
import { receivedColumns, withReceivedJoins, type ReceivedRow } from '../job-applications/received-application-rows';
import { ReceivedJobApplication } from '../job-applications/received-application-types';

// Every job application on the platform, read only, for support: found
// by the applicant's name or e-mail, the company, the ad or job description and the group
// of the step it is in; one application with its history. An application is shown as its
// company sees it (ReceivedJobApplication), plus the company and the applicant's address
// that support needs to reach either side. Nothing here writes: the pipeline is the
// company's, and support changes nothing in it.

type AdminApplicationRow = ReceivedRow & { companyId: string | null; companyName: string | null; talentEmail: string | null };

const PipelineGroupFilter = builder.enumType('AdminJobApplicationGroup', {
  description: 'The group of the step an application is in; NONE for one in no step (its step was deleted)',
  values: [...HIRING_STEP_GROUPS, 'NONE'] as const,
});

function selectAdminApplications(db: Writer) {
  return withReceivedJoins(
    db
      .select({
        ...receivedColumns,
        companyId: company.id,
        companyName: company.name,
        // The profile's own contact address, else the account's.
        talentEmail: sql<string | null>`coalesce(${talentProfile.email}, ${user.email})`,
      })
      .from(talentJobApplication)
      .$dynamic(),
  ).leftJoin(user, eq(user.id, talentProfile.userId));
}

export const AdminJobApplication = builder.objectRef<AdminApplicationRow>('AdminJobApplication');
AdminJobApplication.implement({
  description: 'A job application as support sees it: as its company sees it, with the company and the applicant\'s e-mail',
  fields: (t) => ({
    id: t.exposeID('id'),
    application: t.field({ type: ReceivedJobApplication, resolve: (row) => row }),
    companyId: t.id({ nullable: true, resolve: (row) => row.companyId }),
    companyName: t.exposeString('companyName', { nullable: true }),
    talentEmail: t.exposeString('talentEmail', { nullable: true }),
    history: t.field({ type: [ApplicationHistoryEntry], description: 'Oldest first', resolve: (row, _args, context) => applicationHistory(context.db, row) }),
  }),
});

const AdminJobApplicationPage = pageOf(AdminJobApplication, 'AdminJobApplication');

interface ApplicationFilters {
  q?: string | null;
  company?: string | null;
  job?: string | null;
  group?: HiringStepGroup | 'NONE' | null;
}

const like = (value: string | null | undefined) => {
  const text = value?.trim().slice(0, 200);
  return text ? `%${escapeLike(text)}%` : null;
};

function applicationFilters(args: ApplicationFilters): SQL | undefined {
  const talent = like(args.q);
  const companyName = like(args.company);
  const job = like(args.job);
  return and(
    talent ? or(ilike(talentProfile.profileName, talent), ilike(talentProfile.email, talent), ilike(user.email, talent), ilike(user.displayName, talent)) : undefined,
    companyName ? ilike(company.name, companyName) : undefined,
    job ? or(ilike(jobAd.title, job), ilike(jobDescription.title, job)) : undefined,
    args.group === 'NONE' ? isNull(companyHiringStep.id) : args.group ? eq(companyHiringStep.group, args.group) : undefined,
  );
}

builder.queryField('findManyAdminJobApplication', (t) =>
  t.withAuth({ adminPermission: 'moderation' }).field({
    type: AdminJobApplicationPage,
    description:
      "Every job application (admins only, read only): q in the applicant's name or e-mail, company in the company name, job in the ad's or job description's title, the step's group; newest first",
    args: {
      ...pageArgs,
      q: t.arg.string({ description: "Part of the applicant's name or e-mail address, any case" }),
      company: t.arg.string({ description: "Part of the company's name" }),
      job: t.arg.string({ description: "Part of the ad's or job description's title" }),
      group: t.arg({ type: PipelineGroupFilter }),
    },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const where = applicationFilters(args);
      const [rows, [total]] = await Promise.all([
        selectAdminApplications(context.db).where(where).orderBy(desc(talentJobApplication.createdAt), desc(talentJobApplication.id)).limit(window.perPage).offset(window.offset),
        withReceivedJoins(context.db.select({ total: count() }).from(talentJobApplication).$dynamic())
          .leftJoin(user, eq(user.id, talentProfile.userId))
          .where(where),
      ]);
      return { items: rows as AdminApplicationRow[], total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findAdminJobApplication', (t) =>
  t.withAuth({ adminPermission: 'moderation' }).field({
    type: AdminJobApplication,
    description: 'One job application with its history (admins only, read only); an unknown id is NOT_FOUND',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      const [row] = isUuid(id) ? await selectAdminApplications(context.db).where(eq(talentJobApplication.id, id)).limit(1) : [];
      if (!row) throw notFound('The application');
      return row as AdminApplicationRow;
    },
  }),
);
