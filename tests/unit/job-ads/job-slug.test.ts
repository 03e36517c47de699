import { describe, expect, it } from 'vitest';
import { jobAdPath } from '../../../src/lib/job-ads/job-ad-path';
import { MAX_JOB_SLUG_LENGTH, jobSlug } from '../../../src/lib/job-ads/job-slug';

const ID = '3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e';

describe('job page slug (readable part of the job ad address)', () => {
  it('is the title in lowercase with words joined by -', () => {
    expect(jobSlug('Senior Frontend Developer')).toBe('senior-frontend-developer');
  });

  it('folds accents and letters without an ASCII base', () => {
    expect(jobSlug('Développeur Éclairé à Zürich')).toBe('developpeur-eclaire-a-zurich');
    expect(jobSlug('Straße Ærø Łódź Œuvre')).toBe('strasse-aero-lodz-oeuvre');
  });

  it('turns every run of other characters into one - and trims them from the ends', () => {
    expect(jobSlug('  C++ / Node.js (m/w/d) -- Remote!  ')).toBe('c-node-js-m-w-d-remote');
    expect(jobSlug('React & TypeScript: 100% remote')).toBe('react-typescript-100-remote');
  });

  it('is empty when nothing folds to ASCII letters or digits', () => {
    expect(jobSlug('')).toBe('');
    expect(jobSlug('!!! ---')).toBe('');
    expect(jobSlug('エンジニア')).toBe('');
  });

  it('keeps at most 80 characters, cut at a word boundary', () => {
    const title = 'Lead Platform Engineer for Distributed Payments Infrastructure and Developer Experience Tooling';
    const slug = jobSlug(title);
    expect(slug.length).toBeLessThanOrEqual(MAX_JOB_SLUG_LENGTH);
    expect(slug).toBe('lead-platform-engineer-for-distributed-payments-infrastructure-and-developer');
    expect(jobSlug('a'.repeat(100))).toBe('a'.repeat(MAX_JOB_SLUG_LENGTH));
    expect(jobSlug(`${'a'.repeat(79)} bc`)).toBe('a'.repeat(79));
  });
});

describe('job ad address (jobAdPath)', () => {
  it('is /job-apply/<id>/<slug>', () => {
    expect(jobAdPath({ id: ID, title: 'Senior Frontend Developer' })).toBe(`/job-apply/${ID}/senior-frontend-developer`);
  });

  it('is /job-apply/<id> without a title or with one that gives no slug', () => {
    expect(jobAdPath({ id: ID })).toBe(`/job-apply/${ID}`);
    expect(jobAdPath({ id: ID, title: null })).toBe(`/job-apply/${ID}`);
    expect(jobAdPath({ id: ID, title: '???' })).toBe(`/job-apply/${ID}`);
  });
});
