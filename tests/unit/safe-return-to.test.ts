import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../src/lib/routes/safe-return-to';

const corpus = readFileSync(new URL('../../../shared/data/open-redirects.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0);

/** The browser's reading of a redirect target: does it stay on our origin? */
function staysOnOrigin(target: string): boolean {
  const origin = 'https://talentplace.example';
  const url = new URL(target, `${origin}/sign-in`);
  return url.origin === origin;
}

describe('returnTo after sign-in (security checklist C18)', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/talent/profile')).toBe('/talent/profile');
    expect(safeReturnTo('/jobs?q=react&page=2#results')).toBe('/jobs?q=react&page=2#results');
  });

  it.each(['//evil.com', '/\\evil.com', '/\t/evil.com', '/./\\evil.com', 'https://evil.com', 'javascript:alert(1)', '/%2F%2Fevil.com', '%2F%2Fevil.com', '', null, undefined])(
    'sends %s home',
    (value) => {
      expect(safeReturnTo(value as string)).toBe('/');
    },
  );

  it(`keeps every one of the ${corpus.length} payloads of the open-redirect corpus on our origin`, () => {
    const escaped = corpus.filter((payload) => !staysOnOrigin(safeReturnTo(payload)));
    expect(escaped).toEqual([]);
    expect(corpus.length).toBeGreaterThan(100);
  });
});
