// `node scripts/make-upgrade-dump.mjs [commit]`: the database a release made and seeded, kept
// as a test fixture for the upgrade test (tests/integration/db/upgrade.test.ts, docs/deploy.md
// "Upgrading"). Run it when a change adds a migration, with the commit just before it (by
// default, the parent of the last commit that changed src/server/db/migrations): that
// release is checked out in a temporary worktree, built with this checkout's node_modules,
// started on a new database of the PostgreSQL server at TEST_DATABASE_URL (it migrates and
// adds the demo data as `npm start` does), stopped, and dumped with pg_dump as plain
// INSERT statements, which PGlite and PostgreSQL both read back, to
// tests/fixtures/upgrade/<date>-<commit>.sql.gz; its first line says when it was made (the
// demo data's dates are relative to that day). Needs git, pg_dump and the server.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildRelease, describeRelease, releaseBeforeLastMigrationChange } from './release-worktree.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const { commit, short, date } = describeRelease(root, process.argv[2] ?? releaseBeforeLastMigrationChange(root));
const target = path.join(root, 'tests/fixtures/upgrade', `${date}-${short}.sql.gz`);

const database = `upgrade_source_${short}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).href;

async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts the release's built server on the database and resolves once it serves (migrated and seeded). */
function serveOnce(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/main.mjs'], {
      cwd: dir,
      env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl, SEED_DEMO: 'true', DATA_DIR: path.join(dir, '.data'), WEB_CONCURRENCY: '1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk) => {
      output += chunk;
      if (/is running at/.test(output)) {
        child.kill('SIGTERM');
        child.once('exit', () => resolve());
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      if (!/is running at/.test(output)) reject(new Error(`the release did not start (exit ${code}):\n${output}`));
    });
  });
}

console.log(`release ${short} (${date}): checking out and building`);
const release = buildRelease(root, commit);
try {
  await onServer(`drop database if exists "${database}" with (force)`);
  await onServer(`create database "${database}"`);
  console.log(`release ${short}: migrating and seeding ${database}`);
  await serveOnce(release.dir);
  const dump = execFileSync('pg_dump', ['--column-inserts', '--no-owner', '--no-privileges', '--no-comments', databaseUrl], { maxBuffer: 1 << 30, encoding: 'utf8' });
  // psql's own commands (\restrict, \connect) mean nothing to the test, which runs the SQL.
  const sqlOnly = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, gzipSync(`-- Made by scripts/make-upgrade-dump.mjs on ${new Date().toISOString()} from release ${commit} (${date}).\n${sqlOnly}`, { level: 9 }));
  console.log(`written ${path.relative(root, target)}`);
} finally {
  await onServer(`drop database if exists "${database}" with (force)`).catch(() => undefined);
  release.remove();
}
