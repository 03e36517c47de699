import { describe, expect, it } from 'vitest';
import { currentUserState, restoredState } from '../../../src/lib/account/current-user-state';

const server = {
  id: 'u1',
  isAdmin: false,
  isImpersonate: false,
  redirect: null,
  featureFlags: ['talent-rate-insight'],
  profile: { profileName: 'Tara', jobTitle: 'Developer', profileScore: 61 },
  companies: [
    { id: 'c1', name: 'Northwind', verificationStatus: 'verified', deletedAt: null, permissions: { jobAd: { read: true } } },
    { id: 'c2', name: 'Gone Ltd', verificationStatus: 'verified', deletedAt: '2026-01-01T00:00:00Z', permissions: { jobAd: { read: true } } },
  ],
};

describe('current-user state and its session load', () => {
  it('carries the selected company permissions, the profile score and no deleted company', () => {
    const state = currentUserState(server, 'c1');
    expect(state).toMatchObject({ id: 'u1', loading: false, selectedCompanyId: 'c1', permissions: { jobAd: { read: true } }, profileScore: 61 });
    expect(state.companies.map((company) => company.id)).toEqual(['c1']);
    expect(currentUserState(server, null).permissions).toBeNull();
    expect(currentUserState(server, 'c2').permissions).toBeNull();
  });

  it('starts from the stored copy flagged loading, or from nothing', () => {
    const stored = currentUserState(server, 'c1');
    expect(restoredState(stored)).toEqual({ ...stored, loading: true });
    expect(restoredState(null)).toBeNull();
  });
});
