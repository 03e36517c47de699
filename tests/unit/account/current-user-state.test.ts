import { describe, expect, it } from 'vitest';
import { currentUserState, restoredState } from '../../../src/lib/account/current-user-state';
import type { CurrentUser } from '../../../src/lib/account/current-user';

const scoreItems = {
  profilePicture: true, profileName: true, jobTitle: true, totalExperience: false, descriptionLong: false,
  location: true, rate: false, skills: true, languages: false, experience: true, education: false,
};

const membership = (id: string, name: string, deletedAt: string | null): CurrentUser['companies'][number] => ({
  id,
  name,
  logo: '/uploads/logos/northwind.webp',
  verificationStatus: 'verified',
  deletedAt,
  address: { street: '1 Quai', city: 'Lyon', country: 'FR' },
  role: 'Recruiter',
  permissions: { jobAd: { read: true } },
  companyPermissions: { jobAd: { read: true, create: true } },
  rolePermissions: { jobAd: { read: true } },
  defaultRolePermissions: null,
  unreadMessageThreads: 0,
});

const server: CurrentUser = {
  id: 'u1',
  email: 'tara@example.test',
  displayName: 'Tara',
  isAdmin: false,
  adminPermissions: [],
  isImpersonate: true,
  impersonatedBy: 'admin-external-id',
  redirect: null,
  featureFlags: ['talent-rate-insight'],
  profile: { id: 'p1', profileName: 'Tara', jobTitle: 'Developer', pictureUrl: null, profileScore: 61, scoreItems },
  companies: [membership('c1', 'Northwind', null), membership('c2', 'Gone Ltd', '2026-01-01T00:00:00Z')],
  unreadNotifications: 3,
  unreadMessageThreads: 0,
};

describe('current-user state as the spec lists it, and its session load', () => {
  it('holds each membership as its company and its role, and no deleted company', () => {
    const state = currentUserState(server, 'c1');
    expect(state.companies).toEqual([
      {
        company: {
          id: 'c1', name: 'Northwind', deletedAt: null, address: { street: '1 Quai', city: 'Lyon', country: 'FR' },
          logo: '/uploads/logos/northwind.webp', verificationStatus: 'verified', permissions: { jobAd: { read: true, create: true } },
        },
        role: { role: 'Recruiter', permissions: { jobAd: { read: true } }, defaultPermissions: null },
      },
    ]);
  });

  it('carries the selected company, its effective permissions, the profile score and its score items', () => {
    const state = currentUserState(server, 'c1');
    expect(state).toMatchObject({ id: 'u1', loading: false, selectedCompanyId: 'c1', permissions: { jobAd: { read: true } }, profileScore: 61, scoreItems });
    expect(state.selectedCompany?.company.id).toBe('c1');
    expect(state.selectedCompany?.role?.role).toBe('Recruiter');
  });

  it('selects nothing without a selection or for a deleted company', () => {
    for (const selected of [null, 'c2', 'elsewhere']) {
      const state = currentUserState(server, selected);
      expect(state).toMatchObject({ selectedCompanyId: null, selectedCompany: null, permissions: null });
    }
  });

  it('keeps nothing secret: no e-mail, no impersonator, no admin permissions', () => {
    const text = JSON.stringify(currentUserState(server, 'c1'));
    expect(text).not.toContain('tara@example.test');
    expect(text).not.toContain('admin-external-id');
    expect(text).not.toContain('adminPermissions');
  });

  it('starts from the stored copy flagged loading, or from nothing', () => {
    const stored = currentUserState(server, 'c1');
    expect(restoredState(stored)).toEqual({ ...stored, loading: true });
    expect(restoredState(null)).toBeNull();
  });
});
