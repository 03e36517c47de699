import { and, asc, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { company, jobAssignment } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { listedCompany } from '../companies/listed-company';
import { builder } from '../builder';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// Where the list comes from: only the talent's own job assignments (providerCompanyId).
// companyOnProviderCompany is deliberately left out. It records that a client company buys
// staff from a provider in general; it says nothing about this talent. Adding the
// providers of the talent's employers would list companies the talent never worked
// through: a freelancer contracted directly by Northwind would see Brightpath merely
// because Northwind also buys staff from Brightpath. Only an assignment names the provider
// that stands between this talent and a client.

interface ClientRow {
  id: string;
  name: string;
  since: string;
  until: string | null;
}

interface ProviderRow {
  id: string;
  name: string;
  logo: string | null;
  since: string;
  clients: ClientRow[];
}

const TalentProviderClient = builder.objectRef<ClientRow>('TalentProviderClient').implement({
  description: 'A client company a provider places the signed-in talent with, and over which period',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    since: t.exposeString('since', { description: 'ISO date (yyyy-mm-dd): the earliest assignment start' }),
    until: t.exposeString('until', {
      nullable: true,
      description: 'ISO date the last assignment ends; null while one has no end date',
    }),
  }),
});

const TalentProviderCompany = builder.objectRef<ProviderRow>('TalentProviderCompany');
TalentProviderCompany.implement({
  description: "A provider (staffing) company the signed-in talent works through, from the talent's job assignments",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The provider company' }),
    name: t.exposeString('name'),
    logo: t.exposeString('logo', { nullable: true }),
    since: t.exposeString('since', { description: 'ISO date (yyyy-mm-dd) of the earliest assignment through this provider' }),
    clients: t.field({
      type: [TalentProviderClient],
      description: 'The clients it provides the talent to, by name; empty when no assignment names a (still listed) client',
      resolve: (row) => row.clients,
    }),
  }),
});

const TalentProviderCompanyPage = pageOf(TalentProviderCompany, 'TalentProviderCompany');

const clientCompany = alias(company, 'client_company');

// An assignment without a start date counts from the day it was created.
const earliestStart = sql<string>`to_char(min(coalesce(${jobAssignment.startDate}, (${jobAssignment.createdAt} at time zone 'UTC')::date)), 'YYYY-MM-DD')`;
const latestEnd = sql<string | null>`case when bool_or(${jobAssignment.endDate} is null) then null else to_char(max(${jobAssignment.endDate}), 'YYYY-MM-DD') end`;

builder.queryField('myProviderCompanies', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentProviderCompanyPage,
    description: 'The provider companies the signed-in talent works through, by name; an empty page before the talent has a profile',
    args: { ...pageArgs },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return empty;
      const { db } = context;
      const myAssignments = and(eq(jobAssignment.talentProfileId, profileId), isNull(jobAssignment.deletedAt));
      const throughListedProvider = and(myAssignments, listedCompany(company));
      const [providers, [counted]] = await Promise.all([
        db
          .select({ id: company.id, name: company.name, logo: company.logo, since: earliestStart })
          .from(jobAssignment)
          .innerJoin(company, eq(company.id, jobAssignment.providerCompanyId))
          .where(throughListedProvider)
          .groupBy(company.id)
          .orderBy(asc(sql`lower(${company.name})`), asc(company.id))
          .limit(window.perPage)
          .offset(window.offset),
        db
          .select({ total: countDistinct(jobAssignment.providerCompanyId) })
          .from(jobAssignment)
          .innerJoin(company, eq(company.id, jobAssignment.providerCompanyId))
          .where(throughListedProvider),
      ]);
      if (!providers.length) return { ...empty, total: counted?.total ?? 0 };

      // The clients of the whole page in one query, not one per provider.
      const clients = await db
        .select({
          providerId: jobAssignment.providerCompanyId,
          id: clientCompany.id,
          name: clientCompany.name,
          since: earliestStart,
          until: latestEnd,
        })
        .from(jobAssignment)
        .innerJoin(clientCompany, eq(clientCompany.id, jobAssignment.clientCompanyId))
        .where(and(myAssignments, inArray(jobAssignment.providerCompanyId, providers.map((provider) => provider.id)), listedCompany(clientCompany)))
        .groupBy(jobAssignment.providerCompanyId, clientCompany.id)
        .orderBy(asc(sql`lower(${clientCompany.name})`), asc(clientCompany.id));

      const items = providers.map((provider) => ({
        ...provider,
        clients: clients.filter((client) => client.providerId === provider.id).map(({ providerId: _providerId, ...client }) => client),
      }));
      return { ...empty, items, total: counted?.total ?? 0 };
    },
  }),
);
