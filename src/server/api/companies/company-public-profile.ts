import { and, count, desc, eq } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { company, jobAd } from '../../db/schema';
import { loadOpenJobAds } from '../../job-ad-search/job-ad-rows';
import { openJobAd } from '../../job-ad-search/open-job-ad';
import { listedCompany } from './listed-company';
import { builder } from '../builder';
import { notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { asksForLongTexts, JobAd } from '../job-ads/jobs';

// Public: answers without a token, so a later guest company page can use it as the talent
// page does. It selects the public columns by name and nothing else: invoice details,
// credits, permissions, members, roles and accounting stay out of reach, whatever a
// caller asks for.

/** What anyone may see of a company. */
interface CompanyPublicProfileRow {
  id: string;
  name: string;
  logo: string | null;
  description: string | null;
  industry: string | null;
  size: string | null;
  type: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
  isVerified: boolean;
}

const CompanyOpenJobAdPage = pageOf(JobAd, 'CompanyOpenJobAd');

const CompanyPublicProfile = builder.objectRef<CompanyPublicProfileRow>('CompanyPublicProfile').implement({
  description: "A company's public profile (the company entity's public fields only)",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    logo: t.exposeString('logo', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    industry: t.exposeString('industry', { nullable: true }),
    size: t.exposeString('size', { nullable: true, description: 'Head count band, e.g. 51-200' }),
    type: t.exposeString('type', { nullable: true, description: 'e.g. Product company, Staffing provider' }),
    website: t.exposeString('website', { nullable: true }),
    country: t.exposeString('country', { nullable: true, description: 'ISO 3166-1 alpha-2' }),
    city: t.exposeString('city', { nullable: true, description: 'From the address; the street stays private' }),
    isVerified: t.exposeBoolean('isVerified', {
      description: 'True once the platform verified the company; pending and rejected are not told apart publicly',
    }),
    openJobAds: t.field({
      type: CompanyOpenJobAdPage,
      description: 'Its open job ads, newest first: published, before their deadline and not anonymous',
      args: { ...pageArgs },
      resolve: async (profile, args, { db }, info) => {
        const window = pageWindow(args);
        const now = new Date();
        // An anonymous ad must not be tied to its publisher, so it is never listed here.
        const where = and(eq(jobAd.publisherCompanyId, profile.id), eq(jobAd.isAnonymous, false), openJobAd(now));
        const [page, [counted]] = await Promise.all([
          db
            .select({ id: jobAd.id })
            .from(jobAd)
            .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
            .where(where)
            .orderBy(desc(jobAd.publishedAt), desc(jobAd.id))
            .limit(window.perPage)
            .offset(window.offset),
          db.select({ total: count() }).from(jobAd).innerJoin(company, eq(company.id, jobAd.publisherCompanyId)).where(where),
        ]);
        const items = await loadOpenJobAds(db, page.map((row) => row.id), now, { longTexts: asksForLongTexts(info, ['items']) });
        return { items, total: counted?.total ?? 0, page: window.page, perPage: window.perPage };
      },
    }),
  }),
});

builder.queryField('companyPublicProfile', (t) =>
  t.field({
    type: CompanyPublicProfile,
    description: "A company's public profile (public); NOT_FOUND for an unknown or deleted company",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { db }) => {
      const id = String(args.id);
      // Anything but a uuid cannot name a company (and would make PostgreSQL raise on the cast).
      if (!isUuid(id)) throw notFound('This company');
      const [row] = await db
        .select({
          id: company.id,
          name: company.name,
          logo: company.logo,
          description: company.description,
          industry: company.industry,
          size: company.size,
          type: company.type,
          website: company.website,
          country: company.country,
          address: company.address,
          verificationStatus: company.verificationStatus,
        })
        .from(company)
        .where(and(eq(company.id, id), listedCompany(company)))
        .limit(1);
      if (!row) throw notFound('This company');
      const { address, verificationStatus, ...rest } = row;
      return {
        ...rest,
        country: row.country ?? address?.country ?? null,
        city: address?.city ?? null,
        isVerified: verificationStatus === 'verified',
      };
    },
  }),
);
