import { and, asc, eq, or, sql } from 'drizzle-orm';
import { company, companyOnProviderCompany } from '../../db/schema';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { listedCompany } from '../companies/listed-company';

// The staffing links of the selected company (the companyOnProviderCompany entity), read-only:
// the companies that provide it talents (it is their client), and the companies it provides
// talents to. Shown beside the roster, since provided talents sit on the provider's roster.

type Relation = 'PROVIDES_TO_US' | 'WE_PROVIDE_TO';

interface LinkRow {
  id: string;
  companyId: string;
  companyName: string;
  relation: Relation;
}

const ProviderRelation = builder.enumType('CompanyProviderRelation', {
  values: {
    PROVIDES_TO_US: { description: 'The other company provides talents to the selected company' },
    WE_PROVIDE_TO: { description: 'The selected company provides talents to the other company' },
  },
});

const CompanyProviderLink = builder.objectRef<LinkRow>('CompanyProviderLink').implement({
  description: 'A staffing link between the selected company and another',
  fields: (t) => ({
    id: t.exposeID('id'),
    companyId: t.exposeID('companyId', { description: 'The other company' }),
    companyName: t.exposeString('companyName'),
    relation: t.field({ type: ProviderRelation, resolve: (row) => row.relation }),
  }),
});

builder.queryField('findManyCompanyProviderCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyProviderLink],
    description: 'The companies that provide talents to the selected company and those it provides talents to, by name; needs companyTalentRoster read',
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyTalentRoster', 'read');
      const link = companyOnProviderCompany;
      const otherId = sql<string>`case when ${link.companyId} = ${companyId} then ${link.providerCompanyId} else ${link.companyId} end`;
      const rows = await context.db
        .select({
          id: link.id,
          companyId: company.id,
          companyName: company.name,
          relation: sql<Relation>`case when ${link.companyId} = ${companyId} then 'PROVIDES_TO_US' else 'WE_PROVIDE_TO' end`,
        })
        .from(link)
        .innerJoin(company, eq(company.id, otherId))
        .where(and(or(eq(link.companyId, companyId), eq(link.providerCompanyId, companyId)), eq(link.status, 'accepted'), listedCompany(company)))
        .orderBy(asc(sql`lower(${company.name})`), asc(link.id));
      return rows;
    },
  }),
);
