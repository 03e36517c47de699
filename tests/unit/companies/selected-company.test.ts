import { describe, expect, it } from 'vitest';
import { selectedCompanyOf, verifiedCompaniesOf, type UserCompany } from '../../../src/lib/companies/selected-company';
import type { CurrentUser } from '../../../src/lib/account/current-user';
import { membershipFixture } from '../../support/current-user-fixture';

const company = (id: string, verificationStatus: string, deletedAt: string | null = null): UserCompany =>
  membershipFixture({ id, verificationStatus, deletedAt, permissions: verificationStatus === 'verified' ? {} : null });

const user = {
  companies: [company('north', 'verified'), company('kite', 'pending'), company('gone', 'verified', '2024-01-01T00:00:00Z'), company('nope', 'rejected'), company('bright', 'verified')],
} as CurrentUser;

describe('selectable companies (only verified companies are selectable)', () => {
  it('lists the verified companies that are not deleted, in the given order', () => {
    expect(verifiedCompaniesOf(user).map((c) => c.id)).toEqual(['north', 'bright']);
    expect(verifiedCompaniesOf(null)).toEqual([]);
  });

  it('gives the selected company only when it is one of them', () => {
    expect(selectedCompanyOf(user, 'bright')?.id).toBe('bright');
    for (const id of ['kite', 'gone', 'nope', 'unknown', null]) expect(selectedCompanyOf(user, id), String(id)).toBeNull();
  });
});
