// The mixed load of security checklist H41: guests searching, talents applying through
// the real page forms, companies reading their dashboard and the GraphQL proxy, all at
// once, then a check that every application the server accepted (303) is stored.
// Plain Node (fetch keeps connections alive by itself), no dependency: the CLI
// `bench/mixed-load.mjs` and the CI test `tests/integration/load/mixed-load.test.ts` both
// run `runMixedLoad`.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Share of the virtual users per role. Companies are few, as on the real site. */
export const MIX = { guest: 0.5, talent: 0.4, company: 0.1 };

const SEARCH_TERMS = ['', '', 'developer', 'engineer', 'data', 'designer', 'manager', 'analyst', 'senior', 'react', 'remote', 'nothing-matches-this'];
const SUGGEST_PREFIXES = ['de', 'dev', 'eng', 'data', 'des', 'man', 'ana', 'sen', 'q', 'lead', 'xyz'];
const COMPANY_ACCOUNTS = ['owner@demo.test', 'recruiter@demo.test'];
const DEMO_PASSWORD = 'talentplace-demo';
const COMPANY_DASHBOARD_QUERY = 'query CompanyDashboard { companyDashboard { company { id name } receivedApplications jobAds { open } } }';
const FIND_ME_QUERY = 'query FindMe { findMe { id email companies { company { id name } } } }';
const MY_APPLICATIONS_QUERY =
  'query MyJobApplications($page: Int) { myJobApplications(page: $page, perPage: 100, sort: NEWEST) { total pageCount items { jobAdId } } }';

const random = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per request kind: latencies (ms), and errors with a few samples to say what went wrong. */
export class Recorder {
  constructor() {
    /** @type {Map<string, { latencies: number[]; errors: number; samples: string[] }>} */
    this.kinds = new Map();
    this.recording = false;
    /** When the measured window began (performance.now()), to date errors within it. */
    this.startedAt = 0;
    /** Errors per second of the window: a burst of timeouts points at a stall. */
    this.errorSeconds = new Map();
  }

  noteError(kind, error) {
    const entry = this.kinds.get(kind);
    if (!entry) return;
    entry.errors += 1;
    const second = Math.floor((performance.now() - this.startedAt) / 1000);
    this.errorSeconds.set(second, (this.errorSeconds.get(second) ?? 0) + 1);
    if (entry.samples.length < 3) entry.samples.push(`${error} (at ${second} s)`);
  }

  record(kind, ms, error) {
    if (!this.recording) return;
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { latencies: [], errors: 0, samples: [] }));
    entry.latencies.push(ms);
    if (error) this.noteError(kind, error);
  }

  /** A request already counted answered with the right status but the wrong content. */
  flag(kind, error) {
    if (this.recording) this.noteError(kind, error);
  }
}

// ---- a minimal browser: cookies per virtual user, manual redirects -------------------

class CookieJar {
  constructor() {
    /** @type {Map<string, { name: string; value: string; path: string }>} */
    this.cookies = new Map();
  }

  store(url, response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key) => attributes.find((entry) => entry.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') || '/';
      const expires = attribute('expires');
      const deleted = value === '' || attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (deleted) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  header(url) {
    return [...this.cookies.values()]
      .filter((cookie) => cookie.path === '/' || url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path.replace(/\/$/, '')}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }
}

export class VirtualBrowser {
  /**
   * @param {string} origin
   * @param {Recorder | null} recorder  null for set-up requests, which are not measured
   * @param {number} timeoutMs
   */
  constructor(origin, recorder, timeoutMs) {
    this.origin = origin;
    this.recorder = recorder;
    this.timeoutMs = timeoutMs;
    this.jar = new CookieJar();
  }

  /**
   * One request, redirects not followed, body read in full. Any status outside `expect`,
   * a network error or a timeout counts as an error of `kind`; the answer is null then.
   * @param {string} kind
   * @param {string | URL} target
   * @param {{ method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string>; expect?: number[] }} [init]
   * @returns {Promise<{ status: number; location: string | null; body: string; url: URL } | null>}
   */
  async request(kind, target, init = {}) {
    const url = new URL(target, this.origin);
    const headers = { accept: 'text/html,application/json;q=0.9,*/*;q=0.8', ...init.headers };
    const cookie = this.jar.header(url);
    if (cookie) headers.cookie = cookie;
    let body;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = this.origin;
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = this.origin;
      body = JSON.stringify(init.json);
    }
    const expected = init.expect ?? [200];
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      this.jar.store(url, response);
      const text = await response.text();
      const ms = performance.now() - started;
      const ok = expected.includes(response.status);
      this.recorder?.record(kind, ms, ok ? null : `${response.status} ${url.pathname}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
      if (!ok && !this.recorder) throw new Error(`${kind}: ${response.status} at ${url.href}: ${text.slice(0, 300)}`);
      return ok ? { status: response.status, location: response.headers.get('location'), body: text, url } : null;
    } catch (error) {
      if (!this.recorder) throw error;
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `timeout after ${this.timeoutMs} ms` : String(error?.cause ?? error);
      this.recorder.record(kind, performance.now() - started, `${url.pathname}: ${reason}`);
      return null;
    }
  }

  /** Set-up only: follows redirects until a page answers. */
  async follow(target, init = {}) {
    let answer = await this.request('setup', target, { ...init, expect: [200, 302, 303] });
    for (let hops = 0; hops < 20 && answer && answer.location; hops += 1) {
      answer = await this.request('setup', new URL(answer.location, answer.url), { expect: [200, 302, 303] });
    }
    if (!answer || answer.location) throw new Error(`set-up: too many redirects from ${String(target)}`);
    return answer;
  }
}

const formAction = (html, ending) => {
  const match = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((found) => found[1]).find((action) => action?.endsWith(ending));
  if (!match) throw new Error(`set-up: no form ending in ${ending}`);
  return match.replaceAll('&amp;', '&');
};

const csrfMeta = (html) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? null;
const hiddenCsrf = (html) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? null;

/**
 * The confirmation link the server mailed to an address: its outbox holds one `.eml` file
 * per mail (quoted-printable text, as nodemailer writes it).
 */
async function confirmationLink(outboxDir, email, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(outboxDir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const raw = await readFile(path.join(outboxDir, name), 'utf8');
      if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      const link = /https?:\/\/\S+\/confirm\?token=\S+/.exec(text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`set-up: no confirmation mail to ${email} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A new account through /sign-up, the built-in provider's form, the confirmation link
 * from the server's outbox and the callback.
 */
export async function signUp(origin, email, timeoutMs, outboxDir) {
  const browser = new VirtualBrowser(origin, null, timeoutMs);
  const page = await browser.follow('/sign-up');
  await browser.follow(new URL(formAction(page.body, '/signup'), page.url), {
    form: { name: `Load Talent ${email.split('@')[0]}`, email, password: 'correct-horse-battery-load' },
  });
  const landed = await browser.follow(await confirmationLink(outboxDir, email, timeoutMs));
  if (!csrfMeta(landed.body)) throw new Error(`set-up: sign-up of ${email} did not end signed in (${landed.url.pathname})`);
  return browser;
}

/** A seeded demo account through /sign-in and the provider's login form, landing on `landing`. */
export async function signIn(origin, email, timeoutMs, landing = '/company/dashboard') {
  const browser = new VirtualBrowser(origin, null, timeoutMs);
  const page = await browser.follow(`/sign-in?returnTo=${encodeURIComponent(landing)}`);
  const landed = await browser.follow(new URL(formAction(page.body, '/email'), page.url), { form: { email, password: DEMO_PASSWORD } });
  const csrf = csrfMeta(landed.body);
  if (landed.url.pathname !== landing || !csrf) throw new Error(`set-up: sign-in of ${email} landed on ${landed.url.pathname}`);
  return { browser, csrf };
}

/** Each listed ad's canonical page (/job-apply/<id>/<slug>), as the search links it. */
const jobAdPaths = new Map();

/** Ids of the ads the search lists (open ones), read from the /jobs pages as a guest. */
export async function openJobAdIds(origin, timeoutMs) {
  const browser = new VirtualBrowser(origin, null, timeoutMs);
  const ids = new Set();
  for (let page = 1; page <= 50; page += 1) {
    const answer = await browser.request('setup', `/jobs?page=${page}`);
    const before = ids.size;
    for (const match of answer?.body.matchAll(/href="(\/job-apply\/([0-9a-f-]{36})(?:\/[a-z0-9-]*)?)"/g) ?? []) {
      ids.add(match[2]);
      jobAdPaths.set(match[2], match[1]);
    }
    if (ids.size === before) break;
  }
  if (ids.size === 0) throw new Error('set-up: /jobs lists no job ads (is the demo seed in?)');
  return [...ids];
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

// ---- the three kinds of virtual users -----------------------------------------------

async function guestStep(browser, adIds) {
  const roll = Math.random();
  if (roll < 0.45) {
    const q = random(SEARCH_TERMS);
    const page = 1 + Math.floor(Math.random() * (q ? 2 : 6));
    await browser.request('guest GET /jobs', `/jobs?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`);
  } else if (roll < 0.75) {
    const id = random(adIds);
    await browser.request('guest GET /job-apply (ad page)', jobAdPaths.get(id) ?? `/job-apply/${id}`);
  } else {
    await browser.request('guest GET /api/jobs/suggest', `/api/jobs/suggest?q=${random(SUGGEST_PREFIXES)}`, { headers: { accept: 'application/json' } });
  }
}

/**
 * One application: the form page (CSRF token, profile form the first time), the post,
 * and the success page it redirects to. Returns false when the talent has applied
 * everywhere it can.
 */
async function talentStep(talent, adIds) {
  const candidates = adIds.filter((id) => !talent.applied.has(id) && !talent.unavailable.has(id));
  if (candidates.length === 0) {
    await talent.browser.request('talent GET /talent/applied-jobs', '/talent/applied-jobs');
    return;
  }
  const jobAdId = random(candidates);
  const formPath = `/job-apply-form?jobAdId=${jobAdId}`;
  let page = await talent.browser.request('talent GET /job-apply-form', formPath);
  if (!page) return;
  if (page.body.includes('name="intent" value="create-profile"')) {
    const created = await talent.browser.request('talent POST create profile', formPath, {
      form: { csrf: hiddenCsrf(page.body) ?? '', intent: 'create-profile', profileName: talent.name, email: talent.email },
      expect: [303],
    });
    if (!created) return;
    page = await talent.browser.request('talent GET /job-apply-form', formPath);
    if (!page) return;
  }
  if (!page.body.includes('name="message"')) {
    // Closed since the list was read, or (a bug) already applied: never post then.
    if (/role="status"/.test(page.body)) talent.unavailable.add(jobAdId);
    else talent.browser.recorder?.flag('talent GET /job-apply-form', `no apply form for ${jobAdId}`);
    return;
  }
  await sleep(talent.thinkMs * (0.5 + Math.random()));
  const posted = await talent.browser.request('talent POST apply', formPath, {
    form: { csrf: hiddenCsrf(page.body) ?? '', message: `Load test application from ${talent.email} at ${new Date().toISOString()}` },
    expect: [303],
  });
  if (!posted) return;
  if (!posted.location?.startsWith('/job-apply/success')) {
    talent.browser.recorder?.flag('talent POST apply', `303 to ${posted.location}, not to /job-apply/success`);
    return;
  }
  talent.applied.add(jobAdId);
  await talent.browser.request('talent GET /job-apply/success', posted.location);
}

async function companyStep(company) {
  const roll = Math.random();
  const graphql = (kind, query, operationName) =>
    company.browser.request(kind, '/api/graphql', {
      json: { query, operationName },
      headers: { 'x-tp-csrf': company.csrf, accept: 'application/json', referer: `${company.browser.origin}/company/dashboard` },
    });
  if (roll < 0.4) {
    const page = await company.browser.request('company GET /company/dashboard', '/company/dashboard');
    const csrf = page && csrfMeta(page.body);
    if (csrf) company.csrf = csrf;
  } else if (roll < 0.8) {
    const answer = await graphql('company POST /api/graphql companyDashboard', COMPANY_DASHBOARD_QUERY, 'CompanyDashboard');
    if (answer && !JSON.parse(answer.body).data?.companyDashboard) {
      company.browser.recorder?.flag('company POST /api/graphql companyDashboard', `no data: ${answer.body.slice(0, 160)}`);
    }
  } else {
    const answer = await graphql('company POST /api/graphql findMe', FIND_ME_QUERY, 'FindMe');
    if (answer && !JSON.parse(answer.body).data?.findMe) company.browser.recorder?.flag('company POST /api/graphql findMe', `no data: ${answer.body.slice(0, 160)}`);
  }
}

/** The talent's stored applications, read back through the API as the talent. */
async function storedApplications(talent) {
  const stored = new Set();
  for (let page = 1; ; page += 1) {
    const answer = await talent.browser.request('verify', '/api/graphql', {
      json: { query: MY_APPLICATIONS_QUERY, variables: { page }, operationName: 'MyJobApplications' },
      headers: { 'x-tp-csrf': talent.csrf, accept: 'application/json' },
    });
    const data = JSON.parse(answer?.body ?? '{}').data?.myJobApplications;
    if (!data) throw new Error(`verify: myJobApplications failed for ${talent.email}: ${answer?.body.slice(0, 300)}`);
    for (const item of data.items) stored.add(item.jobAdId);
    if (page >= data.pageCount) return { total: data.total, jobAdIds: stored };
  }
}

/**
 * `outboxDir` is the server's DATA_DIR/outbox, where the sign-up confirmations are written.
 * @param {{ baseUrl: string; outboxDir: string; users?: number; seconds?: number; thinkMs?: number; timeoutMs?: number; setupConcurrency?: number; log?: (line: string) => void }} options
 */
export async function runMixedLoad(options) {
  const origin = new URL(options.baseUrl).origin;
  const users = options.users ?? 200;
  const seconds = options.seconds ?? 60;
  const thinkMs = options.thinkMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const log = options.log ?? (() => {});
  const talents = Math.max(1, Math.round(users * MIX.talent));
  const companies = Math.max(1, Math.round(users * MIX.company));
  const guests = Math.max(0, users - talents - companies);

  // ---- set-up, outside the measured window
  const setupStarted = performance.now();
  const adIds = await openJobAdIds(origin, timeoutMs);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  log(`set-up: ${adIds.length} open job ads; signing up ${talents} talents and signing in ${companies} company users`);
  const recorder = new Recorder();
  const talentUsers = await pool(Array.from({ length: talents }, (_, index) => index), options.setupConcurrency ?? 4, async (index) => {
    const email = `load-${run}-${index}@example.test`;
    const browser = await signUp(origin, email, timeoutMs, options.outboxDir);
    const landing = await browser.request('setup', '/talent/applied-jobs');
    const csrf = csrfMeta(landing?.body ?? '');
    if (!csrf) throw new Error(`set-up: no csrf token for ${email}`);
    browser.recorder = recorder;
    return { email, name: `Load Talent ${index}`, browser, csrf, thinkMs, applied: new Set(), unavailable: new Set() };
  });
  const companyUsers = await pool(Array.from({ length: companies }, (_, index) => COMPANY_ACCOUNTS[index % COMPANY_ACCOUNTS.length]), 2, async (email) => {
    const { browser, csrf } = await signIn(origin, email, timeoutMs);
    browser.recorder = recorder;
    return { email, browser, csrf };
  });
  const guestBrowsers = Array.from({ length: guests }, () => new VirtualBrowser(origin, recorder, timeoutMs));
  log(`set-up done in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; measuring ${seconds} s`);

  // ---- the measured window: every user loops (step, think) until the time is up
  recorder.recording = true;
  const started = performance.now();
  recorder.startedAt = started;
  const deadline = started + seconds * 1000;
  const loop = async (step) => {
    await sleep(Math.random() * thinkMs);
    while (performance.now() < deadline) {
      await step();
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  };
  await Promise.all([
    ...guestBrowsers.map((browser) => loop(() => guestStep(browser, adIds))),
    ...talentUsers.map((talent) => loop(() => talentStep(talent, adIds))),
    ...companyUsers.map((company) => loop(() => companyStep(company))),
  ]);
  const elapsedSeconds = (performance.now() - started) / 1000;
  recorder.recording = false;

  // ---- afterwards: every accepted application must be stored, and nothing else
  const missingWrites = [];
  let acceptedWrites = 0;
  let storedWrites = 0;
  await pool(talentUsers, 4, async (talent) => {
    const stored = await storedApplications(talent);
    acceptedWrites += talent.applied.size;
    storedWrites += stored.total;
    const missing = [...talent.applied].filter((id) => !stored.jobAdIds.has(id));
    if (missing.length > 0 || stored.total !== talent.applied.size) {
      missingWrites.push(`${talent.email}: ${talent.applied.size} accepted (303), ${stored.total} stored, missing ${missing.join(', ') || 'none'}`);
    }
  });

  const rows = [...recorder.kinds.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, entry]) => summarize(kind, entry, elapsedSeconds));
  const total = summarize('all', { latencies: rows.length ? [...recorder.kinds.values()].flatMap((entry) => entry.latencies) : [], errors: rows.reduce((sum, row) => sum + row.errors, 0) }, elapsedSeconds);
  return {
    users: { guests, talents, companies, total: users },
    seconds,
    thinkMs,
    elapsedSeconds,
    openJobAds: adIds.length,
    rows,
    total,
    errorSamples: [...recorder.kinds.entries()].flatMap(([kind, entry]) => entry.samples.map((sample) => `${kind}: ${sample}`)),
    errorSeconds: [...recorder.errorSeconds.entries()].sort(([a], [b]) => a - b),
    writes: { accepted: acceptedWrites, stored: storedWrites, missing: missingWrites },
    ok: total.errors === 0 && missingWrites.length === 0,
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(kind, entry, elapsedSeconds) {
  const sorted = [...entry.latencies].sort((a, b) => a - b);
  return {
    kind,
    count: sorted.length,
    errors: entry.errors,
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    p99: Math.round(percentile(sorted, 99)),
    perSecond: Number((sorted.length / elapsedSeconds).toFixed(1)),
  };
}

/** A Markdown table (it reads as well in a terminal). */
export function formatTable(result) {
  const lines = ['| request | count | errors | p50 ms | p95 ms | p99 ms | req/s |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const row of [...result.rows, result.total]) {
    const name = row.kind === 'all' ? '**all**' : `\`${row.kind}\``;
    lines.push(`| ${name} | ${row.count} | ${row.errors} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.perSecond} |`);
  }
  return lines.join('\n');
}
