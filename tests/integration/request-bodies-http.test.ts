import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';

// Probe item 3: a page POST with JSON or a broken multipart body answered an empty 500,
// and a chunked body over the size limit 500 instead of 413.
describe.skipIf(!hasBuild)('unexpected request bodies (probe item 3)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server?.stop('SIGKILL'));

  const post = (path: string, contentType: string, body: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': contentType, origin: server.url }, body });

  it('a page or form endpoint answers a JSON body with 415 and a message saying what to send', async () => {
    for (const path of ['/talent/profile', '/edit-account', '/job-apply-form', '/jobs', '/api/select-company', '/auth/logout', '/sign-in']) {
      const response = await post(path, 'application/json', '{"csrf":"x"}');
      expect(response.status, path).toBe(415);
      expect(await response.text(), path).toMatch(/form sent from its page/);
    }
  });

  it('a damaged multipart body answers 400, not 500', async () => {
    const truncated = '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello';
    for (const path of ['/talent/profile?upload=cv', '/job-apply-form', '/talent/billing']) {
      const response = await post(path, 'multipart/form-data; boundary=XYZ', truncated);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toMatch(/could not be read/);
    }
    const noBoundary = await post('/edit-account', 'multipart/form-data', 'a=b');
    expect(noBoundary.status).toBe(400);
  });

  it('a chunked body over the size limit answers 413 with the limit', async () => {
    const status = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL('/edit-account', server.url);
      const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      for (let i = 0; i < 12; i++) req.write(chunk);
      req.end();
    });
    expect(status.status).toBe(413);
    expect(status.text).toMatch(/larger than \d+ MB/);
  });

  it('the GraphQL proxy answers a body it cannot read with 4xx JSON', async () => {
    const response = await fetch(`${server.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: '{broken' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
