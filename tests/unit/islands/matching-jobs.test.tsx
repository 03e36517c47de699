import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MatchingJobs, { type MatchingJobsProps } from '../../../src/islands/talent/MatchingJobs';
import dashboard from '../../../src/locales/en/common/talent-dashboard.json';

const text = dashboard.talentDashboard.widgets.matchingJobs;
const props = (query: string): MatchingJobsProps => ({
  query,
  searchHref: `/jobs?q=${query}`,
  labels: { loading: text.loading, failed: text.failed, empty: text.empty, isNew: text.isNew, seeAll: text.seeAll, anonymous: text.anonymous },
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The proxy's answers: the search waits until the test answers it; anything else (the "found" mark) succeeds. */
function stubProxy() {
  let answerSearch!: (response: Response) => void;
  const search = new Promise<Response>((resolve) => (answerSearch = resolve));
  vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: RequestInit) => (String(init?.body).includes('MatchingJobs') ? search : json({ data: { markPersonalizedJobsFound: true } }))));
  return answerSearch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('jobs matching your skills (dashboard widget)', () => {
  it('is looking, never "none", in the server-rendered page before it has asked', () => {
    const html = renderToString(<MatchingJobs {...props('Server')} />);
    expect(html).toContain(text.loading);
    expect(html).not.toContain(text.empty);
  });

  it('keeps looking until the answer arrives, then lists the jobs', async () => {
    const answer = stubProxy();
    render(<MatchingJobs {...props('Rust')} />);
    expect(screen.getByRole('status').textContent).toContain(text.loading);
    expect(screen.queryByText(text.empty, { exact: false })).toBeNull();

    answer(json({ data: { jobAds: { total: 1, items: [{ id: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', title: 'Rust developer', location: 'Berlin', company: { name: 'Northwind Labs' } }] } } }));
    expect(await screen.findByRole('link', { name: 'Rust developer' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says there are none only once an answer says so', async () => {
    const answer = stubProxy();
    render(<MatchingJobs {...props('Cobol')} />);
    expect(screen.queryByText(text.empty, { exact: false })).toBeNull();
    answer(json({ data: { jobAds: { total: 0, items: [] } } }));
    expect(await screen.findByText(text.empty, { exact: false })).toBeTruthy();
  });
});
