import { describe, expect, it } from 'vitest';
import { buildAccountMenu, signOutAction, type AccountMenuUser } from '../../../src/lib/account/account-menu';

const talent: AccountMenuUser = {
  displayName: 'Ada Lovelace',
  hasTalentProfile: true,
  selectedCompany: null,
  verifiedCompanies: [],
  canReadCompany: false,
  isAdmin: false,
  isImpersonate: false,
};
const allLive = () => true;

function labels(sections: ReturnType<typeof buildAccountMenu>) {
  return sections.map((section) => [section.headingKey, section.links.map((link) => link.text ?? link.labelKey)]);
}

describe('account menu (the layout)', () => {
  it('starts with the talent name linking to the talent dashboard', () => {
    const [first] = buildAccountMenu(talent, { accountSiteUrl: null, isLive: allLive });
    expect(first?.links).toEqual([{ labelKey: 'accountMenu.talentDashboard', text: 'Ada Lovelace', href: '/talent/dashboard' }]);
  });

  it('offers My profile and My Dashboard to a talent with a profile', () => {
    const sections = buildAccountMenu(talent, { accountSiteUrl: null, isLive: allLive });
    expect(labels(sections)).toContainEqual(['accountMenu.talentAccount', ['accountMenu.myProfile', 'accountMenu.myDashboard']]);
  });

  it('offers Create profile when no profile exists', () => {
    const sections = buildAccountMenu({ ...talent, hasTalentProfile: false }, { accountSiteUrl: null, isLive: allLive });
    expect(labels(sections)).toContainEqual(['accountMenu.talentAccount', ['accountMenu.createProfile']]);
  });

  it('shows the current company, its dashboard, and My Companies only with company read', () => {
    const member = { ...talent, selectedCompany: { id: 'c1', name: 'Acme' }, canReadCompany: true };
    const company = buildAccountMenu(member, { accountSiteUrl: null, isLive: allLive }).find((s) => s.headingKey === 'accountMenu.companyAccount');
    expect(company?.detail).toBe('Acme');
    expect(company?.links.map((l) => l.labelKey)).toEqual(['accountMenu.companyDashboard', 'accountMenu.myCompanies', 'accountMenu.createCompany']);

    const noRead = buildAccountMenu({ ...member, canReadCompany: false }, { accountSiteUrl: null, isLive: allLive });
    expect(labels(noRead).flatMap(([, links]) => links)).not.toContain('accountMenu.myCompanies');
  });

  it('offers My Companies and Create company to a user with no selected company (none yet, or only pending ones): no role to ask for company read', () => {
    const company = buildAccountMenu(talent, { accountSiteUrl: null, isLive: allLive }).find((s) => s.headingKey === 'accountMenu.companyAccount');
    expect(company?.links).toEqual([
      { labelKey: 'accountMenu.myCompanies', href: '/company/my-companies' },
      { labelKey: 'accountMenu.createCompany', href: '/company/create' },
    ]);
  });

  it('offers Switch verified company only with more than one verified company, listing them with the current one marked', () => {
    const north = { id: 'c-north', name: 'Northwind Labs' };
    const bright = { id: 'c-bright', name: 'Brightpath Consulting' };
    const companySection = (user: AccountMenuUser) =>
      buildAccountMenu(user, { accountSiteUrl: null, isLive: allLive }).find((s) => s.headingKey === 'accountMenu.companyAccount');

    const two = companySection({ ...talent, selectedCompany: north, verifiedCompanies: [bright, north], canReadCompany: true });
    expect(two?.switchCompanies).toEqual([
      { id: 'c-bright', name: 'Brightpath Consulting', current: false },
      { id: 'c-north', name: 'Northwind Labs', current: true },
    ]);
    const one = companySection({ ...talent, selectedCompany: north, verifiedCompanies: [north] });
    expect(one?.switchCompanies).toBeUndefined();
    expect(one?.detail).toBe('Northwind Labs');
  });

  it('keeps the switcher even when no company link is live, and leaves out Company Dashboard without a selected company', () => {
    const companies = [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }];
    const sections = buildAccountMenu({ ...talent, selectedCompany: { id: 'a', name: 'A' }, verifiedCompanies: companies }, { accountSiteUrl: null, isLive: () => false });
    expect(sections).toEqual([{ headingKey: 'accountMenu.companyAccount', detail: 'A', switchCompanies: [{ id: 'a', name: 'A', current: true }, { id: 'b', name: 'B', current: false }], links: [] }]);
    const none = buildAccountMenu({ ...talent, verifiedCompanies: [] }, { accountSiteUrl: null, isLive: allLive }).find((s) => s.headingKey === 'accountMenu.companyAccount');
    expect(none?.links.map((l) => l.labelKey)).toEqual(['accountMenu.myCompanies', 'accountMenu.createCompany']);
  });

  it('gives admins the super user actions and impersonators Impersonate a user', () => {
    const admin = buildAccountMenu({ ...talent, isAdmin: true }, { accountSiteUrl: null, isLive: allLive });
    expect(admin.find((s) => s.headingKey === 'accountMenu.superUser')?.links.map((l) => l.href)).toEqual([
      '/admin/talent-search', '/admin/talents', '/admin/companies', '/admin/job-ads', '/admin/job-applications', '/admin/message-reports', '/admin/feature-flags',
    ]);
    const impersonator = buildAccountMenu({ ...talent, isImpersonate: true }, { accountSiteUrl: null, isLive: allLive });
    expect(impersonator.find((s) => s.headingKey === 'accountMenu.superUser')?.links.map((l) => l.href)).toEqual(['/impersonate']);
    expect(labels(buildAccountMenu(talent, { accountSiteUrl: null, isLive: allLive })).map(([h]) => h)).not.toContain('accountMenu.superUser');
  });

  it('offers an admin only the admin pages their admin permissions open', () => {
    const moderator = buildAccountMenu({ ...talent, isAdmin: true, adminPermissions: ['moderation'] }, { accountSiteUrl: null, isLive: allLive });
    expect(moderator.find((s) => s.headingKey === 'accountMenu.superUser')?.links.map((l) => l.href)).toEqual(['/admin/talent-search', '/admin/job-ads', '/admin/job-applications', '/admin/message-reports']);
    const finance = buildAccountMenu({ ...talent, isAdmin: true, adminPermissions: ['finance'] }, { accountSiteUrl: null, isLive: allLive });
    expect(finance.find((s) => s.headingKey === 'accountMenu.superUser')?.links.map((l) => l.href)).toEqual(['/admin/companies']);
  });

  it("leads admins to the admin pages that exist today: talents and companies", () => {
    const admin = buildAccountMenu({ ...talent, isAdmin: true }, { accountSiteUrl: null });
    expect(admin.find((s) => s.headingKey === 'accountMenu.superUser')?.links.map((l) => l.href)).toEqual(expect.arrayContaining(['/admin/talents', '/admin/companies']));
  });

  it('links My Account to the external account site in a new tab when configured', () => {
    const sections = buildAccountMenu(talent, { accountSiteUrl: 'https://account.example', isLive: allLive });
    expect(sections.at(-1)?.links).toEqual([{ labelKey: 'accountMenu.myAccount', href: 'https://account.example', external: true }]);
  });

  it('links the user\'s own account pages: edit account and site settings', () => {
    const sections = buildAccountMenu(talent, { accountSiteUrl: 'https://account.example', isLive: allLive });
    expect(sections.at(-2)?.links).toEqual([
      { labelKey: 'accountMenu.editAccount', href: '/edit-account' },
      { labelKey: 'accountMenu.siteSettings', href: '/site-settings' },
    ]);
  });

  it('leaves out links to routes that are not live, so the menu never leads to a 404', () => {
    const sections = buildAccountMenu({ ...talent, isAdmin: true }, { accountSiteUrl: null, isLive: (key) => key === 'talentProfile' });
    expect(labels(sections)).toEqual([['accountMenu.talentAccount', ['accountMenu.myProfile']]]);
  });
});

describe('signOutAction', () => {
  it('names the language of the page it is on, which /auth/logout cannot read from its address', () => {
    expect(signOutAction('en')).toBe('/auth/logout');
    expect(signOutAction('fr')).toBe('/auth/logout?language=fr');
  });
});
