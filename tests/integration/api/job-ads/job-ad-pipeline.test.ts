import { afterAll, beforeAll, expect, it } from 'vitest';
import { pipelineCountsByAd } from '../../../../src/server/api/job-applications/pipeline-counts';
import { createApi } from '../../../../src/server/api/yoga';
import { AUDIENCE, graphqlRequestBody, ROLES_CLAIM, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';
import { loggingDatabase } from '../../job-ad-search/search-api';

// CompanyJobAd.pipeline: a job ad's applications per hiring step, for the ad list and the ad
// page. Counted like the Received applications list, for the selected company's own ads
// only, with talentJobApplication read, and a whole page of ads in one grouped query.

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const STEPS = '{ findManyCompanyHiringStep { id stepName } }';
const MOVE = 'mutation ($ids: [ID!]!, $hiringStepId: ID!) { moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId) { id } }';
const LIST = '{ findManyJobAd { items { id title pipeline { stepId stepName count } } } }';
const LIST_WITHOUT_COUNTS = '{ findManyJobAd { items { id title } } }';
const ONE = 'query ($id: ID!) { findJobAd(id: $id) { id pipeline { stepId stepName group count } } }';

type StepCount = { stepId: string | null; stepName: string | null; count: number };
type ListedAd = { id: string; title: string; pipeline: StepCount[] | null };

describeEachDatabase('job ad pipeline counts', (kind) => {
  let f: CompaniesFixture;
  let steps: { id: string; stepName: string }[];
  const ads = { busy: '', quiet: '', foreign: '' };
  const applications: string[] = [];
  const counted = (pipeline: StepCount[] | null | undefined) => Object.fromEntries((pipeline ?? []).map((row) => [row.stepName ?? '(none)', row.count]));

  const createAd = async (subject: string, companyId: string, title: string) =>
    ((await f.as(subject, CREATE_AD, { data: { title, workMode: 'remote', countryCode: 'DE', publishedAt: new Date().toISOString() } }, companyId)).body.data?.createOneJobAd as { id: string }).id;
  const apply = async (subject: string, jobAdId: string) => {
    const token = await f.h.token(subject);
    await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
    return ((await f.h.call(APPLY, { token, variables: { data: { jobAdId } } })).body.data?.applyToJobAd as { id: string }).id;
  };

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('ads-only-a', f.a.id, 'Ads only', { jobAd: { read: true } });
    ads.busy = await createAd('owner-a', f.a.id, 'Busy role');
    ads.quiet = await createAd('owner-a', f.a.id, 'Quiet role');
    ads.foreign = await createAd('owner-b', f.b.id, 'B role');
    for (const subject of ['ana', 'ben', 'cy']) applications.push(await apply(subject, ads.busy));
    await apply('ana', ads.foreign);
    steps = (await f.as('owner-a', STEPS, {}, f.a.id)).body.data?.findManyCompanyHiringStep as { id: string; stepName: string }[];
    const screening = steps.find((step) => step.stepName === 'Screening')!.id;
    await f.as('owner-a', MOVE, { ids: applications.slice(0, 2), hiringStepId: screening }, f.a.id);
  });
  afterAll(() => f.h.close());

  it("counts one ad's applications in every hiring step, in pipeline order, zeros included", async () => {
    const { body } = await f.as('owner-a', ONE, { id: ads.busy }, f.a.id);
    expect(body.errors).toBeUndefined();
    const pipeline = (body.data?.findJobAd as { pipeline: StepCount[] }).pipeline;
    expect(pipeline.map((row) => row.stepId)).toEqual(steps.map((step) => step.id));
    expect(counted(pipeline)).toEqual({ ...Object.fromEntries(steps.map((step) => [step.stepName, 0])), Applied: 1, Screening: 2 });
  });

  it('counts a page of ads with the same statements however many ads it holds (no query per ad)', async () => {
    const statements: string[] = [];
    const logged = createApi({
      db: loggingDatabase(f.h.database, statements),
      path: '/graphql',
      production: false,
      auth: { issuer: f.h.issuer.issuer, audience: AUDIENCE, rolesClaim: ROLES_CLAIM, adminRole: 'super:admin', impersonateRole: 'super:impersonate', jwksUri: f.h.issuer.jwksUri },
    });
    const token = await f.h.token('owner-a');
    const listLogged = async (query: string) => {
      statements.length = 0;
      const response = await logged.fetch('http://api.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'tp-domain': 'company', 'tp-company': f.a.id },
        body: graphqlRequestBody(query),
      });
      return { body: (await response.json()) as GraphqlBody, statements: statements.length };
    };
    const withTwo = await listLogged(LIST);
    const items = (withTwo.body.data?.findManyJobAd as { items: ListedAd[] }).items;
    expect(counted(items.find((ad) => ad.id === ads.busy)?.pipeline)).toMatchObject({ Applied: 1, Screening: 2 });
    expect(items.find((ad) => ad.id === ads.quiet)?.pipeline?.every((row) => row.count === 0)).toBe(true);
    const plain = await listLogged(LIST_WITHOUT_COUNTS);
    // The counts add the steps and one grouped count, whatever the page holds.
    expect(withTwo.statements - plain.statements).toBe(2);
    for (const title of ['Third', 'Fourth', 'Fifth']) await createAd('owner-a', f.a.id, title);
    const withFive = await listLogged(LIST);
    expect((withFive.body.data?.findManyJobAd as { items: ListedAd[] }).items).toHaveLength(5);
    expect(withFive.statements).toBe(withTwo.statements);
  });

  it("never counts another company's ad: NOT_FOUND through the API, nothing counted below it", async () => {
    const probe = await f.as('owner-a', ONE, { id: ads.foreign }, f.a.id);
    expect(probe.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(probe.body.data?.findJobAd ?? null).toBeNull();
    // Even handed another company's ad id, the count reads only the company's own applications.
    const [foreign] = await pipelineCountsByAd(f.h.database.db, f.a.id, [ads.foreign]);
    expect(foreign!.every((row) => row.count === 0)).toBe(true);
    const [own] = await pipelineCountsByAd(f.h.database.db, f.b.id, [ads.foreign]);
    expect(own!.reduce((sum, row) => sum + row.count, 0)).toBe(1);
  });

  it('answers FORBIDDEN for the counts without talentJobApplication read; the ads still load', async () => {
    const { body } = await f.as('ads-only-a', LIST, {}, f.a.id);
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.errors?.every((error) => error.extensions?.code === 'FORBIDDEN')).toBe(true);
    const items = (body.data?.findManyJobAd as { items: ListedAd[] }).items;
    expect(items.map((ad) => ad.title)).toContain('Busy role');
    expect(items.every((ad) => ad.pipeline === null)).toBe(true);
    const plain = await f.as('ads-only-a', LIST_WITHOUT_COUNTS, {}, f.a.id);
    expect(plain.body.errors).toBeUndefined();
  });
});
