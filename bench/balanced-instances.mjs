// Instances of the built product behind nginx on one machine, for the bench scripts that
// prove what several instances do (scale-out.mjs, rolling-upgrade.mjs): waiting for an
// instance to be ready, the balancer's configuration (docs/deploy.md has the annotated
// production version), an unprivileged nginx started from a folder of its own and reloaded
// when an instance is taken out or put back, and a clean stop of everything.
import { chmod, chown, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runToEnd, startProcess } from './child-process.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The command-line options of a run of instances behind nginx under the mixed load, with this run's defaults. */
export function balancedRunOptions({ users, seconds, database, redisDatabase, port }) {
  return {
    users: { type: 'string', default: String(users) },
    seconds: { type: 'string', default: String(seconds) },
    'think-ms': { type: 'string', default: '1000' },
    'timeout-ms': { type: 'string', default: '30000' },
    'database-url': { type: 'string', default: `postgres://postgres@127.0.0.1:5432/${database}` },
    'redis-url': { type: 'string', default: `redis://127.0.0.1:6379/${redisDatabase}` },
    port: { type: 'string', default: String(port) },
    keep: { type: 'boolean', default: false },
  };
}

/**
 * What the instances of one deployment share, as docs/deploy.md asks: one database, Redis
 * sessions, one SESSION_SECRET, one data folder (as an NFS or shared volume would be), the
 * balancer's address as the public origin, trusted as one proxy hop.
 */
export function sharedInstanceEnv({ publicOrigin, databaseUrl, redisUrl, dataDir, sessionSecret }) {
  return {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: publicOrigin,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    REDIS_URL: redisUrl,
    SESSION_DRIVER: 'redis',
    SESSION_SECRET: sessionSecret,
    DATA_DIR: dataDir,
    SIGN_UP_LIMIT_PER_HOUR: '100000',
    TRUSTED_PROXY_HOPS: '1',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** Resolves once `origin`/readyz answers 200; fails when the process exits first or after 120 s. */
export async function waitReady(origin, processHandle) {
  const deadline = Date.now() + 120_000;
  let last = '';
  while (Date.now() < deadline) {
    if (processHandle.child.exitCode !== null) throw new Error(`${processHandle.label} exited while starting:\n${processHandle.output().slice(-2000)}`);
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(3_000) });
      last = `${response.status} ${await response.text()}`;
      if (response.status === 200) return;
    } catch (error) {
      last = String(error?.cause ?? error);
    }
    await sleep(250);
  }
  throw new Error(`${processHandle.label} not ready within 120 s (last answer: ${last})`);
}

/**
 * nginx in front of the instances on `instancePorts`, listening on `balancerPort`; the ports
 * in `down` get no new request (an instance taken out for its upgrade).
 */
export function nginxConfig(dir, balancerPort, instancePorts, down = new Set()) {
  const servers = instancePorts.map((port) => `    server 127.0.0.1:${port}${down.has(port) ? ' down' : ''};`).join('\n');
  return `# Written by bench/balanced-instances.mjs; docs/deploy.md has the annotated production version.
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstream '$upstream_addr $status $request_method $uri';
  access_log ${dir}/nginx-access.log upstream;
  upstream talentplace {
    # Plain round robin: no sticky sessions, any instance serves any request.
${servers}
    keepalive 64;
    # Below Node's 5 s keep-alive: nginx never reuses a connection the instance is closing
    # (a request sent on one fails, and only idempotent ones are retried elsewhere).
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${balancerPort};
    client_max_body_size 12m;
    location / {
      proxy_pass http://talentplace;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

/**
 * Starts nginx with the configuration in `nginxDir` (written by the caller), never as root:
 * as the unprivileged user nobody when we are root, else as ourselves. `reload()` rewrites
 * the configuration and has nginx take it: new workers take new requests, old ones finish theirs.
 */
export async function startNginx({ workDir, nginxDir, config, cwd }) {
  const configFile = path.join(nginxDir, 'nginx.conf');
  await writeFile(configFile, config);
  const nginxArgs = ['-p', nginxDir, '-e', path.join(nginxDir, 'nginx-error.log'), '-c', configFile];
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await chmod(workDir, 0o755);
    await chown(nginxDir, 65534, 65534);
  }
  const run = (args) => (asRoot ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'nginx', ...args]] : ['nginx', args]);
  const handle = startProcess('nginx', ...run(nginxArgs), { cwd, env: process.env, logFile: path.join(workDir, 'nginx.log') });
  return {
    handle,
    async reload(nextConfig) {
      await writeFile(configFile, nextConfig);
      await runToEnd('nginx -s reload', ...run([...nginxArgs, '-s', 'reload']), { cwd, env: process.env });
    },
  };
}

/** Stops the processes, last started first (nginx: QUIT, its graceful stop; the instances drain on TERM); what did not stop cleanly. */
export async function stopAll(processes) {
  const problems = [];
  for (const handle of [...processes].reverse()) {
    if (handle.child.exitCode === null && handle.child.signalCode === null) handle.child.kill(handle.label === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    const outcome = await Promise.race([handle.exited, sleep(30_000).then(() => null)]);
    if (!outcome) {
      handle.child.kill('SIGKILL');
      problems.push(`${handle.label} did not stop within 30 s`);
    } else if (outcome.code !== 0) problems.push(`${handle.label} exited with ${outcome.code ?? outcome.signal}`);
    await handle.save().catch(() => undefined);
  }
  return problems;
}
