import { startApiHarness } from '../../support/api-harness';
import type { TestDatabaseKind } from '../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from './companies-fixture';

// The companies fixture (two verified companies, A and B, with their owners) plus the
// platform admin: a token holding the admin role ('super:admin').

export const ADMIN_SUBJECT = 'platform-admin';

export interface AdminFixture extends CompaniesFixture {
  /** Calls as the platform admin. */
  asAdmin(query: string, variables?: Record<string, unknown>): ReturnType<CompaniesFixture['as']>;
  adminUserId: string;
}

export async function startAdminFixture(kind: TestDatabaseKind, options: Parameters<typeof startApiHarness>[1] = {}): Promise<AdminFixture> {
  const f = await startCompaniesFixture(kind, options);
  const asAdmin: AdminFixture['asAdmin'] = async (query, variables = {}) =>
    f.h.call(query, { token: await f.h.token(ADMIN_SUBJECT, { roles: ['super:admin'], email: 'admin@example.test' }), variables });
  await asAdmin('{ findMe { id } }');
  return Object.assign(f, { asAdmin, adminUserId: await f.userId(ADMIN_SUBJECT) });
}
