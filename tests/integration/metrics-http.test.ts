import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';

// Metrics (docs/deploy.md): the built product with METRICS_PORT serves Prometheus's text on
// that port only, behind its token, with what the workers of `npm start`'s cluster counted
// summed by the primary.

const TOKEN = 'metrics-test-token';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe.skipIf(!hasBuild)('the metrics endpoint', () => {
  let server: BuiltServer;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    server = await startBuiltServer({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop('SIGKILL'));

  const scrape = async () => {
    const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('is served on its own port, behind its token, and never on the public one', async () => {
    expect(server.output()).toContain('metrics: Prometheus at http://127.0.0.1:');
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong-token-of-same-len' } })).status).toBe(401);
    const publicAnswer = await fetch(`${server.url}/metrics`);
    expect(await publicAnswer.text()).not.toContain('talentplace_http_request_duration_seconds');
  });

  it('counts requests by route, method and status, guest page cache answers, and the processes', async () => {
    // A page's headers arrive while its body still streams, and a request is counted when its
    // response has ended: each body is read to its end before the scrape.
    const visit = async (address: string) => {
      const response = await fetch(`${server.url}${address}`);
      await response.arrayBuffer();
      return response.status;
    };
    for (let time = 0; time < 3; time += 1) expect(await visit('/fr/jobs')).toBe(200);
    expect(await visit('/job-apply/00000000-0000-4000-8000-000000000000/gone')).toBe(404);
    const text = await scrape();
    // Summed over both workers: whichever worker answered, the three visits are there.
    const jobs = /talentplace_http_request_duration_seconds_count\{route="jobs",method="GET",status="200"\} (\d+)/.exec(text);
    expect(Number(jobs?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/talentplace_http_request_duration_seconds_count\{route="jobApply",method="GET",status="404"\} [1-9]/);
    expect(text).toMatch(/talentplace_page_cache_answers_total\{result="(hit|miss)"\} [1-9]/);
    expect(text).toMatch(/talentplace_process_resident_memory_bytes \d+/);
    expect(text).toMatch(/talentplace_database_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/talentplace_queue_jobs\{queue="mail-send",state="queued"\} \d+/);
    expect(text).toMatch(/talentplace_live_connections \d+/);
    // No address or id as a label.
    expect(text).not.toMatch(/00000000-0000-4000-8000-000000000000|\/fr\/jobs/);
  });
});
