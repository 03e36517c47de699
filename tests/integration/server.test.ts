import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';

// Which React builds a started product has run (not only pre-parsed): the module cache's
// `loaded` flag tells them apart, as Node's ESM loader pre-parses both branches of React's
// index without running them.
const REACT_BUILDS_RUN = `
import(${JSON.stringify(path.resolve('dist/main.mjs'))}).then((m) => m.startServer()).then(async (server) => {
  const base = server.url.replace(/\\/$/, '');
  const statuses = [];
  for (const page of ['/', '/jobs', '/jobs?q=developer']) statuses.push((await fetch(base + page)).status);
  const run = Object.keys(require.cache).filter((k) => /node_modules\\/react(-dom)?\\/cjs\\//.test(k) && require.cache[k].loaded);
  console.log(JSON.stringify({ statuses, run: run.map((k) => k.replace(/.*node_modules\\//, '')) }));
  process.exit(0);
});`;

describe.skipIf(!hasBuild)('the built product process (dist/main.mjs)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it("server-renders with React's production build whatever NODE_ENV says", async () => {
    const env: Record<string, string | undefined> = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'talentplace-react-')) };
    delete env.NODE_ENV;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', REACT_BUILDS_RUN], { env, timeout: 120_000 });
    const { statuses, run } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { statuses: number[]; run: string[] };
    // Pages that render React islands on the server, answered after their chunks loaded lazily.
    expect(statuses).toEqual([200, 200, 200]);
    expect(run, JSON.stringify(run)).toContain('react/cjs/react.production.js');
    expect(run).toContain('react-dom/cjs/react-dom-server.node.production.js');
    expect(run, 'an island was rendered').toContain('react/cjs/react-jsx-runtime.production.js');
    expect(run.filter((file) => file.includes('development'))).toEqual([]);
    // NODE_ENV decides none of the security settings (TALENTPLACE_MODE does): production
    // settings on an http origin send no HSTS (production-settings-http.test.ts).
    expect((await fetch(server.url)).headers.get('strict-transport-security')).toBeNull();
  }, 150_000);

  it('prints the address it serves on', () => {
    expect(server.output()).toMatch(/Talentplace is running at http:\/\/127\.0\.0\.1:\d+/);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('renders the home page with the product name as its title and the build id', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Talentplace</title>');
    expect(html).toMatch(/<meta name="build-id" content="[\w-]+">/);
  });

  it('sends security headers on pages', async () => {
    const response = await fetch(server.url);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets as immutable and pre-compressed', async () => {
    const html = await (await fetch(server.url)).text();
    const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const response = await fetch(`${server.url}${stylesheet}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it('answers an unknown path with the 404 page inside the layout', async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found | Talentplace');
  });

  it('guards the signed-in areas as a whole: a guest is sent to sign in even for paths the route table does not list', async () => {
    for (const path of ['/talent/transactions.csv?from=2020-01-01', '/talent/no-such-page', '/company/whatever', '/admin/anything']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location'), path).toBe(`/sign-in?returnTo=${encodeURIComponent(path)}`);
    }
  });
});

describe.skipIf(!hasBuild)('stopping the process', () => {
  it('exits 0 on SIGTERM after closing what it owns', async () => {
    const server = await startBuiltServer();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('SIGTERM: stopping');
    expect(server.output()).toContain('stopped');
  });

  it('exits 0 on SIGINT', async () => {
    const server = await startBuiltServer();
    expect(await server.stop('SIGINT')).toBe(0);
  });
});

describe.skipIf(!hasBuild)('crawler files', () => {
  it('serves robots.txt keeping crawlers out of the private areas and naming the sitemap, and the sitemaps it names', async () => {
    const server = await startBuiltServer();
    try {
      const response = await fetch(`${server.url}/robots.txt`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('Disallow: /talent/');
      expect(text).toContain('Disallow: /api/');
      const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1];
      expect(sitemapUrl).toBe(`${server.url}/sitemap.xml`);

      // The demo seed publishes job ads, so the index names the pages file and one jobs chunk.
      const index = await fetch(sitemapUrl!);
      expect([index.status, index.headers.get('content-type')]).toEqual([200, 'application/xml; charset=utf-8']);
      const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(files).toEqual([`${server.url}/sitemap-pages.xml`, `${server.url}/sitemap-jobs/1.xml`]);

      const pages = await (await fetch(files[0]!)).text();
      for (const path of ['/', '/jobs', '/legal/privacy', '/fr', '/fr/jobs']) expect(pages).toContain(`<loc>${server.url}${path}</loc>`);
      // Each entry names its versions in both languages (docs/french.md).
      expect(pages).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${server.url}/fr/jobs"/>`);
      expect(pages).not.toContain('/talent/');
      expect(pages).not.toContain('/sign-in');

      const jobs = await (await fetch(files[1]!)).text();
      const jobUrls = [...jobs.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(jobUrls.length).toBeGreaterThan(10);
      // Each <loc> is the page's canonical address, /job-apply/<id>/<slug of the title>, in English and under /fr.
      const canonicalAddress = new RegExp(`^${server.url}(/fr)?/job-apply/[0-9a-f-]{36}/[a-z0-9]+(-[a-z0-9]+)*$`);
      expect(jobUrls.filter((loc) => !canonicalAddress.test(loc))).toEqual([]);
      // Each listed ad is open: its page answers 200 (not the 410 of a closed ad) at that
      // very address (no redirect to another slug), naming itself as canonical.
      const jobPage = await fetch(jobUrls[0]!, { redirect: 'manual' });
      expect(jobPage.status).toBe(200);
      expect(await jobPage.text()).toContain(`<link rel="canonical" href="${jobUrls[0]}">`);
      // Its French version follows it, naming itself too.
      expect(jobUrls[1]).toBe(jobUrls[0]!.replace(server.url, `${server.url}/fr`));
      const frenchJobPage = await fetch(jobUrls[1]!, { redirect: 'manual' });
      expect(frenchJobPage.status).toBe(200);
      expect(await frenchJobPage.text()).toContain(`<link rel="canonical" href="${jobUrls[1]}">`);
      expect(jobs).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);

      for (const missing of ['/sitemap-jobs/2.xml', '/sitemap-jobs/0.xml', '/sitemap-jobs/01.xml', '/sitemap-jobs/x.xml']) {
        expect((await fetch(`${server.url}${missing}`)).status, missing).toBe(404);
      }
    } finally {
      await server.stop('SIGKILL');
    }
  });
});

describe.skipIf(!hasBuild)('analytics (MATOMO_URL, MATOMO_SITE_ID)', () => {
  const shellData = async (response: Response) => {
    const html = await response.text();
    return JSON.parse(/<script id="tp-shell-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as { analytics?: { scriptUrl: string; commands: unknown[][] } };
  };

  it('is off by default: no tracker in the page or the content security policy', async () => {
    const server = await startBuiltServer({ SEED_DEMO: 'false' });
    try {
      const response = await fetch(`${server.url}/jobs?q=react`);
      expect(response.headers.get('content-security-policy')).not.toContain('stats.example');
      expect((await shellData(response)).analytics).toBeUndefined();
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('when on, a job search is a site search, other pages are page views, excluded ones are not tracked', async () => {
    const server = await startBuiltServer({ SEED_DEMO: 'false', MATOMO_URL: 'https://stats.example/matomo', MATOMO_SITE_ID: '7', MATOMO_EXCLUDE: '^/legal/' });
    try {
      const search = await fetch(`${server.url}/jobs?q=react&query_by=skills`);
      const csp = search.headers.get('content-security-policy')!;
      for (const directive of ['script-src', 'img-src', 'connect-src']) expect(csp).toMatch(new RegExp(`${directive} [^;]*https://stats\\.example`));
      const tracked = (await shellData(search)).analytics!;
      expect(tracked.scriptUrl).toBe('https://stats.example/matomo/matomo.js');
      expect(tracked.commands).toContainEqual(['setSiteId', '7']);
      expect(tracked.commands.at(-1)).toEqual(['trackSiteSearch', 'react', 'skills', false]);

      expect((await shellData(await fetch(`${server.url}/`))).analytics?.commands.at(-1)).toEqual(['trackPageView']);
      expect((await shellData(await fetch(`${server.url}/legal/terms`))).analytics).toBeUndefined();
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
