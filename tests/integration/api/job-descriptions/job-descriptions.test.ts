import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyOnProviderCompany, skillsList } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const FIELDS = 'id title description location countryCode locality remoteCountries skills salary currency salaryRateUnit language workMode assignmentType openForApplications clientCompany { id name } adCount';
const LIST = `query ($q: String, $workMode: JobDescriptionWorkMode, $openForApplications: Boolean, $page: Int, $perPage: Int) {
  findManyJobDescription(q: $q, workMode: $workMode, openForApplications: $openForApplications, page: $page, perPage: $perPage) { items { id title } total page pageCount }
}`;
const FIND = `query ($id: ID!) { findJobDescription(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation ($data: JobDescriptionInput!) { createOneJobDescription(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $data: JobDescriptionInput!) { updateOneJobDescription(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteOneJobDescription(id: $id) }';
const CLIENTS = '{ findManyJobClientCompany { id name } }';
const ALL = { read: true, create: true, update: true, delete: true };

type Description = { id: string; title: string; location: string; skills: string[]; clientCompany: { id: string; name: string }; remoteCountries: string[]; locality: string | null };
type FieldError = { field: string; code: string };

const BERLIN = { title: 'Platform engineer', workMode: 'hybrid', countryCode: 'de', locality: ' Berlin ', skills: ['react', 'Rust'], salary: '5500', currency: 'eur', salaryRateUnit: 'MONTH', language: 'en', openForApplications: true };

describeEachDatabase('job descriptions', (kind) => {
  let f: CompaniesFixture;
  let clientId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('writer-a', f.a.id, 'Writer', { jobDescription: ALL });
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { jobDescription: { read: true } });
    await f.h.database.db.insert(skillsList).values({ label: 'React', department: 'Engineering' }).onConflictDoNothing();
    // Company A provides talents to a client company.
    const { body } = await f.as('client-owner', CREATE_COMPANY, { data: { name: 'Client C' } });
    clientId = (body.data?.createOneCompany as { id: string }).id;
    await f.h.database.db.insert(companyOnProviderCompany).values({ companyId: clientId, providerCompanyId: f.a.id, status: 'accepted' });
  });
  afterAll(() => f.h.close());

  it('creates a job description with a structured place, the skills list spelling and its event', async () => {
    const { body } = await f.as('writer-a', CREATE, { data: BERLIN }, f.a.id);
    expect(body.errors).toBeUndefined();
    const created = body.data?.createOneJobDescription as Description;
    expect(created).toMatchObject({
      title: 'Platform engineer', location: 'Berlin, Germany', countryCode: 'DE', locality: 'Berlin', remoteCountries: [],
      skills: ['React', 'Rust'], salary: '5500.00', currency: 'EUR', clientCompany: { id: f.a.id, name: 'Company A' }, adCount: 0,
    });
    expect((await f.events('jobDescription.create', created.id))[0]?.eventData).toMatchObject({ companyId: f.a.id, after: { title: 'Platform engineer' } });
  });

  it('writes remote work without a town, applicants from the listed countries or the company country', async () => {
    const remote = await f.as('writer-a', CREATE, { data: { title: 'Remote analyst', workMode: 'remote', countryCode: 'PT', locality: 'Lisbon', remoteCountries: ['pt', 'es'] } }, f.a.id);
    expect(remote.body.data?.createOneJobDescription).toMatchObject({ location: 'Remote (Portugal, Spain)', locality: null, remoteCountries: ['PT', 'ES'] });
    const home = await f.as('writer-a', CREATE, { data: { title: 'Remote tester', workMode: 'remote', countryCode: 'PT' } }, f.a.id);
    expect(home.body.data?.createOneJobDescription).toMatchObject({ location: 'Remote (Portugal)', remoteCountries: ['PT'] });
  });

  it('answers a code per field: place, salary without currency or unit, unknown values', async () => {
    const missing = await f.as('writer-a', CREATE, { data: { title: ' ', workMode: 'onsite', countryCode: 'DE', salary: '0' } }, f.a.id);
    const codes = (missing.body.errors?.[0]?.extensions?.fieldErrors as FieldError[]).map((error) => `${error.field}:${error.code}`);
    expect(codes).toEqual(expect.arrayContaining(['data.title:titleRequired', 'data.salary:salaryNotPositive']));
    const place = await f.as('writer-a', CREATE, { data: { title: 'X', workMode: 'onsite', salary: '100' } }, f.a.id);
    expect((place.body.errors?.[0]?.extensions?.fieldErrors as FieldError[]).map((error) => error.code).sort()).toEqual(
      ['countryRequired', 'localityRequired', 'salaryCurrencyRequired', 'salaryRateUnitRequired'].sort(),
    );
    const unknown = await f.as('writer-a', CREATE, { data: { ...BERLIN, countryCode: 'XX', currency: 'EUR1', language: 'klingon', workMode: 'moon' } }, f.a.id);
    expect((unknown.body.errors?.[0]?.extensions?.fieldErrors as FieldError[]).map((error) => error.code)).toEqual(
      expect.arrayContaining(['countryUnknown', 'currencyUnknown', 'languageUnknown', 'workModeUnknown']),
    );
    const tooHigh = await f.as('writer-a', CREATE, { data: { ...BERLIN, salary: '99999999' } }, f.a.id);
    expect((tooHigh.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]?.code).toBe('salaryTooHigh');
  });

  it('offers the company and its clients as the client company, and refuses any other', async () => {
    expect((await f.as('reader-a', CLIENTS, {}, f.a.id)).body.data?.findManyJobClientCompany).toEqual([
      { id: f.a.id, name: 'Company A' },
      { id: clientId, name: 'Client C' },
    ]);
    const forClient = await f.as('writer-a', CREATE, { data: { ...BERLIN, title: 'For the client', clientCompanyId: clientId } }, f.a.id);
    expect((forClient.body.data?.createOneJobDescription as Description).clientCompany).toEqual({ id: clientId, name: 'Client C' });
    const foreign = await f.as('writer-a', CREATE, { data: { ...BERLIN, clientCompanyId: f.b.id } }, f.a.id);
    expect((foreign.body.errors?.[0]?.extensions?.fieldErrors as FieldError[])[0]).toMatchObject({ field: 'data.clientCompanyId', code: 'clientCompanyUnknown' });
  });

  it('lists with filters and pages, newest first; a reader reads but may not write (FORBIDDEN)', async () => {
    const all = (await f.as('reader-a', LIST, {}, f.a.id)).body.data?.findManyJobDescription as { items: { title: string }[]; total: number };
    expect(all.total).toBe(4);
    expect(all.items[0]?.title).toBe('For the client');
    const remote = (await f.as('reader-a', LIST, { workMode: 'remote' }, f.a.id)).body.data?.findManyJobDescription as { total: number };
    expect(remote.total).toBe(2);
    const q = (await f.as('reader-a', LIST, { q: 'berl' }, f.a.id)).body.data?.findManyJobDescription as { items: { title: string }[] };
    expect(q.items.map((item) => item.title).sort()).toEqual(['For the client', 'Platform engineer']);
    const open = (await f.as('reader-a', LIST, { openForApplications: true, perPage: 1, page: 2 }, f.a.id)).body.data?.findManyJobDescription;
    expect(open).toMatchObject({ total: 2, page: 2, pageCount: 2 });
    expect((await f.as('reader-a', CREATE, { data: BERLIN }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { company: { read: true } });
    expect((await f.as('blind-a', LIST, {}, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('replaces a description with an event holding before and after, and deletes it softly', async () => {
    const { body } = await f.as('writer-a', CREATE, { data: { ...BERLIN, title: 'To change' } }, f.a.id);
    const id = (body.data?.createOneJobDescription as Description).id;
    const updated = await f.as('writer-a', UPDATE, { id, data: { ...BERLIN, title: 'Changed', workMode: 'onsite', locality: 'Munich' } }, f.a.id);
    expect(updated.body.data?.updateOneJobDescription).toMatchObject({ title: 'Changed', location: 'Munich, Germany', workMode: 'onsite' });
    expect((await f.events('jobDescription.update', id))[0]?.eventData).toMatchObject({ before: { title: 'To change' }, after: { title: 'Changed' } });
    expect((await f.as('reader-a', DELETE, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('writer-a', DELETE, { id }, f.a.id)).body.data?.deleteOneJobDescription).toBe(true);
    expect(await f.events('jobDescription.delete', id)).toHaveLength(1);
    expect((await f.as('writer-a', FIND, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('writer-a', DELETE, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it("answers NOT_FOUND for another company's job description on every operation, and changes nothing", async () => {
    const { body } = await f.as('owner-b', CREATE, { data: { ...BERLIN, title: 'B secret' } }, f.b.id);
    const id = (body.data?.createOneJobDescription as Description).id;
    expect((await f.as('writer-a', FIND, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('writer-a', UPDATE, { id, data: BERLIN }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('writer-a', DELETE, { id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('writer-a', FIND, { id: 'not-an-id' }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('owner-b', FIND, { id }, f.b.id)).body.data?.findJobDescription).toMatchObject({ title: 'B secret' });
    const list = (await f.as('writer-a', LIST, { q: 'secret' }, f.a.id)).body.data?.findManyJobDescription as { total: number };
    expect(list.total).toBe(0);
  });
});
