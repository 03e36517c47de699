import { beforeEach, describe, expect, it, vi } from 'vitest';

const stored = { id: 'u1', isAdmin: false, isImpersonate: false, loading: false, redirect: null, companies: [], featureFlags: [], selectedCompanyId: 'c1', selectedCompany: null, permissions: null, profile: null, profileScore: null, scoreItems: null };

describe('current user mirrored to local storage `user`', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('a page starts from the stored copy, flagged loading, then takes the server state', async () => {
    localStorage.setItem('user', JSON.stringify(stored));
    const { currentUser, applyServerUser } = await import('../../../src/islands/stores/current-user');
    expect(currentUser.get()).toEqual({ ...stored, loading: true });
    applyServerUser({ ...stored, profileScore: 70 });
    expect(currentUser.get()).toMatchObject({ loading: false, profileScore: 70 });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ profileScore: 70 });
    expect(localStorage.getItem('selectedCompanyId')).toBe('c1');
  });

  it('a guest page drops the stored user', async () => {
    localStorage.setItem('user', JSON.stringify(stored));
    const { currentUser, applyServerUser } = await import('../../../src/islands/stores/current-user');
    applyServerUser(null);
    expect(currentUser.get()).toBeUndefined();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('an unreadable stored copy is ignored', async () => {
    localStorage.setItem('user', '{not json');
    const { currentUser } = await import('../../../src/islands/stores/current-user');
    expect(currentUser.get()).toBeUndefined();
  });
});
