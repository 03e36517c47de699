// Security checklist H41: 200 virtual users (guests searching, talents applying, companies
// reading) for 60 s against a running server; exits non-zero on any error or any accepted
// application missing afterwards. Start the product first, e.g.
//   node scripts/build.mjs && PORT=4533 HOST=127.0.0.1 DATA_DIR=/tmp/tp-load SIGN_UP_LIMIT_PER_HOUR=100000 node dist/main.mjs
// then (the talents confirm their sign-up from the server's outbox, DATA_DIR/outbox)
//   node bench/mixed-load.mjs http://127.0.0.1:4533 --outbox /tmp/tp-load/outbox [--users 200] [--seconds 60] [--think-ms 1000] [--timeout-ms 30000]
// The mix, the think time and what counts as an error are described in docs/benchmarks.md.
import { parseArgs } from 'node:util';
import { formatTable, MIX, runMixedLoad } from './mixed-load-core.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    users: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    'think-ms': { type: 'string', default: '1000' },
    'timeout-ms': { type: 'string', default: '30000' },
    json: { type: 'boolean', default: false },
    outbox: { type: 'string' },
  },
});
const baseUrl = positionals[0];
const number = (name) => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number, got ${values[name]}`);
  return value;
};
if (!baseUrl || !values.outbox) {
  console.error('usage: node bench/mixed-load.mjs <baseUrl> --outbox <DATA_DIR/outbox> [--users 200] [--seconds 60] [--think-ms 1000] [--timeout-ms 30000] [--json]');
  process.exit(2);
}

const result = await runMixedLoad({
  baseUrl,
  outboxDir: values.outbox,
  users: number('users'),
  seconds: number('seconds'),
  thinkMs: number('think-ms'),
  timeoutMs: number('timeout-ms'),
  log: (line) => console.error(line),
});

if (values.json) console.log(JSON.stringify(result, null, 2));
else {
  const { guests, talents, companies, total } = result.users;
  console.log(`${total} users (${guests} guests, ${talents} talents, ${companies} company users; mix ${JSON.stringify(MIX)}), think time ${result.thinkMs} ms ±50 %, ${result.elapsedSeconds.toFixed(1)} s measured, ${result.openJobAds} open job ads\n`);
  console.log(formatTable(result));
  console.log(`\napplications: ${result.writes.accepted} accepted (303), ${result.writes.stored} stored, ${result.writes.missing.length} talents with missing writes`);
}
if (result.errorSeconds.length > 0) {
  console.error(`errors by second of the window (a timeout is dated when it gives up): ${result.errorSeconds.map(([second, count]) => `${second}s:${count}`).join(' ')}`);
}
for (const line of result.errorSamples) console.error(`error: ${line}`);
for (const line of result.writes.missing) console.error(`missing write: ${line}`);
process.exit(result.ok ? 0 : 1);
