import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../../lib/assignments/assignment-status';
import { isUuid } from '../../../lib/ids';
import { company, companyTalentRoster, jobAssignment, jobDescription } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { notFound } from '../errors';
import { rosterHolds } from '../job-applications/talent-link';
import { pageArgs, pageWindow } from '../pagination';
import { selectAssignments, toView, mine, currentOn, loadMyAssignment } from './assignment-rows';
import { AssignmentSort, AssignmentFilter, TalentAssignmentDetail, TalentAssignmentPage, ClientOption } from './assignment-types';

// myJobAssignments, myJobAssignment, myAssignmentClientOptions: every read is scoped by
// the caller's talent profile, so an id from the client only ever reaches their own rows.

builder.queryField('myJobAssignments', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentAssignmentPage,
    description: "The signed-in talent's job assignments (none before they have a talent profile)",
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
  t.withAuth({ signedIn: true }).field({
    type: TalentAssignmentDetail,
    description: "One of the signed-in talent's job assignments with its billings; NOT_FOUND for any other id",
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
  t.withAuth({ signedIn: true }).field({
    type: [ClientOption],
    description: 'The companies whose talent roster holds the signed-in talent (entries she accepted), by name, with their job descriptions',
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
      const rosters = await context.db
        .select({ id: company.id, name: company.name, currency: companyTalentRoster.currency })
        .from(companyTalentRoster)
        .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
        .where(and(eq(companyTalentRoster.talentProfileId, profileId), rosterHolds(), isNull(company.deletedAt)))
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
