import { eq } from 'drizzle-orm';
import { isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../../../src/server/api/schema';
import { company, companyOnProviderCompany, companyTalentRoster, jobAd, jobAssignment } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const EMPLOYERS = `query($page: Int, $perPage: Int, $sort: TalentEmployerSort) {
  myEmployers(page: $page, perPage: $perPage, sort: $sort) {
    total page perPage pageCount
    items { rosterId companyId companyName companyLogo employmentType employeeNumber onRosterSince balance currency }
  }
}`;
const PROVIDERS = `query($page: Int, $perPage: Int) {
  myProviderCompanies(page: $page, perPage: $perPage) {
    total page perPage pageCount
    items { id name logo since clients { id name since until } }
  }
}`;
const PROFILE = `query($id: ID!, $page: Int, $perPage: Int) {
  companyPublicProfile(id: $id) {
    id name logo description industry size type website country city isVerified
    openJobAds(page: $page, perPage: $perPage) { total page perPage pageCount items { id title isAnonymous company { id name } } }
  }
}`;

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

interface EmployerItem {
  rosterId: string;
  companyId: string;
  companyName: string;
  companyLogo: string | null;
  employmentType: string | null;
  employeeNumber: string | null;
  onRosterSince: string;
  balance: string;
  currency: string;
}
interface ProviderItem {
  id: string;
  name: string;
  logo: string | null;
  since: string;
  clients: Array<{ id: string; name: string; since: string; until: string | null }>;
}
interface ListPage<T> {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: T[];
}

describeEachDatabase('talent companies: employers, providers and company profiles', (kind) => {
  let h: ApiHarness;
  let talentToken: string;
  let otherToken: string;
  let talentId: string;
  let otherId: string;
  const ids: Record<string, string> = {};

  async function createCompany(key: string, values: Partial<typeof company.$inferInsert> = {}) {
    const [row] = await h.database.db
      .insert(company)
      .values({ name: key, verificationStatus: 'verified', ...values })
      .returning({ id: company.id });
    ids[key] = row!.id;
    return row!.id;
  }

  async function profileFor(subject: string): Promise<{ token: string; id: string }> {
    const token = await h.token(subject);
    const { body } = await h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
    return { token, id: (body.data?.createOneTalentProfile as { id: string }).id };
  }

  const employers = async (token: string | undefined, variables: Record<string, unknown> = {}) => h.call(EMPLOYERS, { token, variables });
  const providers = async (token: string | undefined, variables: Record<string, unknown> = {}) => h.call(PROVIDERS, { token, variables });
  const employerPage = (body: { data?: Record<string, unknown> | null }) => body.data?.myEmployers as ListPage<EmployerItem>;
  const providerPage = (body: { data?: Record<string, unknown> | null }) => body.data?.myProviderCompanies as ListPage<ProviderItem>;

  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    ({ token: talentToken, id: talentId } = await profileFor('talent'));
    ({ token: otherToken, id: otherId } = await profileFor('other-talent'));

    await createCompany('Northwind Labs', {
      description: 'Shop software',
      industry: 'Software Development',
      size: '51-200',
      type: 'Product company',
      website: 'https://northwind.example',
      logo: 'https://cdn.example/northwind.png',
      address: { street: 'Rua Augusta 120', postalCode: '1100-053', city: 'Lisbon', country: 'PT' },
      country: 'PT',
      accountingCurrency: 'EUR',
    });
    await createCompany('brightpath consulting', { address: { city: 'London', country: 'GB' } });
    await createCompany('Kite Analytics', { verificationStatus: 'pending' });
    await createCompany('Redfern Works', { verificationStatus: 'rejected' });
    await createCompany('Old Harbor', { deletedAt: daysFromNow(-30) });
    await createCompany('Gone Ltd', { verificationStatus: 'deleted' });
    await createCompany('Acme Staffing');
    await createCompany('Zenith Clients');
    await createCompany('Unused Provider');

    // Rosters: the talent on four companies (two of them deleted), the other talent on one.
    await db.insert(companyTalentRoster).values([
      { talentProfileId: talentId, companyId: ids['Northwind Labs']!, balance: '1234567.89', currency: 'EUR', consent: 'accepted', employmentType: 'freelancer', employeeNumber: 'NW-0042', createdAt: daysFromNow(-200) },
      { talentProfileId: talentId, companyId: ids['brightpath consulting']!, balance: '-12.50', currency: 'GBP', consent: 'accepted', employmentType: 'employee', employeeNumber: 'BP-1187', createdAt: daysFromNow(-100) },
      { talentProfileId: talentId, companyId: ids['Kite Analytics']!, balance: '0.00', currency: 'EUR', consent: 'accepted', createdAt: daysFromNow(-10) },
      { talentProfileId: talentId, companyId: ids['Old Harbor']!, balance: '5.00', currency: 'GBP', consent: 'accepted', createdAt: daysFromNow(-300) },
      { talentProfileId: talentId, companyId: ids['Gone Ltd']!, balance: '5.00', currency: 'GBP', consent: 'accepted', createdAt: daysFromNow(-300) },
      { talentProfileId: otherId, companyId: ids['Zenith Clients']!, balance: '99.00', currency: 'USD', consent: 'accepted', createdAt: daysFromNow(-5) },
    ]);

    // Assignments: through two providers (one with two clients), one direct, one deleted,
    // one through a deleted provider, one with a deleted client; the other talent has its own.
    await db.insert(jobAssignment).values([
      { talentProfileId: talentId, providerCompanyId: ids['brightpath consulting']!, clientCompanyId: ids['Northwind Labs']!, startDate: '2024-03-01', endDate: null },
      { talentProfileId: talentId, providerCompanyId: ids['brightpath consulting']!, clientCompanyId: ids['Northwind Labs']!, startDate: '2023-09-15', endDate: '2024-01-31' },
      { talentProfileId: talentId, providerCompanyId: ids['brightpath consulting']!, clientCompanyId: ids['Zenith Clients']!, startDate: '2024-06-01', endDate: '2024-12-31' },
      { talentProfileId: talentId, providerCompanyId: ids['brightpath consulting']!, clientCompanyId: ids['Old Harbor']!, startDate: '2022-01-01', endDate: '2022-06-30' },
      { talentProfileId: talentId, providerCompanyId: ids['Acme Staffing']!, clientCompanyId: null, startDate: null, createdAt: new Date('2025-02-03T10:00:00Z') },
      { talentProfileId: talentId, providerCompanyId: null, clientCompanyId: ids['Northwind Labs']!, startDate: '2021-01-01' },
      { talentProfileId: talentId, providerCompanyId: ids['Kite Analytics']!, clientCompanyId: ids['Northwind Labs']!, startDate: '2020-01-01', deletedAt: daysFromNow(-1) },
      { talentProfileId: talentId, providerCompanyId: ids['Old Harbor']!, clientCompanyId: ids['Northwind Labs']!, startDate: '2020-01-01' },
      { talentProfileId: otherId, providerCompanyId: ids['Redfern Works']!, clientCompanyId: ids['Zenith Clients']!, startDate: '2024-01-01' },
    ]);
    // A provider serving the talent's employer, but never through this talent: not listed.
    await db.insert(companyOnProviderCompany).values({ companyId: ids['Northwind Labs']!, providerCompanyId: ids['Unused Provider']!, status: 'accepted' });

    // Northwind's ads: two open, and one each of anonymous, closed, unpublished, future and deleted.
    await db.insert(jobAd).values([
      { title: 'Older open role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: daysFromNow(-5), publishedUntil: daysFromNow(20) },
      { title: 'Newer open role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: daysFromNow(-1) },
      { title: 'Anonymous role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: daysFromNow(-1), isAnonymous: true },
      { title: 'Closed role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: daysFromNow(-20), publishedUntil: daysFromNow(-2) },
      { title: 'Draft role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: null },
      { title: 'Future role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: daysFromNow(3) },
      { title: 'Deleted role', publisherCompanyId: ids['Northwind Labs']!, publishedAt: daysFromNow(-1), deletedAt: daysFromNow(-0.5) },
      { title: 'Brightpath role', publisherCompanyId: ids['brightpath consulting']!, publishedAt: daysFromNow(-1) },
      { title: 'Kite role', publisherCompanyId: ids['Kite Analytics']!, publishedAt: daysFromNow(-1) },
    ]);
  });
  afterAll(() => h.close());

  describe('myEmployers', () => {
    it("lists the companies whose roster holds the talent, by name, with the balance exact", async () => {
      const { body } = await employers(talentToken);
      expect(body.errors).toBeUndefined();
      const page = employerPage(body);
      expect(page).toMatchObject({ total: 3, page: 1, perPage: 20, pageCount: 1 });
      // Case-insensitive by name; the two deleted companies are left out.
      expect(page.items.map((item) => item.companyName)).toEqual(['brightpath consulting', 'Kite Analytics', 'Northwind Labs']);
      expect(page.items[2]).toMatchObject({
        companyId: ids['Northwind Labs'],
        companyLogo: 'https://cdn.example/northwind.png',
        employmentType: 'freelancer',
        employeeNumber: 'NW-0042',
        balance: '1234567.89',
        currency: 'EUR',
      });
      expect(page.items[0]).toMatchObject({ balance: '-12.50', currency: 'GBP', employmentType: 'employee' });
      expect(page.items[1]).toMatchObject({ balance: '0.00', employmentType: null, employeeNumber: null, companyLogo: null });
      expect(new Date(page.items[2]!.onRosterSince).getTime()).toBeLessThan(new Date(page.items[0]!.onRosterSince).getTime());
    });

    it('sorts by name either way and by time on the roster either way', async () => {
      const names = async (sort: string) => employerPage((await employers(talentToken, { sort })).body).items.map((item) => item.companyName);
      expect(await names('NAME_DESC')).toEqual(['Northwind Labs', 'Kite Analytics', 'brightpath consulting']);
      expect(await names('SINCE_DESC')).toEqual(['Kite Analytics', 'brightpath consulting', 'Northwind Labs']);
      expect(await names('SINCE_ASC')).toEqual(['Northwind Labs', 'brightpath consulting', 'Kite Analytics']);
      const unknown = await employers(talentToken, { sort: 'BALANCE' });
      expect(unknown.body.errors?.[0]?.message).toMatch(/TalentEmployerSort/);
    });

    it('pages through the list without repeating or skipping a row', async () => {
      const first = employerPage((await employers(talentToken, { perPage: 2 })).body);
      const second = employerPage((await employers(talentToken, { perPage: 2, page: 2 })).body);
      expect(first).toMatchObject({ total: 3, pageCount: 2, perPage: 2, page: 1 });
      expect(second).toMatchObject({ total: 3, pageCount: 2, page: 2 });
      expect([...first.items, ...second.items].map((item) => item.companyName)).toEqual(['brightpath consulting', 'Kite Analytics', 'Northwind Labs']);
      const beyond = employerPage((await employers(talentToken, { perPage: 2, page: 3 })).body);
      expect(beyond).toMatchObject({ total: 3, items: [] });
    });

    it('refuses page numbers below 1 and page sizes outside 1 to 100', async () => {
      for (const variables of [{ page: 0 }, { perPage: 0 }, { perPage: 101 }]) {
        const { body } = await employers(talentToken, variables);
        expect(body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      }
    });

    it("shows a second talent only its own roster, never the first talent's", async () => {
      const page = employerPage((await employers(otherToken)).body);
      expect(page.items.map((item) => item.companyName)).toEqual(['Zenith Clients']);
      expect(page.total).toBe(1);
      const rows = await h.database.db.select().from(companyTalentRoster).where(eq(companyTalentRoster.talentProfileId, talentId));
      expect(rows).toHaveLength(5);
    });

    it('answers an empty page, not an error, before the user has a talent profile', async () => {
      const { body } = await employers(await h.token('no-profile-yet'));
      expect(body.errors).toBeUndefined();
      expect(employerPage(body)).toEqual({ total: 0, page: 1, perPage: 20, pageCount: 1, items: [] });
    });

    it('needs a signed-in user', async () => {
      const { status, body } = await employers(undefined);
      expect(status).toBe(401);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('myProviderCompanies', () => {
    it('lists the providers of the talent’s own assignments with their clients and since when', async () => {
      const { body } = await providers(talentToken);
      expect(body.errors).toBeUndefined();
      const page = providerPage(body);
      // Not: the direct assignment, the deleted assignment (Kite), the deleted provider
      // (Old Harbor), the other talent's provider (Redfern), nor Northwind's provider
      // from companyOnProviderCompany (Unused Provider).
      expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
      expect(page.items.map((item) => item.name)).toEqual(['Acme Staffing', 'brightpath consulting']);
      const [acme, brightpath] = page.items;
      // Without a start date the assignment counts from the day it was created; no client named yet.
      expect(acme).toMatchObject({ id: ids['Acme Staffing'], since: '2025-02-03', clients: [] });
      expect(brightpath).toMatchObject({
        id: ids['brightpath consulting'],
        // The earliest assignment through it, including the one for a client that is gone.
        since: '2022-01-01',
        clients: [
          // Two assignments with Northwind: the earliest start, still running (no end).
          { id: ids['Northwind Labs'], name: 'Northwind Labs', since: '2023-09-15', until: null },
          { id: ids['Zenith Clients'], name: 'Zenith Clients', since: '2024-06-01', until: '2024-12-31' },
        ],
      });
    });

    it('pages through the providers', async () => {
      const second = providerPage((await providers(talentToken, { perPage: 1, page: 2 })).body);
      expect(second).toMatchObject({ total: 2, pageCount: 2, page: 2, perPage: 1 });
      expect(second.items.map((item) => item.name)).toEqual(['brightpath consulting']);
      expect(second.items[0]!.clients).toHaveLength(2);
      const beyond = providerPage((await providers(talentToken, { perPage: 1, page: 3 })).body);
      expect(beyond).toMatchObject({ total: 2, items: [] });
      const bad = await providers(talentToken, { perPage: 500 });
      expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it("shows a second talent only its own providers, never the first talent's", async () => {
      const page = providerPage((await providers(otherToken)).body);
      expect(page.items).toEqual([
        { id: ids['Redfern Works'], name: 'Redfern Works', logo: null, since: '2024-01-01', clients: [{ id: ids['Zenith Clients'], name: 'Zenith Clients', since: '2024-01-01', until: null }] },
      ]);
    });

    it('answers an empty page before the user has a talent profile, and needs a signed-in user', async () => {
      const { body } = await providers(await h.token('no-profile-yet'));
      expect(body.errors).toBeUndefined();
      expect(providerPage(body)).toMatchObject({ total: 0, items: [] });
      expect((await providers(undefined)).status).toBe(401);
    });
  });

  describe('companyPublicProfile', () => {
    const profile = async (id: string, options: { token?: string; page?: number; perPage?: number } = {}) =>
      h.call(PROFILE, { token: options.token, variables: { id, page: options.page, perPage: options.perPage } });

    it('lets a guest read the public profile: name, logo, description, facts, city and country', async () => {
      const { status, body } = await profile(ids['Northwind Labs']!);
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data?.companyPublicProfile).toMatchObject({
        id: ids['Northwind Labs'],
        name: 'Northwind Labs',
        logo: 'https://cdn.example/northwind.png',
        description: 'Shop software',
        industry: 'Software Development',
        size: '51-200',
        type: 'Product company',
        website: 'https://northwind.example',
        country: 'PT',
        city: 'Lisbon',
        isVerified: true,
      });
    });

    it('takes the country from the address when the company has none of its own', async () => {
      const { body } = await profile(ids['brightpath consulting']!, { token: talentToken });
      expect(body.data?.companyPublicProfile).toMatchObject({ country: 'GB', city: 'London', isVerified: true });
    });

    it('shows unverified companies without the verified flag, and without open ads', async () => {
      for (const name of ['Kite Analytics', 'Redfern Works']) {
        const { body } = await profile(ids[name]!);
        expect(body.data?.companyPublicProfile, name).toMatchObject({ name, isVerified: false, openJobAds: { total: 0, items: [] } });
      }
    });

    it('lists only open ads, newest first: not anonymous, closed, unpublished, future or deleted ones', async () => {
      const { body } = await profile(ids['Northwind Labs']!);
      const ads = (body.data?.companyPublicProfile as { openJobAds: ListPage<{ title: string; isAnonymous: boolean; company: { id: string } }> }).openJobAds;
      expect(ads).toMatchObject({ total: 2, page: 1, pageCount: 1 });
      expect(ads.items.map((ad) => ad.title)).toEqual(['Newer open role', 'Older open role']);
      expect(ads.items.every((ad) => !ad.isAnonymous && ad.company.id === ids['Northwind Labs'])).toBe(true);
    });

    it('pages through the open ads and checks the page arguments', async () => {
      const { body } = await profile(ids['Northwind Labs']!, { page: 2, perPage: 1 });
      const ads = (body.data?.companyPublicProfile as { openJobAds: ListPage<{ title: string }> }).openJobAds;
      expect(ads).toMatchObject({ total: 2, page: 2, perPage: 1, pageCount: 2 });
      expect(ads.items.map((ad) => ad.title)).toEqual(['Older open role']);
      const bad = await profile(ids['Northwind Labs']!, { page: -1 });
      expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('answers NOT_FOUND for a deleted company, an unknown id and a malformed id', async () => {
      for (const id of [ids['Old Harbor']!, ids['Gone Ltd']!, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
        const { body } = await profile(id, { token: talentToken });
        expect(body.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
        expect(body.data).toBeNull();
      }
    });

    it('has no private field to ask for: invoice details, credits, permissions, members, accounting', async () => {
      const type = schema.getType('CompanyPublicProfile');
      expect(isObjectType(type)).toBe(true);
      if (!isObjectType(type)) return;
      expect(Object.keys(type.getFields()).sort()).toEqual(
        ['city', 'country', 'description', 'id', 'industry', 'isVerified', 'logo', 'name', 'openJobAds', 'size', 'type', 'website'].sort(),
      );
      const asked = await h.call(`query($id: ID!) { companyPublicProfile(id: $id) { name accountingCurrency } }`, { variables: { id: ids['Northwind Labs'] } });
      expect(asked.body.errors?.[0]?.message).toMatch(/Cannot query field "accountingCurrency"/);
    });
  });
});
