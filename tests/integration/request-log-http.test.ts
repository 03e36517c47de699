import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { signUpThroughProduct } from '../support/signed-in-browser';

// Logs (docs/operations.md): the built product, as `npm start` runs it with its output
// going to a pipe, writes JSON lines; each request answers its id and writes one line under
// it; the work a request starts (its mails) writes under the same id; no line holds a
// password, a session, a token or the person's address.

type LogLine = Record<string, unknown> & { msg?: string; requestId?: string };
const linesOf = (server: BuiltServer): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

describe.skipIf(!hasBuild)('request ids and log lines (the request id rule)', () => {
  let server: BuiltServer;
  let behindBalancer: BuiltServer;
  beforeAll(async () => {
    [server, behindBalancer] = await Promise.all([startBuiltServer(), startBuiltServer({ TRUSTED_PROXY_HOPS: '1', SLOW_STATEMENT_MS: '1' })]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop('SIGKILL'), behindBalancer?.stop('SIGKILL')]);
  });

  it('answers each request its id and writes one JSON line under it, with the path but not the query', async () => {
    const response = await fetch(`${server.url}/fr/jobs?q=secret-words`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => linesOf(server).find((line) => line.msg === 'request' && line.requestId === requestId)).toMatchObject({ method: 'GET', path: '/fr/jobs', status: 200, level: 30 });
    // With the number and time of the SQL statements it ran (a search reads the ads).
    const line = linesOf(server).find((candidate) => candidate.msg === 'request' && candidate.requestId === requestId)!;
    expect(line.statements).toBeGreaterThan(0);
    expect(line.statementMs).toBeGreaterThan(0);
    expect(server.output()).not.toContain('secret-words');
    // Every line is JSON (a collector reads the output as it is).
    const written = server.output().split('\n').filter((line) => line.trim() && !line.startsWith('embedded PostgreSQL'));
    for (const line of written) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('keeps the id a trusted balancer sends, and makes its own when no balancer is trusted', async () => {
    const sent = { headers: { 'x-request-id': 'nginx-4f2a9c' } };
    expect((await fetch(`${behindBalancer.url}/jobs?q=developer-secret-words`, sent)).headers.get('x-request-id')).toBe('nginx-4f2a9c');
    // The slow statements it ran (SLOW_STATEMENT_MS=1 here: all) are logged under its id, with their text, never their values.
    await expect.poll(() => linesOf(behindBalancer).filter((line) => line.requestId === 'nginx-4f2a9c' && line.msg?.startsWith('database: slow statement')).length).toBeGreaterThan(0);
    expect(behindBalancer.output()).not.toContain('developer-secret-words');
    const own = (await fetch(`${server.url}/jobs`, sent)).headers.get('x-request-id');
    expect(own).not.toBe('nginx-4f2a9c');
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes the mails a request sends under its id, and no password, session, token or address anywhere (the no personal data in logs rule)', async () => {
    const name = 'Logline Probe';
    const { browser, email, password } = await signUpThroughProduct(server.url, { name });
    const mailLines = linesOf(server).filter((line) => /^mail: written to \S+\.eml$/.test(line.msg ?? ''));
    expect(mailLines.length).toBeGreaterThan(0);
    const requestIds = new Set(linesOf(server).filter((line) => line.msg === 'request').map((line) => line.requestId));
    for (const line of mailLines) expect(requestIds).toContain(line.requestId);
    const session = /__Host-tp-session=([^;]+)|tp-session=([^;]+)/.exec(browser.jar.header(new URL(server.url)));
    const secrets = [email, password, name, session?.[1] ?? session?.[2]].filter((secret): secret is string => Boolean(secret));
    expect(secrets.length).toBe(4);
    for (const secret of secrets) expect(server.output()).not.toContain(secret);
  });
});
