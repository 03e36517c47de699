import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePage } from './idp/browser';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { csrfTokenOf, signUpThroughProduct } from '../support/signed-in-browser';

// Probe item 2: a NUL (or another control character) in any text input used to answer
// INTERNAL_SERVER_ERROR, and /jobs?q=%00 a 503. Every form below is filled with one in
// every text field and posted as a person's browser would: never a 5xx.
const NUL_TEXT = 'x\u0000y\u0007z';

const SIGNED_IN_PAGES = [
  '/talent/profile',
  '/edit-account',
  '/site-settings',
  '/talent/assignment-create',
  '/talent/billing',
  '/talent/transactions',
  '/talent/invitations',
];

describe.skipIf(!hasBuild)('control characters in inputs (probe item 2)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server?.stop('SIGKILL'));

  it('the public job search and suggestions drop them instead of failing', async () => {
    for (const path of ['/jobs?q=%00', '/jobs?q=dev%00eloper&location=%00Paris', '/api/jobs/suggest?q=%00dev', '/jobs?q=%07%1F']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it('the GraphQL API answers BAD_USER_INPUT naming the field, for variables and inline literals', async () => {
    const call = (body: object) => fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const byVariable = await call({ query: 'query($q: String!) { jobAdSuggestions(q: $q) { id } }', variables: { q: 'de\u0000v' } });
    const answer = (await byVariable.json()) as { errors: Array<{ extensions: { code: string; fieldErrors: Array<{ field: string; code: string }> } }> };
    expect(answer.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors[0]!.extensions.fieldErrors).toEqual([expect.objectContaining({ field: 'q', code: 'controlCharacters' })]);
    const byLiteral = await call({ query: '{ jobAdSuggestions(q: "de\\u0000v") { id } }' });
    expect(((await byLiteral.json()) as typeof answer).errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('every form of the signed-in pages answers a field message or a refusal, never a server error', async () => {
    const { browser, landed } = await signUpThroughProduct(server.url, { name: 'Nul Prober' });
    const csrf = csrfTokenOf(landed.html);
    const created = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tp-csrf': csrf, cookie: browser.jar.header(new URL(server.url)) },
      body: JSON.stringify({ query: 'mutation { createOneTalentProfile(data: { email: "nul@example.test", profileName: "Nul Prober" }) { id } }' }),
    });
    expect(created.status).toBe(200);
    let posted = 0;
    for (const path of SIGNED_IN_PAGES) {
      const page = await browser.request(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      for (const form of parsePage(page.html).forms.filter((candidate) => candidate.method?.toLowerCase() === 'post' && candidate.textFields.length)) {
        const fields: Record<string, string> = { ...form.hidden };
        for (const name of form.textFields) fields[name] = NUL_TEXT;
        const target = new URL(form.action ?? path, page.url);
        const body = new URLSearchParams(fields);
        const response = await fetch(target, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: browser.jar.header(target) },
          body,
        });
        posted += 1;
        const what = `${target.pathname}${target.search} (${form.textFields.join(', ')})`;
        expect(response.status, what).toBeLessThan(500);
        // A form shown again marks the fields that are wrong.
        if (response.status === 422) expect(await response.text(), what).toContain('aria-invalid="true"');
      }
    }
    expect(posted).toBeGreaterThanOrEqual(4);
  });
});
