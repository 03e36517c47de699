import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import PhoneMenu from '../../../src/components/shell/PhoneMenu.astro';
import { accountMenuProps } from '../../../src/components/shell/account-menu-props';
import type { CurrentUser } from '../../../src/lib/account/current-user';
import { getTranslator } from '../../../src/lib/i18n/i18n';

// A phone has one menu: the area's side menu, then the account entries, in a popover that
// opens without JavaScript; switching company and signing out are form posts with the
// anti-forgery token.
const t = getTranslator();
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const companies = [
  { id: 'c-bright', name: 'Brightpath Consulting' },
  { id: 'c-north', name: 'Northwind Labs' },
].map((company) => ({ ...company, verificationStatus: 'verified', deletedAt: null, permissions: { company: { read: true } } }));
const user = {
  email: 'ada@example.test',
  displayName: 'Ada Lovelace',
  profile: null,
  isAdmin: false,
  isImpersonate: false,
  companies,
} as unknown as CurrentUser;
const selectedCompany = { id: 'c-north', name: 'Northwind Labs', permissions: { company: { read: true } } } as never;

async function render(areaMenu?: { label: string; html: string }) {
  const accountMenu = accountMenuProps(user, { t, language: 'en', accountSiteUrl: null, selectedCompany, csrfToken: 'token-9' });
  return container.renderToString(PhoneMenu, { props: { accountMenu, areaMenu }, locals: { t } as unknown as App.Locals });
}

describe('PhoneMenu', () => {
  it('is a popover its button opens, named by the user, closed by its own button', async () => {
    const html = await render();
    expect(html).toMatch(/<button type="button" popovertarget="phone-menu"[^>]*>.*Menu<\/button>/s);
    expect(html).toMatch(/<div id="phone-menu" popover="auto" role="dialog" aria-labelledby="phone-menu-title"/);
    expect(html).toMatch(/<h2 id="phone-menu-title"[^>]*>Ada Lovelace<\/h2>/);
    expect(html).toMatch(/popovertargetaction="hide"[^>]*aria-label="Close menu"/);
  });

  it('puts the area menu first, then the account entries', async () => {
    const html = await render({ label: 'Company menu', html: '<a href="/company/dashboard">Dashboard</a>' });
    const area = html.indexOf('aria-label="Company menu"');
    const account = html.indexOf('aria-label="Account menu"');
    expect(area).toBeGreaterThan(0);
    expect(account).toBeGreaterThan(area);
    expect(html).toContain('<a href="/company/dashboard">Dashboard</a>');
  });

  it('switches company and signs out with form posts carrying the anti-forgery token', async () => {
    const html = await render();
    const forms = [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>(.*?)<\/form>/gs)].map(([, action, body]) => ({ action, body: body! }));
    const switches = forms.filter((form) => form.action === '/api/select-company');
    expect(switches.map((form) => /name="companyId" value="([^"]+)"/.exec(form.body)?.[1])).toEqual(['c-bright', 'c-north']);
    for (const form of forms) expect(form.body).toContain('name="csrf" value="token-9"');
    // The company the user is in is shown, not offered.
    expect(switches[1]!.body).toMatch(/<button type="submit" disabled/);
    expect(forms.at(-1)).toMatchObject({ action: '/auth/logout' });
    // Marked for the shell, which drops this browser's pushes before the form posts.
    expect(html).toMatch(/<form method="post" action="\/auth\/logout" data-sign-out/);
    expect(forms.at(-1)!.body).toContain('Sign out');
  });
});
