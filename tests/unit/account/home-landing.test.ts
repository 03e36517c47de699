import { describe, expect, it } from 'vitest';
import { homeAreaOf, homeAreasOf, homeOf } from '../../../src/lib/account/home-landing';
import { membershipFixture, NO_SCORE_ITEMS } from '../../support/current-user-fixture';

const verified = membershipFixture({ id: 'c1', name: 'Northwind' });
const pending = { ...verified, id: 'c2', verificationStatus: 'pending' };
const profile = { id: 'p1', profileName: 'Tara', jobTitle: null, pictureUrl: null, profileScore: 60, scoreItems: NO_SCORE_ITEMS };
const user = (over: Partial<Parameters<typeof homeOf>[0]>) => ({ isAdmin: false, profile: null, companies: [], ...over });

describe('home after sign-in', () => {
  it('a talent lands on her dashboard, an owner on the company dashboard, an admin in the admin area', () => {
    expect(homeOf(user({ profile }), null)).toBe('/talent/dashboard');
    expect(homeOf(user({ companies: [verified] }), null)).toBe('/company/dashboard');
    expect(homeOf(user({ isAdmin: true }), null)).toBe('/admin/companies');
  });

  it('a company only awaiting verification is no home yet; nobody with no home gets one', () => {
    expect(homeAreasOf(user({ companies: [pending] }))).toEqual([]);
    expect(homeOf(user({ companies: [pending] }), null)).toBeNull();
  });

  it('with several homes the area worked in last wins, when it is still one of theirs', () => {
    const both = user({ profile, companies: [verified] });
    expect(homeOf(both, null)).toBe('/company/dashboard');
    expect(homeOf(both, 'talent')).toBe('/talent/dashboard');
    expect(homeOf(user({ profile }), 'company')).toBe('/talent/dashboard');
    expect(homeOf(both, 'nonsense')).toBe('/company/dashboard');
  });

  it('only the admin, company and talent areas are homes', () => {
    expect(homeAreaOf('company')).toBe('company');
    expect(homeAreaOf('public')).toBeNull();
    expect(homeAreaOf(undefined)).toBeNull();
  });
});
