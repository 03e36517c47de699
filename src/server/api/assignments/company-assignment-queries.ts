import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../../lib/assignments/assignment-status';
import { isUuid } from '../../../lib/ids';
import { jobAssignment, jobDescription, talentProfile } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { pageArgs, pageWindow } from '../pagination';
import { statusOn } from './assignment-rows';
import { AssignmentStatusEnum } from './assignment-types';
import { loadOwn, ofCompany, selectCompanyAssignments, toCompanyView } from './company-assignment-rows';
import { CompanyJobAssignment, CompanyJobAssignmentPage } from './company-assignment-types';

// findManyJobAssignment, findJobAssignment: the assignments the selected company takes
// part in, read under its jobAssignment read permission.

builder.queryField('findManyJobAssignment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAssignmentPage,
    description: 'The job assignments the selected company takes part in, newest start first; needs jobAssignment read',
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
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAssignment,
    description: 'One job assignment the selected company takes part in; NOT_FOUND for any other id; needs jobAssignment read',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      return loadOwn(context.db, companyId, String(id));
    },
  }),
);
