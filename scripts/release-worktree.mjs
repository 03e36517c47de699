// An earlier release, built beside this checkout: for the upgrade dump
// (scripts/make-upgrade-dump.mjs) and the rolling upgrade run (bench/rolling-upgrade.mjs).
// The release is checked out in a temporary git worktree and built with this checkout's
// node_modules (a release's dependencies are a subset of later ones' as long as none was
// removed since; a build that fails says so).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const gitIn = (root) => (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The release before the last change to the migrations: the one today's migrations upgrade. */
export function releaseBeforeLastMigrationChange(root) {
  const git = gitIn(root);
  return git('rev-parse', `${git('log', '-1', '--format=%H', '--', 'src/server/db/migrations')}^`);
}

/** The commit `revision` names, its short form and its day. */
export function describeRelease(root, revision) {
  const git = gitIn(root);
  const commit = git('rev-parse', revision);
  return { commit, short: commit.slice(0, 8), date: git('show', '-s', '--format=%cs', commit) };
}

/** Checks `commit` out in a temporary worktree and builds it; `remove()` takes the worktree away. */
export function buildRelease(root, commit) {
  const git = gitIn(root);
  const dir = mkdtempSync(path.join(tmpdir(), 'talentplace-release-'));
  const remove = () => {
    if (existsSync(dir)) git('worktree', 'remove', '--force', dir);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    git('worktree', 'add', '--detach', dir, commit);
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, stdio: 'inherit' });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
