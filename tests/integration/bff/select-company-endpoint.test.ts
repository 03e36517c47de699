import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../idp/browser';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';
import { signInThroughProduct } from '../../support/signed-in-browser';

const DASHBOARD = '/company/dashboard';

/** The company the page's banner names, and its id. */
function bannerOf(html: string): { id: string | undefined; name: string | undefined } {
  return {
    id: /<tp-company-banner[^>]*data-company-id="([^"]+)"/.exec(html)?.[1],
    name: /data-testid="company-name"[^>]*>([^<]+)</.exec(html)?.[1],
  };
}

// The account menu's switcher posts a plain form (the selected company): it must work without
// JavaScript, so it is driven here as a browser without scripts would.
describe.skipIf(!hasBuild)('company switch endpoint (POST /api/select-company)', () => {
  let server: BuiltServer;
  let origin: string;
  beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.url;
  });
  afterAll(() => server?.stop('SIGKILL'));

  /** Signs a seeded demo account in through the built-in provider's form; lands on the dashboard. */
  const signIn = (email: string) => signInThroughProduct(origin, email, DASHBOARD);

  const post = (browser: Browser, form: Record<string, string>) => browser.request(`${origin}/api/select-company`, { form, headers: { origin } });

  it('stores one of the verified companies and redirects to the company dashboard, which then shows it', async () => {
    // The recruiter belongs to Northwind Labs alone: their banner gives its id.
    const northwindId = bannerOf((await signIn('recruiter@demo.test')).landed.html).id;
    expect(northwindId).toBeTruthy();
    const { browser, landed, csrf } = await signIn('owner@demo.test');
    expect(bannerOf(landed.html).name).toBe('Brightpath Consulting');

    const answer = await post(browser, { csrf, companyId: northwindId! });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(DASHBOARD);
    const dashboard = await browser.follow(`${origin}${DASHBOARD}`, () => false);
    expect(bannerOf(dashboard.html)).toEqual({ id: northwindId, name: 'Northwind Labs' });
  });

  it('refuses a post without the anti-forgery token (403) and a company that is not a verified one of the user (422), changing nothing', async () => {
    const { browser, landed, csrf } = await signIn('owner@demo.test');
    const before = bannerOf(landed.html);

    expect((await post(browser, { companyId: before.id! })).status).toBe(403);
    expect((await post(browser, { csrf: 'forged', companyId: before.id! })).status).toBe(403);
    for (const companyId of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '']) {
      const refused = await post(browser, { csrf, companyId });
      expect(refused.status, companyId).toBe(422);
      expect(refused.html).toMatch(/not one of your verified companies/);
    }
    const dashboard = await browser.follow(`${origin}${DASHBOARD}`, () => false);
    expect(bannerOf(dashboard.html)).toEqual(before);
  });

  it("refuses another user's company: the recruiter cannot select Brightpath Consulting", async () => {
    const owner = await signIn('owner@demo.test');
    const brightpathId = bannerOf(owner.landed.html).id!;
    const recruiter = await signIn('recruiter@demo.test');
    expect(bannerOf(recruiter.landed.html).name).toBe('Northwind Labs');
    expect((await post(recruiter.browser, { csrf: recruiter.csrf, companyId: brightpathId })).status).toBe(422);
    const dashboard = await recruiter.browser.follow(`${origin}${DASHBOARD}`, () => false);
    expect(bannerOf(dashboard.html).name).toBe('Northwind Labs');
  });

  it('sends a visitor without a session to sign in, and answers GET with 405', async () => {
    const guest = new Browser();
    const answer = await guest.request(`${origin}/api/select-company`, { form: { companyId: 'x' }, headers: { origin } });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/sign-in?returnTo=${encodeURIComponent(DASHBOARD)}`);
    expect((await guest.request(`${origin}/api/select-company`)).status).toBe(405);
  });
});
