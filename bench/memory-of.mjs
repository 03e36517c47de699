// Memory after load (docs/benchmarks.md): resident memory of a running product, the process and everything it
// started (workers, the embedded PostgreSQL server), sampled every --every seconds for
// --seconds (default: one sample). Linux only (reads /proc).
//   node bench/memory-of.mjs <pid of node dist/main.mjs> [--seconds 600] [--every 30]
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { seconds: { type: 'string', default: '0' }, every: { type: 'string', default: '30' } } });
const root = Number(positionals[0]);
if (!(root > 0)) {
  console.error('usage: node bench/memory-of.mjs <pid> [--seconds 600] [--every 30]');
  process.exit(2);
}

/** Every process whose parent chain leads to `root` (PostgreSQL runs in its own process group, but is still a child). */
function tree() {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (pid) => {
    for (let current = pid; current > 1; current = parents.get(current) ?? 0) if (current === root) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

/** Proportional set size: shared pages (PostgreSQL's shared buffers) are split among the processes that map them, not counted once per process. */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n').find((entry) => entry.startsWith('Pss:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The program a process runs ('node', 'postgres'), so a sample can say where the memory is. */
function programOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres') ? 'postgres' : 'node';
  } catch {
    return 'gone';
  }
}

const sample = () => {
  const pids = tree();
  const by = { node: 0, postgres: 0, gone: 0 };
  for (const pid of pids) by[programOf(pid)] += rssMb(pid);
  const total = by.node + by.postgres;
  console.log(`${new Date().toISOString()} ${pids.length} processes, resident ${total.toFixed(0)} MB (PSS; Node ${by.node.toFixed(0)} MB of which the primary ${rssMb(root).toFixed(0)} MB, PostgreSQL ${by.postgres.toFixed(0)} MB)`);
};
sample();
const until = Date.now() + Number(values.seconds) * 1000;
while (Date.now() + Number(values.every) * 1000 <= until) {
  await new Promise((resolve) => setTimeout(resolve, Number(values.every) * 1000));
  sample();
}
