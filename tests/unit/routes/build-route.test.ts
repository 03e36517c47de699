import { describe, expect, it } from 'vitest';
import { buildRoute } from '../../../src/lib/routes/build-route';

describe('route building', () => {
  it('returns the base path of the route', () => {
    expect(buildRoute('jobs')).toBe('/jobs');
    expect(buildRoute('companyTalentInviteSuccess')).toBe('/company/talent-invite/success');
    expect(buildRoute('home')).toBe('/');
  });

  it('appends path segments, each URI-encoded and joined with /', () => {
    expect(buildRoute('companyProfile', { segments: ['abc', 42] })).toBe('/company/profile/abc/42');
    expect(buildRoute('talentProfile', { segments: ['a b/c?'] })).toBe('/talent/profile/a%20b%2Fc%3F');
  });

  it('does not double the slash after the home path', () => {
    expect(buildRoute('home', { segments: ['x'] })).toBe('/x');
  });

  it('appends a query string', () => {
    expect(buildRoute('jobs', { query: { q: 'react dev', page: 2, remote: true } })).toBe(
      '/jobs?q=react+dev&page=2&remote=true',
    );
    expect(buildRoute('companyDashboard', { segments: ['s'], query: { company_id: 'c1' } })).toBe(
      '/company/dashboard/s?company_id=c1',
    );
  });

  it('drops query entries with empty values', () => {
    expect(buildRoute('jobs', { query: { q: '', a: null, b: undefined, c: 'x' } })).toBe('/jobs?c=x');
  });

  it('keeps false and 0, which are values rather than empty', () => {
    expect(buildRoute('jobs', { query: { remote: false, page: 0 } })).toBe('/jobs?remote=false&page=0');
  });

  it('repeats the key for array values and drops empty items', () => {
    expect(buildRoute('jobs', { query: { query_by: ['title', '', 'skills', 3] } })).toBe(
      '/jobs?query_by=title&query_by=skills&query_by=3',
    );
  });

  it('adds no ? when every query entry is dropped', () => {
    expect(buildRoute('jobs', { query: { q: '', tags: [], more: [''] } })).toBe('/jobs');
    expect(buildRoute('jobs', { query: {} })).toBe('/jobs');
  });

  it('falls back to the home page for an unknown key, without segments or query', () => {
    expect(buildRoute('noSuchRoute')).toBe('/');
    expect(buildRoute('noSuchRoute', { segments: ['a'], query: { q: 'x' } })).toBe('/');
  });
});
