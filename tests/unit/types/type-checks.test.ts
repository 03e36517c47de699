import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { typeChecks } from '../../../scripts/type-checks.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
// Under .cache/ (git-ignored) at the root, so that packages resolve into node_modules.
const fixture = path.join(root, '.cache/type-checks-test');

function write(file: string, lines: string[]) {
  const target = path.join(fixture, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${lines.join('\n')}\n`);
}

function runCheck(label: string) {
  const check = typeChecks(fixture).find((candidate) => candidate.label.startsWith(label));
  if (!check) throw new Error(`no type check labelled ${label}`);
  const result = spawnSync(check.command, check.args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
}

describe('the type checks of npm test (scripts/type-checks.mjs)', () => {
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  // A small project with the project's own compiler options: one mistake in a test, one in a
  // page's frontmatter, one in a page's template, and a page without any.
  write('tsconfig.json', [JSON.stringify({ extends: '../../tsconfig.json', include: ['src/**/*', 'tests/**/*'] })]);
  write('src/lib/job.ts', ['export interface Job { title: string; rate: number }']);
  write('src/components/JobCard.astro', ['---', "import type { Job } from '../lib/job';", 'interface Props { job: Job }', 'const { job } = Astro.props;', '---', '<h2>{job.title}</h2>']);
  write('src/pages/clean.astro', ['---', "import JobCard from '../components/JobCard.astro';", "import type { Job } from '../lib/job';", "const job: Job = { title: 'Welder', rate: 40 };", '---', '<JobCard job={job} />']);
  write('src/pages/wrong-frontmatter.astro', ['---', "import type { Job } from '../lib/job';", "const job: Job = { title: 'Welder', rat: 40 };", '---', '<p>{job.title}</p>']);
  write('src/pages/wrong-template.astro', ['---', "import JobCard from '../components/JobCard.astro';", '---', "<JobCard jobs={{ title: 'Welder', rate: 40 }} />"]);
  write('tests/answer.test.ts', ["import type { Job } from '../src/lib/job';", "export const answer: Job = { title: 'Welder', rate: 'forty' };"]);

  it('TypeScript 7 reports a type error in a test', { timeout: 60_000 }, () => {
    const { status, output } = runCheck('types of .ts/.tsx');
    expect(status).not.toBe(0);
    expect(output).toMatch(/tests\/answer\.test\.ts\(2,\d+\): error TS2322/);
    expect(output).not.toMatch(/\.astro/);
  });

  it('the .astro check reports a mistake in a frontmatter and in a template, and nothing in a correct page', { timeout: 60_000 }, () => {
    const { status, output } = runCheck('types of .astro');
    expect(status).toBe(1);
    expect(output).toMatch(/wrong-frontmatter\.astro:3:\d+ - error ts\(2561\)/);
    expect(output).toMatch(/wrong-template\.astro:4:\d+ - error ts\(2322\)/);
    expect(output).not.toMatch(/clean\.astro|JobCard\.astro:/);
    expect(output).toMatch(/4 \.astro files, 2 errors/);
  });

  it('`tsc` on the PATH is TypeScript 7, not the TypeScript 6 installed for the .astro check', () => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['--version'], { encoding: 'utf8' });
    expect(result.stdout).toMatch(/^Version 7\./);
  });
});
