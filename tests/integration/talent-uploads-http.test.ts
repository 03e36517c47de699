import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './idp/browser';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { csrfTokenOf, signUpThroughProduct } from '../support/signed-in-browser';
import { pdfBytes, pngBytes, pngLargerThan } from '../support/upload-fixtures';

const CREATE_PROFILE = JSON.stringify({ query: 'mutation { createOneTalentProfile(data: { email: "t@example.test", profileName: "Test Talent" }) { id } }' });

interface Talent {
  browser: Browser;
  csrf: string;
}

/** The product's pages and endpoints over real HTTP: the upload forms, pictures, downloads and the body limit. */
describe.skipIf(!hasBuild)('talent uploads over HTTP', () => {
  let server: BuiltServer;
  let origin: string;
  let first: Talent;
  let second: Talent;

  async function talent(): Promise<Talent> {
    const { browser, landed } = await signUpThroughProduct(origin);
    const csrf = csrfTokenOf(landed.html);
    const created = await fetch(`${origin}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tp-csrf': csrf, cookie: browser.jar.header(new URL(origin)) },
      body: CREATE_PROFILE,
    });
    expect(created.status).toBe(200);
    return { browser, csrf };
  }

  const cookieOf = (who: Talent) => who.browser.jar.header(new URL(`${origin}/talent/profile`));

  /** Posts an upload form as the browser would (multipart, same origin). */
  async function postUpload(who: Talent, slot: string, file: { bytes: Uint8Array; name: string; type: string } | null, intent?: string) {
    const form = new FormData();
    form.set('csrf', who.csrf);
    form.set('upload', slot);
    if (intent) form.set('intent', intent);
    if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return fetch(`${origin}/talent/profile?upload=${slot}`, { method: 'POST', headers: { origin, cookie: cookieOf(who) }, body: form, redirect: 'manual' });
  }

  const profilePage = async (who: Talent) => (await fetch(`${origin}/talent/profile`, { headers: { cookie: cookieOf(who) } })).text();

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_DEMO: 'false' });
    origin = server.url;
    first = await talent();
    second = await talent();
  });
  afterAll(() => server?.stop('SIGKILL'));

  it('uploads a picture through the page and serves it at /media with long caching and its stored type', async () => {
    const response = await postUpload(first, 'picture', { bytes: await pngBytes(300, 200), name: 'me.png', type: 'image/png' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/talent/profile#picture');
    const html = await profilePage(first);
    const src = /<img src="(\/media\/[0-9a-f-]{36}\.webp)" alt="Your profile picture"/.exec(html)?.[1];
    expect(src).toBeDefined();

    const picture = await fetch(`${origin}${src}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');

    for (const unknown of ['/media/00000000-0000-4000-8000-000000000000.webp', '/media/../package.json', '/media/x.webp', `${src!.slice(0, -5)}.pdf`]) {
      expect((await fetch(`${origin}${unknown}`)).status, unknown).toBe(404);
    }
  });

  it('uploads a CV that only its owner downloads, as an attachment', async () => {
    const response = await postUpload(first, 'cv', { bytes: pdfBytes(), name: 'Ana CV.pdf', type: 'application/pdf' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/talent/profile#documents');
    const link = /href="(\/api\/talent-documents\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf)"/.exec(await profilePage(first))?.[1];
    expect(link).toBeDefined();

    const download = await fetch(`${origin}${link}`, { headers: { cookie: cookieOf(first) } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Ana CV.pdf"; filename*=UTF-8''Ana%20CV.pdf`);
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes())).toBe(true);

    // Another talent gets the not-found page, a guest the sign-in page; /media never serves it.
    const other = await fetch(`${origin}${link}`, { headers: { cookie: cookieOf(second) } });
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toMatch(/^text\/html/);
    const guest = await fetch(`${origin}${link}`, { redirect: 'manual' });
    expect(guest.status).toBe(303);
    expect(guest.headers.get('location')).toMatch(/^\/sign-in\?returnTo=/);
    expect((await fetch(`${origin}/media/${link!.split('/').pop()}`)).status).toBe(404);
  });

  it('shows field messages for a PNG renamed .pdf and an empty file, keeping the stored CV', async () => {
    const renamed = await postUpload(first, 'cv', { bytes: await pngBytes(), name: 'cv.pdf', type: 'application/pdf' });
    expect(renamed.status).toBe(422);
    const html = await renamed.text();
    expect(html).toContain('The file must be a PDF.');
    expect(html).toMatch(/id="upload-cv"[^>]*aria-invalid="true"/);
    expect(html).toContain('Download Ana CV.pdf');
    const empty = await postUpload(first, 'resume', { bytes: new Uint8Array(0), name: 'empty.pdf', type: 'application/pdf' });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('The file is empty.');
  });

  it('refuses a 6 MB picture from its Content-Length and sends the browser back to the field', async () => {
    const response = await postUpload(first, 'picture', { bytes: await pngLargerThan(6 * 1024 * 1024), name: 'big.png', type: 'image/png' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/talent/profile?tooLarge=picture#picture');
    const page = await fetch(`${origin}/talent/profile?tooLarge=picture`, { headers: { cookie: cookieOf(first) } });
    expect(await page.text()).toContain('The file is larger than 5 MB.');
  });

  it('answers 413 at once to a body declared far too large, without waiting for it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${origin}/graphql`);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1024 * 1024) } });
      req.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        req.destroy();
      });
      req.on('error', reject);
      req.write('{"query":"');
    });
    expect(status).toBe(413);
  });

  it('removes the picture and the CV, and their files are gone', async () => {
    const html = await profilePage(first);
    const src = /<img src="(\/media\/[0-9a-f-]{36}\.webp)"/.exec(html)![1]!;
    const link = /href="(\/api\/talent-documents\/[^"]+)"/.exec(html)![1]!;
    expect((await postUpload(first, 'picture', null, 'remove')).status).toBe(303);
    expect((await postUpload(first, 'cv', null, 'remove')).status).toBe(303);
    expect((await fetch(`${origin}${src}`)).status).toBe(404);
    expect((await fetch(`${origin}${link}`, { headers: { cookie: cookieOf(first) } })).status).toBe(404);
    const after = await profilePage(first);
    expect(after).toContain('No picture yet.');
    expect(after).toContain('No CV uploaded yet.');
  });

  it('refuses an upload form without the anti-forgery token', async () => {
    const response = await postUpload({ ...first, csrf: 'forged' }, 'picture', { bytes: await pngBytes(), name: 'me.png', type: 'image/png' });
    expect(response.status).toBe(403);
  });
});
