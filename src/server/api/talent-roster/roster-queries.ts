import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../lib/ids';
import { EMPLOYMENT_TYPES } from '../../../lib/job-ads/job-enums';
import { companyOnUser, companyTalentRoster, talentProfile, user } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { notFound } from '../errors';
import { pageArgs, pageWindow } from '../pagination';
import { ownRosterEntry, rosterNameOrder, selectRoster, shownToCompany, withTransactionCounts } from './roster-rows';
import { CompanyTalentRoster, CompanyTalentRosterPage, RosterManager } from './roster-types';

// findManyCompanyTalentRoster, findCompanyTalentRoster, findManyCompanyTalentRosterManager:
// reading the selected company's roster (companyTalentRoster read), and who may manage it.

/** The members of the company, by name: who may be a roster entry's manager. */
function selectManagers(db: Writer, companyId: string) {
  return db
    .select({ id: user.id, name: sql<string>`coalesce(${user.displayName}, ${user.email})` })
    .from(companyOnUser)
    .innerJoin(user, eq(user.id, companyOnUser.userId))
    .where(eq(companyOnUser.companyId, companyId))
    .orderBy(sql`lower(coalesce(${user.displayName}, ${user.email}))`, asc(user.id))
    .$dynamic();
}

builder.queryField('findManyCompanyTalentRosterManager', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [RosterManager],
    description: 'The members of the selected company, who may manage roster talents, by name; needs companyTalentRoster read',
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      return selectManagers(context.db, companyId);
    },
  }),
);

const RosterEmploymentType = builder.enumType('RosterEmploymentType', { values: EMPLOYMENT_TYPES });

builder.queryField('findManyCompanyTalentRoster', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentRosterPage,
    description: "The talents on the selected company's roster, by name; needs companyTalentRoster read",
    args: {
      ...pageArgs,
      q: t.arg.string({ description: "Part of the talent's name or the employee number, any case" }),
      employmentType: t.arg({ type: RosterEmploymentType }),
      managerId: t.arg.id({ description: "Only this manager's talents (a member's user id)" }),
      includeRemoved: t.arg.boolean({ description: 'Also the entries removed from the roster (default false)' }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const managerId = args.managerId ? String(args.managerId) : null;
      if (managerId !== null && !isUuid(managerId)) throw notFound('The manager');
      const where = and(
        eq(companyTalentRoster.companyId, companyId),
        args.includeRemoved ? undefined : isNull(companyTalentRoster.deletedAt),
        // By the name as shown: a withheld name is not searched, so a search cannot reveal it.
        q ? or(ilike(shownToCompany(context.db, companyId, talentProfile.profileName), `%${escapeLike(q)}%`), ilike(companyTalentRoster.employeeNumber, `%${escapeLike(q)}%`)) : undefined,
        args.employmentType ? eq(companyTalentRoster.employmentType, args.employmentType) : undefined,
        managerId ? eq(companyTalentRoster.managerId, managerId) : undefined,
      );
      // Every entry has exactly one profile (a required foreign key): only a search by name
      // needs it joined to pick the page's entries or count them, so that ordering and
      // counting 10,000 entries read no profile; the page's rows then join theirs.
      const searched = <T extends PgSelect>(query: T) => (q ? query.innerJoin(talentProfile, eq(talentProfile.id, companyTalentRoster.talentProfileId)) : query);
      const order = rosterNameOrder(context.db, companyId);
      const pageIds = searched(context.db.select({ id: companyTalentRoster.id }).from(companyTalentRoster).$dynamic()).where(where).orderBy(...order).limit(window.perPage).offset(window.offset);
      const [rows, [total]] = await Promise.all([
        selectRoster(context.db, companyId).where(inArray(companyTalentRoster.id, pageIds)).orderBy(...order),
        searched(context.db.select({ total: count() }).from(companyTalentRoster).$dynamic()).where(where),
      ]);
      return { items: await withTransactionCounts(context.db, rows), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findCompanyTalentRoster', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyTalentRoster,
    description: "One entry of the selected company's roster, a removed one too; NOT_FOUND for any other id; needs companyTalentRoster read",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      return ownRosterEntry(context.db, companyId, String(id));
    },
  }),
);
