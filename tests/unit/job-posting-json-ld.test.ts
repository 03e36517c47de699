import { describe, expect, it } from 'vitest';
import { jobPostingJsonLd, scriptSafeJson } from '../../src/lib/jobs/job-posting-json-ld';
import type { JobAdDetail } from '../../src/lib/jobs/job-queries';

const ID = '3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e';
const PAGE = `https://talentplace.example/job-apply/${ID}/frontend-developer`;
const SITE = 'Talentplace';
const GOOGLE_EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

function ad(overrides: Partial<JobAdDetail> = {}): JobAdDetail {
  return {
    id: ID,
    title: 'Frontend developer',
    location: 'Berlin',
    skills: ['React'],
    salary: '85.50',
    currency: 'EUR',
    salaryRateUnit: 'HOUR',
    employmentType: 'freelancer',
    workMode: 'onsite',
    assignmentType: 'fulltime',
    isAnonymous: false,
    publishedAt: '2026-11-01T09:00:00.000Z',
    publishedUntil: '2026-12-01T09:00:00.000Z',
    isOpen: true,
    description: 'Build the product.',
    adDescription: 'We are hiring a frontend developer.',
    language: 'en',
    company: { id: 'c', name: 'Northwind', logo: null, website: 'https://northwind.example', country: 'DE', industry: null, description: null },
    ...overrides,
  };
}

/**
 * What Google's rich-result rules require of a JobPosting (developers.google.com/search/docs/
 * appearance/structured-data/job-posting): the problems found, none when valid.
 */
function jobPostingProblems(data: Record<string, any>): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org/' || data['@type'] !== 'JobPosting') problems.push('not a schema.org JobPosting');
  for (const field of ['title', 'description', 'datePosted']) if (typeof data[field] !== 'string' || !data[field]) problems.push(`${field} missing`);
  if (data.datePosted && !ISO_DATE_TIME.test(data.datePosted)) problems.push('datePosted not ISO 8601');
  if (data.validThrough !== undefined && !ISO_DATE_TIME.test(data.validThrough)) problems.push('validThrough not ISO 8601');
  if (data.hiringOrganization?.['@type'] !== 'Organization' || !data.hiringOrganization?.name) problems.push('hiringOrganization.name missing');
  const remote = data.jobLocationType === 'TELECOMMUTE';
  if (!remote && !data.jobLocation?.address) problems.push('jobLocation missing for a non-remote job');
  if (data.jobLocationType !== undefined && !remote) problems.push('jobLocationType other than TELECOMMUTE');
  if (data.employmentType !== undefined && !GOOGLE_EMPLOYMENT_TYPES.includes(data.employmentType)) problems.push(`employmentType ${data.employmentType}`);
  if (data.identifier !== undefined) {
    const { identifier } = data;
    if (identifier?.['@type'] !== 'PropertyValue' || typeof identifier.name !== 'string' || !identifier.name || typeof identifier.value !== 'string' || !identifier.value) {
      problems.push('identifier not a PropertyValue with name and value');
    }
  }
  if (data.directApply !== undefined && typeof data.directApply !== 'boolean') problems.push('directApply not a boolean');
  if (data.baseSalary) {
    const { currency, value } = data.baseSalary;
    if (!/^[A-Z]{3}$/.test(currency ?? '')) problems.push('baseSalary.currency not ISO 4217');
    if (value?.['@type'] !== 'QuantitativeValue' || typeof value.value !== 'number' || !['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'].includes(value.unitText)) problems.push('baseSalary.value');
  }
  return problems;
}

describe('job ad structured data (JobPosting for search engines)', () => {
  it('an on-site ad with a salary is a valid JobPosting', () => {
    const data = jobPostingJsonLd(ad(), PAGE, SITE);
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      employmentType: 'CONTRACTOR',
      hiringOrganization: { name: 'Northwind', sameAs: 'https://northwind.example' },
      jobLocation: { address: { addressLocality: 'Berlin' } },
      baseSalary: { currency: 'EUR', value: { value: 85.5, unitText: 'HOUR' } },
      url: PAGE,
      identifier: { '@type': 'PropertyValue', name: 'Northwind', value: ID },
      directApply: true,
    });
  });

  it('a remote ad says TELECOMMUTE instead of a place', () => {
    const data = jobPostingJsonLd(ad({ workMode: 'remote' }), PAGE, SITE);
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data.jobLocation).toBeUndefined();
  });

  it('an anonymous ad names no company', () => {
    const data = jobPostingJsonLd(ad({ isAnonymous: true, company: null }), PAGE, SITE);
    expect(jobPostingProblems(data)).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('Northwind');
    expect(data.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Confidential' });
    // The site issues the identifier of an ad whose publisher stays undisclosed.
    expect(data.identifier).toEqual({ '@type': 'PropertyValue', name: SITE, value: ID });
    expect(data.directApply).toBe(true);
  });

  it('part-time and on-demand assignments map to Google employment types; no salary means no baseSalary', () => {
    expect(jobPostingJsonLd(ad({ assignmentType: 'parttime' }), PAGE, SITE).employmentType).toBe('PART_TIME');
    expect(jobPostingJsonLd(ad({ assignmentType: 'ondemand' }), PAGE, SITE).employmentType).toBe('PER_DIEM');
    expect(jobPostingJsonLd(ad({ employmentType: 'employee' }), PAGE, SITE).employmentType).toBe('FULL_TIME');
    const unpaid = jobPostingJsonLd(ad({ salary: null }), PAGE, SITE);
    expect(unpaid.baseSalary).toBeUndefined();
    expect(jobPostingProblems(unpaid)).toEqual([]);
  });

  it('an ad without ad text falls back to its description, then its title', () => {
    expect(jobPostingJsonLd(ad({ adDescription: null }), PAGE, SITE).description).toBe('Build the product.');
    expect(jobPostingJsonLd(ad({ adDescription: null, description: null }), PAGE, SITE).description).toBe('Frontend developer');
  });

  it('the validator rejects an identifier without a value and a directApply that is not a boolean', () => {
    const data = jobPostingJsonLd(ad(), PAGE, SITE);
    expect(jobPostingProblems({ ...data, identifier: { '@type': 'PropertyValue', name: 'Northwind' } })).toEqual(['identifier not a PropertyValue with name and value']);
    expect(jobPostingProblems({ ...data, identifier: 'x' })).toEqual(['identifier not a PropertyValue with name and value']);
    expect(jobPostingProblems({ ...data, directApply: 'yes' })).toEqual(['directApply not a boolean']);
  });

  it('the script text can never close its <script> element', () => {
    const text = scriptSafeJson(jobPostingJsonLd(ad({ title: '</script><script>alert(1)</script>' }), PAGE, SITE));
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).title).toBe('</script><script>alert(1)</script>');
  });
});
