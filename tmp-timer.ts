// Throwaway: times one statement repeatedly on the embedded large tenant (or PG_URL).
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { openEmbeddedPostgres } from './src/server/db/embedded-postgres';

const server = process.env.PG_URL ? { url: process.env.PG_URL, stop: async () => {} } : await openEmbeddedPostgres('/tmp/tp-large-tenant-embedded', () => {});
const client = new pg.Client({ connectionString: server.url });
await client.connect();
await client.query('set jit = off');
const company = (await client.query(`select id from company where name = 'Northwind Labs'`)).rows[0].id;
const statement = readFileSync(process.argv[2]!, 'utf8').replaceAll(':cid', `'${company}'`);
const times: number[] = [];
for (let i = 0; i < 103; i += 1) {
  const start = performance.now();
  await client.query(statement);
  if (i >= 3) times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(`p50 ${times[49]!.toFixed(1)} p95 ${times[94]!.toFixed(1)} max ${times.at(-1)!.toFixed(1)}`);
if (process.argv[3]) console.log((await client.query(`explain (analyze, buffers) ${statement}`)).rows.map((row) => row['QUERY PLAN']).join('\n'));
await client.end();
await server.stop();
