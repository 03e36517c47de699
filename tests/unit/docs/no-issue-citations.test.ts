import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Neither the issue tracker nor the product spec is in the repository, so a citation of an
// issue number or of a spec section number tells a newcomer nothing: comments, docs and test
// titles name the rule, entity or feature itself (the permission merge, the companyHiringStep
// entity, the company's talent search). Prose where "issue" is a verb followed by a number
// reads as a citation here too: word it another way.

const root = path.resolve(import.meta.dirname, '../../..');

// Built from parts, so that this file does not cite what it looks for.
const issueWord = ['iss', 'ue'].join('');
const sectionSign = String.fromCharCode(0xa7);
const citation = new RegExp(`\\b${issueWord}s? #?[0-9]+|${sectionSign} ?[0-9]`, 'i');


/** Without git (an unpacked archive), the folders and files the citations were found in. */
const walkedWithoutGit = ['src', 'tests', 'scripts', 'bench', 'docs', '.ci', 'README.md'];

function walk(relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).flatMap((name) => walk(path.join(relative, name)));
}

/** The repository's tracked files, as paths relative to its root with forward slashes. */
function trackedFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  const files = listed.status === 0 ? listed.stdout.split('\0').filter(Boolean) : walkedWithoutGit.flatMap(walk);
  return files.map((file) => file.split(path.sep).join('/'));
}

function isText(content: Buffer): boolean {
  return !content.subarray(0, 8000).includes(0);
}

function citationsIn(file: string): string[] {
  const full = path.join(root, file);
  // Listed by git but gone from the work tree (a move not yet staged).
  if (!existsSync(full)) return [];
  const content = readFileSync(full);
  if (!isText(content)) return [];
  return content
    .toString('utf8')
    .split('\n')
    .flatMap((line, index) => (citation.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('comments name rules, never issue numbers', () => {
  it('finds the citations it is meant to find, and leaves other numbers alone', () => {
    expect(citation.test(`see ${issueWord} 17 item 2`)).toBe(true);
    expect(citation.test(`${issueWord[0]!.toUpperCase()}${issueWord.slice(1)} 19`)).toBe(true);
    expect(citation.test(`spec ${sectionSign}3 companyHiringStep`)).toBe(true);
    expect(citation.test(`${sectionSign} 9`)).toBe(true);
    expect(citation.test(`${issueWord} codes worded in jobs.errors`)).toBe(false);
    expect(citation.test('the security checklist H43, docs/security.md item 9')).toBe(false);
  });

  it('no tracked text file cites an issue number or a spec section number', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(citationsIn)).toEqual([]);
  });
});
