import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { company, companyTalentRoster } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { rosterHolds } from '../job-applications/talent-link';
import { listedCompany } from '../companies/listed-company';
import { builder } from '../builder';
import { pageArgs, pageOf, pageWindow } from '../pagination';

/** One companyTalentRoster row of the caller's, with the company it belongs to. */
interface EmployerRow {
  rosterId: string;
  companyId: string;
  companyName: string;
  companyLogo: string | null;
  employmentType: string | null;
  employeeNumber: string | null;
  onRosterSince: Date;
  balance: string;
  currency: string;
}

const TalentEmployer = builder.objectRef<EmployerRow>('TalentEmployer');
TalentEmployer.implement({
  description: "A company whose talent roster holds the signed-in talent",
  fields: (t) => ({
    rosterId: t.exposeID('rosterId', { description: 'The roster entry' }),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    companyLogo: t.exposeString('companyLogo', { nullable: true }),
    employmentType: t.exposeString('employmentType', { nullable: true, description: 'freelancer or employee' }),
    employeeNumber: t.exposeString('employeeNumber', { nullable: true }),
    onRosterSince: t.field({ type: 'DateTime', description: 'When the company added the talent to its roster', resolve: (row) => row.onRosterSince }),
    balance: t.field({ type: 'Decimal', description: "The talent's balance with this company", resolve: (row) => row.balance }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the balance' }),
  }),
});

const TalentEmployerPage = pageOf(TalentEmployer, 'TalentEmployer');

const SORTS = ['NAME_ASC', 'NAME_DESC', 'SINCE_DESC', 'SINCE_ASC'] as const;
type EmployerSort = (typeof SORTS)[number];

const TalentEmployerSort = builder.enumType('TalentEmployerSort', {
  description: 'Order of myEmployers: by company name, or by when the talent joined the roster',
  values: SORTS,
});

// The roster id breaks ties, so a page boundary never repeats or skips a row.
const ORDER: Record<EmployerSort, SQL[]> = {
  NAME_ASC: [asc(sql`lower(${company.name})`), asc(companyTalentRoster.id)],
  NAME_DESC: [desc(sql`lower(${company.name})`), desc(companyTalentRoster.id)],
  SINCE_DESC: [desc(companyTalentRoster.createdAt), desc(companyTalentRoster.id)],
  SINCE_ASC: [asc(companyTalentRoster.createdAt), asc(companyTalentRoster.id)],
};

builder.queryField('myEmployers', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentEmployerPage,
    description: "The companies whose talent roster holds the signed-in talent (entries she accepted); an empty page before the talent has a profile",
    args: { ...pageArgs, sort: t.arg({ type: TalentEmployerSort, required: false, description: 'Default NAME_ASC' }) },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return empty;
      // A company that closed its account is no longer an employer to show, nor a page to link to;
      // one that removed the talent from its roster neither (the balance stays on Transactions);
      // a company whose request she has not accepted is no employer (myRosterRequests lists those).
      const mine = and(eq(companyTalentRoster.talentProfileId, profileId), isNull(companyTalentRoster.deletedAt), rosterHolds(), listedCompany(company));
      const [items, [counted]] = await Promise.all([
        context.db
          .select({
            rosterId: companyTalentRoster.id,
            companyId: company.id,
            companyName: company.name,
            companyLogo: company.logo,
            employmentType: companyTalentRoster.employmentType,
            employeeNumber: companyTalentRoster.employeeNumber,
            onRosterSince: companyTalentRoster.createdAt,
            balance: companyTalentRoster.balance,
            currency: companyTalentRoster.currency,
          })
          .from(companyTalentRoster)
          .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
          .where(mine)
          .orderBy(...ORDER[args.sort ?? 'NAME_ASC'])
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(companyTalentRoster).innerJoin(company, eq(company.id, companyTalentRoster.companyId)).where(mine),
      ]);
      return { ...empty, items, total: counted?.total ?? 0 };
    },
  }),
);
