// CPU time of a server's process tree from /proc (Linux only): user + system clock ticks
// of every process under a pid, Node (the primary and its workers) and PostgreSQL (the
// embedded server and its backends) apart. Read around a run of requests, it gives the
// CPU one request costs, which holds on a busy machine where latencies do not.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per millisecond (USER_HZ is 100 on Linux). */
export const TICKS_PER_MS = 100 / 1000;

/** utime + stime (clock ticks) of the processes under `rootPid` (itself included), split into node and postgres. */
export function cpuTicks(rootPid) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const raw = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = raw.lastIndexOf(')');
      const comm = raw.slice(raw.indexOf('(') + 1, close);
      const fields = raw.slice(close + 2).split(' ');
      stats.set(Number(name), { comm, parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid) => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; hops += 1) {
      if (at === rootPid) return true;
      at = stats.get(at)?.parent ?? 0;
    }
    return false;
  };
  let node = 0;
  let postgres = 0;
  for (const [pid, stat] of stats) {
    if (!under(pid)) continue;
    if (stat.comm.startsWith('postgres')) postgres += stat.ticks;
    else node += stat.ticks;
  }
  return { node, postgres };
}
