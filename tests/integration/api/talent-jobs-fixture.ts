import { eq } from 'drizzle-orm';
import { createApi } from '../../../src/server/api/yoga';
import { company, companyHiringStep, jobAd, jobDescription, talentProfile, user } from '../../../src/server/db/schema';
import type { TadaDocumentNode } from 'gql.tada';
import { AUDIENCE, graphqlRequestBody, ROLES_CLAIM, startApiHarness, type ApiHarness, type GraphqlBody } from '../../support/api-harness';
import type { TestDatabaseKind } from '../../support/test-database';
import { loggingDatabase } from '../job-ad-search/search-api';

const DAY = 24 * 60 * 60 * 1000;
const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';

export interface FixtureTalent {
  subject: string;
  token: string;
  userId: string;
  profileId: string;
}

/**
 * The API over a test database holding two companies, their ads and a job description,
 * and two talents (A and B) with profiles: B probes A's rows. `callLogged` runs a call
 * through an API whose database logs its statements, for the N+1 checks.
 */
export interface TalentJobsFixture {
  h: ApiHarness;
  a: FixtureTalent;
  b: FixtureTalent;
  acme: { id: string; screeningStepId: string };
  /** Publishes one more ad of Acme's (open unless told). */
  addAd(values?: Partial<typeof jobAd.$inferInsert>): Promise<string>;
  ads: { open: string; closed: string; anonymous: string; draft: string; deleted: string; hiddenCompany: string };
  description: { id: string; title: string };
  statements: string[];
  callLogged<TResult, TVariables>(document: TadaDocumentNode<TResult, TVariables>, options: { variables?: TVariables; token: string }): Promise<{ status: number; body: GraphqlBody<TResult> }>;
  callLogged(query: string, options: { variables?: Record<string, unknown>; token: string }): Promise<{ status: number; body: GraphqlBody }>;
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export async function startTalentJobsFixture(kind: TestDatabaseKind): Promise<TalentJobsFixture> {
  const h = await startApiHarness(kind);
  const db = h.database.db;
  const [acme, pending] = await db
    .insert(company)
    .values([
      { name: 'Acme', verificationStatus: 'verified' },
      { name: 'Pending Co', verificationStatus: 'pending' },
    ])
    .returning();
  const [screening] = await db.insert(companyHiringStep).values({ companyId: acme!.id, stepName: 'Screening', order: 1 }).returning();
  const [description] = await db
    .insert(jobDescription)
    .values({ title: 'Platform engineer (unannounced)', description: 'Keeps the platform running', location: 'Lisbon', skills: ['Go', 'Kubernetes'], salary: '550.00', salaryRateUnit: 'DAY', currency: 'EUR', companyId: acme!.id, clientCompanyId: acme!.id })
    .returning();
  const now = Date.now();
  const addAd = async (values: Partial<typeof jobAd.$inferInsert> = {}) => {
    const [row] = await db
      .insert(jobAd)
      .values({ title: 'Role', publisherCompanyId: acme!.id, publishedAt: new Date(now - DAY), publishedUntil: new Date(now + 10 * DAY), ...values })
      .returning({ id: jobAd.id });
    return row!.id;
  };
  const ads = {
    open: await addAd({ title: 'Frontend developer', location: 'Berlin', skills: ['React'], salary: '70.00', salaryRateUnit: 'HOUR', currency: 'EUR', jobDescriptionId: description!.id }),
    closed: await addAd({ title: 'Closed role', publishedAt: new Date(now - 10 * DAY), publishedUntil: new Date(now - DAY) }),
    anonymous: await addAd({ title: 'Secret role', isAnonymous: true }),
    draft: await addAd({ title: 'Draft role', publishedAt: null, publishedUntil: null }),
    deleted: await addAd({ title: 'Deleted role', deletedAt: new Date(now - DAY) }),
    hiddenCompany: await addAd({ title: 'Unverified company role', publisherCompanyId: pending!.id }),
  };

  const talent = async (subject: string): Promise<FixtureTalent> => {
    const token = await h.token(subject);
    const created = await h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
    if (created.body.errors) throw new Error(created.body.errors[0]!.message);
    const [row] = await db
      .select({ userId: user.id, profileId: talentProfile.id })
      .from(user)
      .innerJoin(talentProfile, eq(talentProfile.userId, user.id))
      .where(eq(user.externalId, subject));
    return { subject, token, ...row! };
  };

  const statements: string[] = [];
  const logged = createApi({
    db: loggingDatabase(h.database, statements),
    path: '/graphql',
    production: false,
    auth: { issuer: h.issuer.issuer, audience: AUDIENCE, rolesClaim: ROLES_CLAIM, adminRole: 'super:admin', impersonateRole: 'super:impersonate', jwksUri: h.issuer.jwksUri },
  });

  return {
    h,
    a: await talent('talent-a'),
    b: await talent('talent-b'),
    acme: { id: acme!.id, screeningStepId: screening!.id },
    addAd,
    ads,
    description: { id: description!.id, title: description!.title },
    statements,
    async callLogged(query: string | TadaDocumentNode<unknown, unknown>, { variables, token }: { variables?: unknown; token: string }) {
      statements.length = 0;
      const response = await logged.fetch('http://api.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: graphqlRequestBody(query, variables),
      });
      // Taken on trust as in ApiHarness.call, for either signature.
      return { status: response.status, body: (await response.json()) as GraphqlBody<never> };
    },
  };
}

/** The error code of a GraphQL answer's first error. */
export const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
