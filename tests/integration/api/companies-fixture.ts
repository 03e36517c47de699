import { and, eq, sql } from 'drizzle-orm';
import { company, companyOnUser, companyRole, generalEventslog, user } from '../../../src/server/db/schema';
import type { TadaDocumentNode } from 'gql.tada';
import { startApiHarness, type ApiHarness, type GraphqlBody } from '../../support/api-harness';
import type { TestDatabaseKind } from '../../support/test-database';

// Two verified companies made through createOneCompany (so they have what every new
// company has: the owner role and the default hiring steps), A with its owner and B with
// another: B's ids are what the cross-company probes send as a member of A.

export const CREATE_COMPANY = 'mutation ($data: CreateOneCompanyInput!) { createOneCompany(data: $data) { id name verificationStatus isPossibleDuplicate } }';

export interface CompaniesFixture {
  h: ApiHarness;
  a: { id: string; ownerRoleId: string };
  b: { id: string; ownerRoleId: string };
  userId(subject: string): Promise<string>;
  /** Calls as the subject with tp-company (company area) when a company id is given; a typed document types the answer (ApiHarness.call). */
  as<TResult, TVariables>(subject: string, document: TadaDocumentNode<TResult, TVariables>, variables?: TVariables, companyId?: string): Promise<{ status: number; body: GraphqlBody<TResult> }>;
  as(subject: string, query: string, variables?: Record<string, unknown>, companyId?: string): Promise<{ status: number; body: GraphqlBody }>;
  /** Adds a member to a company with a role of its own holding exactly these permissions. */
  memberWithRole(subject: string, companyId: string, role: string, permissions: Record<string, Record<string, boolean>>): Promise<{ userId: string; roleId: string; membershipId: string }>;
  events(type: string, entityId: string): Promise<Array<typeof generalEventslog.$inferSelect>>;
}

export async function startCompaniesFixture(kind: TestDatabaseKind, options: Parameters<typeof startApiHarness>[1] = {}): Promise<CompaniesFixture> {
  const h = await startApiHarness(kind, options);
  const db = h.database.db;
  // One body for both signatures: the typed one only adds types to the same request.
  const as: CompaniesFixture['as'] = async (subject: string, query: string | TadaDocumentNode<unknown, unknown>, variables: unknown = {}, companyId?: string) =>
    h.call(query as string, { token: await h.token(subject), variables: variables as Record<string, unknown>, headers: companyId ? { 'tp-domain': 'company', 'tp-company': companyId } : {} });
  const userId = async (subject: string) => {
    // The API provisions a user on its first call with a token.
    await as(subject, '{ findMe { id } }');
    return (await db.select({ id: user.id }).from(user).where(eq(user.externalId, subject)))[0]!.id;
  };
  const createVerified = async (owner: string, name: string) => {
    const { body } = await as(owner, CREATE_COMPANY, { data: { name } });
    const id = (body.data?.createOneCompany as { id: string }).id;
    await db.update(company).set({ verificationStatus: 'verified' }).where(eq(company.id, id));
    const [role] = await db.select({ id: companyRole.id }).from(companyRole).where(and(eq(companyRole.companyId, id), eq(companyRole.isDefault, true)));
    return { id, ownerRoleId: role!.id };
  };
  const a = await createVerified('owner-a', 'Company A');
  const b = await createVerified('owner-b', 'Company B');
  return {
    h,
    a,
    b,
    userId,
    as,
    async memberWithRole(subject, companyId, role, permissions) {
      const id = await userId(subject);
      const [row] = await db.insert(companyRole).values({ companyId, role, permissions }).returning({ id: companyRole.id });
      const [membership] = await db.insert(companyOnUser).values({ companyId, userId: id, roleId: row!.id }).returning({ id: companyOnUser.id });
      return { userId: id, roleId: row!.id, membershipId: membership!.id };
    },
    events: (type, entityId) =>
      db
        .select()
        .from(generalEventslog)
        .where(and(eq(generalEventslog.type, type as never), sql`${generalEventslog.eventData}->>'entityId' = ${entityId}`)),
  };
}
