import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';

// Support reads every job application, across companies, read only:
// found by the applicant's name or e-mail, the company, the job and the step's group; one
// application with its history.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const STEPS = '{ findManyCompanyHiringStep { id stepName group } }';
const MOVE = 'mutation ($ids: [ID!]!, $hiringStepId: ID!) { moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId) { id } }';
const LIST = `query ($q: String, $company: String, $job: String, $group: AdminJobApplicationGroup, $page: Int, $perPage: Int) {
  findManyAdminJobApplication(q: $q, company: $company, job: $job, group: $group, page: $page, perPage: $perPage) {
    items { id companyName talentEmail application { talent { profileName } jobAd { title } hiringStep { stepName group } } } total page pageCount
  }
}`;
const FIND = `query ($id: ID!) { findAdminJobApplication(id: $id) {
  id companyId companyName talentEmail application { message talent { profileName } jobAd { id title } hiringStep { stepName } } history { kind fromStep toStep actorName }
} }`;

type Item = { id: string; companyName: string; talentEmail: string; application: { talent: { profileName: string }; jobAd: { title: string }; hiringStep: { stepName: string; group: string } } };

describeEachDatabase('admin: job applications for support', (kind) => {
  let f: AdminFixture;
  const applications: Record<string, string> = {};
  beforeAll(async () => {
    f = await startAdminFixture(kind);
    const ad = async (owner: string, companyId: string, title: string) =>
      ((await f.as(owner, CREATE_AD, { data: { title, workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, companyId)).body.data?.createOneJobAd as { id: string }).id;
    const adA = await ad('owner-a', f.a.id, 'Lighthouse keeper');
    const adB = await ad('owner-b', f.b.id, 'Harbour pilot');
    for (const [subject, name] of [['ana', 'Ana Applicant'], ['ben', 'Ben Builder']] as const) {
      const token = await f.h.token(subject);
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}.contact@example.test`, profileName: name } } });
    }
    const apply = async (subject: string, jobAdId: string) => ((await f.h.call(APPLY, { token: await f.h.token(subject), variables: { data: { jobAdId, message: `From ${subject}` } } })).body.data?.applyToJobAd as { id: string }).id;
    applications.anaA = await apply('ana', adA);
    applications.benA = await apply('ben', adA);
    applications.benB = await apply('ben', adB);
    const steps = (await f.as('owner-a', STEPS, {}, f.a.id)).body.data?.findManyCompanyHiringStep as { id: string; stepName: string }[];
    await f.as('owner-a', MOVE, { ids: [applications.anaA], hiringStepId: steps.find((step) => step.stepName === 'Hired')!.id }, f.a.id);
  });
  afterAll(() => f.h.close());

  const list = async (variables: Record<string, unknown> = {}) => {
    const { body } = await f.asAdmin(LIST, variables);
    expect(body.errors).toBeUndefined();
    return body.data?.findManyAdminJobApplication as { items: Item[]; total: number; pageCount: number };
  };
  const ids = (page: { items: Item[] }) => page.items.map((item) => item.id).sort();

  it('lists applications of every company, newest first, with company, applicant e-mail, ad and step', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.items[0]?.id).toBe(applications.benB);
    expect(all.items.find((item) => item.id === applications.benB)).toMatchObject({
      companyName: 'Company B',
      talentEmail: 'ben.contact@example.test',
      application: { talent: { profileName: 'Ben Builder' }, jobAd: { title: 'Harbour pilot' }, hiringStep: { stepName: 'Applied', group: 'IN_PROGRESS' } },
    });
    expect((await list({ perPage: 2, page: 2 })).items).toHaveLength(1);
  });

  it("finds them by the applicant's name or e-mail, the company, the job and the step's group", async () => {
    expect(ids(await list({ q: 'ben builder' }))).toEqual([applications.benA, applications.benB].sort());
    expect(ids(await list({ q: 'ANA.CONTACT@' }))).toEqual([applications.anaA]);
    // The account's own address finds them too.
    expect(ids(await list({ q: 'ana@example.test' }))).toEqual([applications.anaA]);
    expect(ids(await list({ company: 'company b' }))).toEqual([applications.benB]);
    expect(ids(await list({ job: 'lighthouse', q: 'ben' }))).toEqual([applications.benA]);
    expect(ids(await list({ group: 'HIRED' }))).toEqual([applications.anaA]);
    expect((await list({ q: '%' })).total).toBe(0);
  });

  it('opens one with its history, read only; an unknown id is NOT_FOUND', async () => {
    const { body } = await f.asAdmin(FIND, { id: applications.anaA });
    expect(body.errors).toBeUndefined();
    expect(body.data?.findAdminJobApplication).toMatchObject({
      id: applications.anaA,
      companyId: f.a.id,
      companyName: 'Company A',
      talentEmail: 'ana.contact@example.test',
      application: { message: 'From ana', talent: { profileName: 'Ana Applicant' }, jobAd: { title: 'Lighthouse keeper' }, hiringStep: { stepName: 'Hired' } },
      history: [
        { kind: 'APPLIED', fromStep: null, toStep: null, actorName: 'Ana Applicant' },
        { kind: 'MOVED', fromStep: 'Applied', toStep: 'Hired' },
      ],
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) expect((await f.asAdmin(FIND, { id })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('a company member, the applicant and a guest may not read them', async () => {
    for (const [query, variables] of [[LIST, {}], [FIND, { id: applications.anaA }]] as const) {
      expect((await f.as('owner-a', query, variables, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await f.as('ana', query, variables)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await f.h.call(query, { variables })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});
