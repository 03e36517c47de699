import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobAd } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startTypesenseStub, type TypesenseStub } from '../../../support/typesense-stub';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const FIELDS = 'id title location countryCode locality remoteCountries skills isAnonymous employmentType status publishedAt publishedUntil publicPath jobDescription { id title }';
const LIST = `query ($q: String, $status: JobAdStatus, $jobDescriptionId: ID, $page: Int, $perPage: Int) {
  findManyJobAd(q: $q, status: $status, jobDescriptionId: $jobDescriptionId, page: $page, perPage: $perPage) { items { id title status } total }
}`;
const FIND = `query ($id: ID!) { findJobAd(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $data: JobAdInput!) { updateOneJobAd(id: $id, data: $data) { ${FIELDS} } }`;
const PUBLISH = `mutation ($id: ID!) { publishOneJobAd(id: $id) { ${FIELDS} } }`;
const UNPUBLISH = `mutation ($id: ID!) { unpublishOneJobAd(id: $id) { ${FIELDS} } }`;
const DUPLICATE = `mutation ($id: ID!) { duplicateOneJobAd(id: $id) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneJobAd(id: $id) }';
const CREATE_DESCRIPTION = 'mutation ($data: JobDescriptionInput!) { createOneJobDescription(data: $data) { id } }';
const PUBLIC_SEARCH = 'query ($q: String) { jobAds(search: { q: $q }) { items { id title company { name } } total } }';
const PUBLIC_AD = 'query ($id: ID!) { jobAd(id: $id) { id title company { name } } }';
const SUGGEST = 'query ($q: String!) { jobAdSuggestions(q: $q) { title } }';
const SITEMAP = '{ jobAdSitemap(chunk: 1) { entries { id lastModified } } }';
const ALL = { read: true, create: true, update: true, delete: true };
const DAY = 86_400_000;

type Ad = { id: string; title: string; status: string; location: string; publishedAt: string | null; publishedUntil: string | null; publicPath: string; jobDescription: { id: string; title: string } | null; isAnonymous: boolean };
type FieldError = { field: string; code: string };

const BASE = { title: 'Kotlin engineer', workMode: 'onsite', countryCode: 'NL', locality: 'Utrecht', skills: ['Kotlin'], employmentType: 'employee' };
const { employmentType: _employmentType, ...DESCRIPTION } = BASE;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describeEachDatabase('company job ads', (kind) => {
  let f: CompaniesFixture;
  let typesense: TypesenseStub;
  const logged: string[] = [];
  const codesOf = (body: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => (body.errors?.[0]?.extensions?.fieldErrors as FieldError[] | undefined)?.map((error) => `${error.field}:${error.code}`);
  beforeAll(async () => {
    typesense = await startTypesenseStub();
    f = await startCompaniesFixture(kind, { searchEnv: { TYPESENSE_HOST: typesense.url, TYPESENSE_API_KEY: 'admin-key' }, log: (message) => logged.push(message) });
    await f.memberWithRole('poster-a', f.a.id, 'Poster', { jobAd: ALL, jobDescription: ALL });
    await f.memberWithRole('reader-a', f.a.id, 'Ad reader', { jobAd: { read: true } });
  });
  afterAll(async () => {
    await f.h.close();
    await typesense.stop();
  });

  it('creates a draft, publishes it: guests find it in search and suggestions at once; taken down, it is gone', async () => {
    const title = `Quokka wrangler ${kind}`;
    const created = await f.as('poster-a', CREATE, { data: { ...BASE, title } }, f.a.id);
    expect(created.body.errors).toBeUndefined();
    const draft = created.body.data?.createOneJobAd as Ad;
    expect(draft).toMatchObject({ status: 'DRAFT', location: 'Utrecht, Netherlands', publishedAt: null });
    expect((await f.events('jobAd.create', draft.id))[0]?.eventData).toMatchObject({ companyId: f.a.id, after: { title } });
    expect((await f.h.call(PUBLIC_AD, { variables: { id: draft.id } })).body.data?.jobAd).toBeNull();

    const published = (await f.as('poster-a', PUBLISH, { id: draft.id }, f.a.id)).body.data?.publishOneJobAd as Ad;
    expect(published.status).toBe('PUBLISHED');
    // No deadline of its own: up for the default 30 days.
    expect(new Date(published.publishedUntil!).getTime() - new Date(published.publishedAt!).getTime()).toBe(30 * DAY);
    expect((await f.events('jobAd.update', draft.id))[0]?.eventData).toMatchObject({ action: 'publish', before: { publishedAt: null } });
    const search = (await f.h.call(PUBLIC_SEARCH, { variables: { q: 'quokka' } })).body.data?.jobAds as { items: { id: string; company: { name: string } }[] };
    expect(search.items).toEqual([{ id: draft.id, title, company: { name: 'Company A' } }]);
    expect((await f.h.call(SUGGEST, { variables: { q: 'quok' } })).body.data?.jobAdSuggestions).toEqual([{ title }]);
    // The Typesense copy followed: upserted with the ad's own document.
    expect(typesense.documents.get(draft.id)).toMatchObject({ id: draft.id, title });
    // The sitemap lists it with the publication as its last change.
    const entries = (await f.h.call(SITEMAP)).body.data?.jobAdSitemap as { entries: { id: string; lastModified: string }[] };
    const entry = entries.entries.find((candidate) => candidate.id === draft.id);
    expect(new Date(entry!.lastModified).getTime()).toBeGreaterThanOrEqual(new Date(published.publishedAt!).getTime());

    const down = (await f.as('poster-a', UNPUBLISH, { id: draft.id }, f.a.id)).body.data?.unpublishOneJobAd as Ad;
    expect(down.status).toBe('DRAFT');
    expect(((await f.h.call(PUBLIC_SEARCH, { variables: { q: 'quokka' } })).body.data?.jobAds as { total: number }).total).toBe(0);
    expect((await f.h.call(SUGGEST, { variables: { q: 'quok' } })).body.data?.jobAdSuggestions).toEqual([]);
    expect((await f.h.call(PUBLIC_AD, { variables: { id: draft.id } })).body.data?.jobAd).toBeNull();
    expect(typesense.requests.some((request) => request.method === 'DELETE' && request.path.endsWith(`/documents/${draft.id}`))).toBe(true);
    expect(((await f.h.call(SITEMAP)).body.data?.jobAdSitemap as { entries: { id: string }[] }).entries.some((candidate) => candidate.id === draft.id)).toBe(false);
  });

  it('an anonymous ad never names its company to guests: search, page and search copy', async () => {
    const title = `Anonymous narwhal ${kind}`;
    const ad = (await f.as('poster-a', CREATE, { data: { ...BASE, title, isAnonymous: true, publishedAt: day(0) } }, f.a.id)).body.data?.createOneJobAd as Ad;
    expect(ad).toMatchObject({ status: 'PUBLISHED', isAnonymous: true });
    const search = (await f.h.call(PUBLIC_SEARCH, { variables: { q: 'narwhal' } })).body.data?.jobAds as { items: { company: unknown }[] };
    expect(search.items).toEqual([{ id: ad.id, title, company: null }]);
    expect((await f.h.call(PUBLIC_AD, { variables: { id: ad.id } })).body.data?.jobAd).toEqual({ id: ad.id, title, company: null });
    expect(JSON.stringify(typesense.documents.get(ad.id))).not.toContain('Company A');
  });

  it('schedules an ad for later, refuses windows out of order, past or longer than a year', async () => {
    const later = (await f.as('poster-a', CREATE, { data: { ...BASE, title: 'Later', publishedAt: day(3), publishedUntil: day(20) } }, f.a.id)).body.data?.createOneJobAd as Ad;
    expect(later.status).toBe('SCHEDULED');
    expect((await f.h.call(PUBLIC_AD, { variables: { id: later.id } })).body.data?.jobAd).toBeNull();
    expect(codesOf((await f.as('poster-a', CREATE, { data: { ...BASE, publishedAt: day(5), publishedUntil: day(2) } }, f.a.id)).body)).toEqual(['data.publishedUntil:publishWindowOrder']);
    expect(codesOf((await f.as('poster-a', CREATE, { data: { ...BASE, publishedUntil: day(-2) } }, f.a.id)).body)).toEqual(['data.publishedUntil:publishedUntilPast']);
    expect(codesOf((await f.as('poster-a', CREATE, { data: { ...BASE, publishedUntil: day(400) } }, f.a.id)).body)).toEqual(['data.publishedUntil:publishWindowTooLong']);
    expect(codesOf((await f.as('poster-a', CREATE, { data: { ...BASE, publishedAt: 'soon' } }, f.a.id)).body)).toEqual(['data.publishedAt:dateInvalid']);
    expect(codesOf((await f.as('poster-a', CREATE, { data: { ...BASE, workMode: 'remote', countryCode: '', salary: '10' } }, f.a.id)).body)?.sort()).toEqual(
      ['data.countryCode:countryRequired', 'data.currency:salaryCurrencyRequired', 'data.salaryRateUnit:salaryRateUnitRequired'],
    );
    // Nothing half-saved: none of the refused ads exists.
    const rows = await f.h.database.db.select({ id: jobAd.id }).from(jobAd).where(eq(jobAd.publisherCompanyId, f.a.id));
    expect(rows).toHaveLength(3);
  });

  it('makes an ad from one of its job descriptions, never from another company\'s; lists by description and status', async () => {
    const source = (await f.as('poster-a', CREATE_DESCRIPTION, { data: { ...DESCRIPTION, title: 'Source role' } }, f.a.id)).body.data?.createOneJobDescription as { id: string };
    const ad = (await f.as('poster-a', CREATE, { data: { ...BASE, title: 'From source', jobDescriptionId: source.id } }, f.a.id)).body.data?.createOneJobAd as Ad;
    expect(ad.jobDescription).toEqual({ id: source.id, title: 'Source role' });
    const counted = await f.as('poster-a', 'query ($id: ID!) { findJobDescription(id: $id) { adCount } }', { id: source.id }, f.a.id);
    expect(counted.body.data?.findJobDescription).toEqual({ adCount: 1 });
    const foreign = (await f.as('owner-b', CREATE_DESCRIPTION, { data: { ...DESCRIPTION, title: 'B role' } }, f.b.id)).body.data?.createOneJobDescription as { id: string };
    expect(codesOf((await f.as('poster-a', CREATE, { data: { ...BASE, jobDescriptionId: foreign.id } }, f.a.id)).body)).toEqual(['data.jobDescriptionId:jobDescriptionUnknown']);
    const bySource = (await f.as('reader-a', LIST, { jobDescriptionId: source.id }, f.a.id)).body.data?.findManyJobAd as { items: { id: string }[] };
    expect(bySource.items.map((item) => item.id)).toEqual([ad.id]);
    const scheduled = (await f.as('reader-a', LIST, { status: 'SCHEDULED' }, f.a.id)).body.data?.findManyJobAd as { items: { title: string }[] };
    expect(scheduled.items.map((item) => item.title)).toEqual(['Later']);
    const published = (await f.as('reader-a', LIST, { status: 'PUBLISHED' }, f.a.id)).body.data?.findManyJobAd as { items: { title: string }[] };
    expect(published.items.map((item) => item.title)).toEqual([`Anonymous narwhal ${kind}`]);
  });

  it('duplicates as a draft, edits with an event, closes past its deadline by itself, republishes; a reader may do none', async () => {
    const list = (await f.as('reader-a', LIST, { q: 'from source' }, f.a.id)).body.data?.findManyJobAd as { items: { id: string }[] };
    const sourceId = list.items[0]!.id;
    const copy = (await f.as('poster-a', DUPLICATE, { id: sourceId }, f.a.id)).body.data?.duplicateOneJobAd as Ad;
    expect(copy).toMatchObject({ title: 'From source', status: 'DRAFT' });
    expect(copy.id).not.toBe(sourceId);
    expect((await f.events('jobAd.create', copy.id))[0]?.eventData).toMatchObject({ duplicateOf: sourceId });

    const edited = (await f.as('poster-a', UPDATE, { id: copy.id, data: { ...BASE, title: 'Copy edited', workMode: 'remote', remoteCountries: ['NL', 'BE'], publishedAt: day(0) } }, f.a.id)).body.data?.updateOneJobAd as Ad;
    expect(edited).toMatchObject({ title: 'Copy edited', status: 'PUBLISHED', location: 'Remote (Netherlands, Belgium)', locality: null });
    expect((await f.events('jobAd.update', copy.id))[0]?.eventData).toMatchObject({ before: { title: 'From source' }, after: { title: 'Copy edited' } });

    // The deadline passes: closed without a write, out of search.
    await f.h.database.db.update(jobAd).set({ publishedAt: new Date(Date.now() - 3 * DAY), publishedUntil: new Date(Date.now() - DAY) }).where(eq(jobAd.id, copy.id));
    expect(((await f.as('reader-a', FIND, { id: copy.id }, f.a.id)).body.data?.findJobAd as Ad).status).toBe('CLOSED');
    expect(((await f.h.call(PUBLIC_SEARCH, { variables: { q: 'copy edited' } })).body.data?.jobAds as { total: number }).total).toBe(0);
    const again = (await f.as('poster-a', PUBLISH, { id: copy.id }, f.a.id)).body.data?.publishOneJobAd as Ad;
    expect(again.status).toBe('PUBLISHED');
    expect(((await f.h.call(PUBLIC_SEARCH, { variables: { q: 'copy edited' } })).body.data?.jobAds as { total: number }).total).toBe(1);

    for (const [query, variables] of [[CREATE, { data: BASE }], [UPDATE, { id: copy.id, data: BASE }], [PUBLISH, { id: copy.id }], [UNPUBLISH, { id: copy.id }], [DUPLICATE, { id: copy.id }], [DELETE, { id: copy.id }]] as const) {
      expect((await f.as('reader-a', query, variables, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await f.as('poster-a', DELETE, { id: copy.id }, f.a.id)).body.data?.deleteOneJobAd).toBe(true);
    expect(await f.events('jobAd.delete', copy.id)).toHaveLength(1);
    expect((await f.h.call(PUBLIC_AD, { variables: { id: copy.id } })).body.data?.jobAd).toBeNull();
  });

  it("answers NOT_FOUND for another company's ad on every operation, and changes nothing", async () => {
    const ad = (await f.as('owner-b', CREATE, { data: { ...BASE, title: 'B ad', publishedAt: day(0) } }, f.b.id)).body.data?.createOneJobAd as Ad;
    for (const [query, variables] of [[FIND, { id: ad.id }], [UPDATE, { id: ad.id, data: BASE }], [PUBLISH, { id: ad.id }], [UNPUBLISH, { id: ad.id }], [DUPLICATE, { id: ad.id }], [DELETE, { id: ad.id }], [FIND, { id: 'x' }]] as const) {
      expect((await f.as('poster-a', query, variables, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(((await f.as('owner-b', FIND, { id: ad.id }, f.b.id)).body.data?.findJobAd as Ad)).toMatchObject({ title: 'B ad', status: 'PUBLISHED' });
  });

  it('a write stands when the search copy cannot follow: logged, never an error', async () => {
    typesense.failWith = 503;
    const created = await f.as('poster-a', CREATE, { data: { ...BASE, title: 'While Typesense is down', publishedAt: day(0) } }, f.a.id);
    typesense.failWith = null;
    expect(created.body.errors).toBeUndefined();
    expect(logged.some((line) => line.includes('could not be updated in Typesense'))).toBe(true);
  });
});
