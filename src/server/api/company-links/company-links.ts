import { and, asc, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import { COMPANY_LINK_RELATIONS, COMPANY_LINK_STATUSES, LINK_SEARCH_LIMIT, LINK_SEARCH_MIN } from '../../../lib/company-links/company-link-rules';
import { company } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { linksOf, type CompanyLinkView } from './company-link-rows';

// The company links of the selected company (the companyOnProviderCompany entity; the
// /company/partners page): its links in every state, and the search for a company to
// propose one to. The search looks among verified companies only and answers a few names
// for a typed fragment: no list of the platform's companies, and nothing about companies
// still pending or rejected, ever reaches another company.

export const CompanyLinkRelationEnum = builder.enumType('CompanyLinkRelation', {
  values: Object.fromEntries(
    COMPANY_LINK_RELATIONS.map((value) => [
      value,
      { value, description: value === 'PROVIDES_TO_US' ? 'The other company provides talents to yours (it is your provider)' : 'Your company provides talents to the other (it is your client)' },
    ]),
  ) as Record<(typeof COMPANY_LINK_RELATIONS)[number], { value: (typeof COMPANY_LINK_RELATIONS)[number]; description: string }>,
});

export const CompanyLinkStatusEnum = builder.enumType('CompanyLinkStatus', {
  values: Object.fromEntries(COMPANY_LINK_STATUSES.map((value) => [value.toUpperCase(), { value }])) as Record<Uppercase<(typeof COMPANY_LINK_STATUSES)[number]>, { value: (typeof COMPANY_LINK_STATUSES)[number] }>,
});

export const CompanyLink = builder.objectRef<CompanyLinkView>('CompanyLink').implement({
  description: 'A staffing link between the selected company and another, read from the selected company’s side',
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerCompanyId: t.exposeID('partnerCompanyId', { description: 'The other company' }),
    partnerName: t.exposeString('partnerName'),
    relation: t.field({ type: CompanyLinkRelationEnum, resolve: (row) => row.relation }),
    status: t.field({ type: CompanyLinkStatusEnum, resolve: (row) => row.status }),
    proposedByUs: t.exposeBoolean('proposedByUs', { description: 'The selected company made the last proposal: the other company answers it' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

const LinkableCompany = builder.objectRef<{ id: string; name: string; country: string | null }>('LinkableCompany').implement({
  description: 'A verified company a link can be proposed to',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    country: t.exposeString('country', { nullable: true }),
  }),
});

builder.queryField('findManyCompanyLink', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyLink],
    description: "The selected company's links with other companies, in every state, by the other company's name; needs companyLink read",
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyLink', 'read');
      return linksOf(context.db, companyId);
    },
  }),
);

builder.queryField('findManyLinkableCompany', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [LinkableCompany],
    description: `Verified companies whose name contains the fragment (at least ${LINK_SEARCH_MIN} characters; at most ${LINK_SEARCH_LIMIT} answers, by name), the selected company left out; needs companyLink create`,
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyLink', 'create');
      const fragment = name.trim();
      if ([...fragment].length < LINK_SEARCH_MIN) return [];
      return context.db
        .select({ id: company.id, name: company.name, country: company.country })
        .from(company)
        .where(and(eq(company.verificationStatus, 'verified'), isNull(company.deletedAt), ne(company.id, companyId), ilike(company.name, `%${escapeLike(fragment.slice(0, 100))}%`)))
        .orderBy(asc(sql`lower(${company.name})`), asc(company.id))
        .limit(LINK_SEARCH_LIMIT);
    },
  }),
);
