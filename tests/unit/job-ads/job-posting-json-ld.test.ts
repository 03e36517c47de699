import { describe, expect, it } from 'vitest';
import { jobPostingJsonLd, scriptSafeJson } from '../../../src/lib/job-ads/job-posting-json-ld';
import { jobAdTextHtml } from '../../../src/lib/job-ads/job-ad-text';
import type { JobAdDetail } from '../../../src/lib/job-ads/job-queries';
import { jobPostingProblems } from '../../support/job-posting-rules';

const ID = '3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e';
const PAGE = `https://talentplace.example/job-apply/${ID}/frontend-developer`;
const SITE = 'Talentplace';

function ad(overrides: Partial<JobAdDetail> = {}): JobAdDetail {
  return {
    id: ID,
    title: 'Frontend developer',
    location: 'Berlin, Germany',
    countryCode: 'DE',
    locality: 'Berlin',
    remoteCountries: [],
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
    company: { id: 'c', name: 'Northwind', logo: '/media/3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e.webp', website: 'https://northwind.example', country: 'DE', industry: null, description: null },
    ...overrides,
  };
}

/** The posting of an ad that has one (the builder answers null only for an ad without any country). */
function posting(overrides: Partial<JobAdDetail> = {}): Record<string, any> {
  const data = jobPostingJsonLd(ad(overrides), PAGE, SITE, jobAdTextHtml(ad(overrides)));
  if (!data) throw new Error('expected a JobPosting');
  return data;
}

describe('job ad structured data (JobPosting for search engines)', () => {
  it('an on-site ad with a salary is a valid JobPosting whose workplace names its town and country', () => {
    const data = posting();
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      employmentType: ['CONTRACTOR', 'FULL_TIME'],
      hiringOrganization: { name: 'Northwind', sameAs: 'https://northwind.example', logo: 'https://talentplace.example/media/3f0c6f8e-2b1d-4c55-9a57-0d6f1b2c3d4e.webp' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' } },
      baseSalary: { currency: 'EUR', value: { value: 85.5, unitText: 'HOUR' } },
      url: PAGE,
      identifier: { '@type': 'PropertyValue', name: 'Northwind', value: ID },
      directApply: true,
    });
    expect(data.jobLocationType).toBeUndefined();
  });

  it('a hybrid ad has a workplace and is not TELECOMMUTE (Google keeps that for fully remote work)', () => {
    const data = posting({ workMode: 'hybrid', countryCode: 'PT', locality: 'Lisbon' });
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data.jobLocation.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Lisbon', addressCountry: 'PT' });
    expect(data.jobLocationType).toBeUndefined();
    expect(data.applicantLocationRequirements).toBeUndefined();
  });

  it('an on-site ad without a town still gives its country', () => {
    const data = posting({ locality: null });
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data.jobLocation.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'DE' });
  });

  it('a remote ad is TELECOMMUTE, open to the countries it lists, with no workplace', () => {
    const data = posting({ workMode: 'remote', locality: null, remoteCountries: ['DE', 'PT', 'NL'] });
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data.jobLocationType).toBe('TELECOMMUTE');
    expect(data.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'DE' },
      { '@type': 'Country', name: 'PT' },
      { '@type': 'Country', name: 'NL' },
    ]);
    expect(data.jobLocation).toBeUndefined();
  });

  it('a remote ad that lists no countries takes applicants from its own country', () => {
    const data = posting({ workMode: 'remote', locality: null, remoteCountries: [] });
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data.applicantLocationRequirements).toEqual([{ '@type': 'Country', name: 'DE' }]);
  });

  it('a remote ad that names a town gives it as its workplace too', () => {
    const data = posting({ workMode: 'remote', remoteCountries: ['DE', 'AT'] });
    expect(jobPostingProblems(data)).toEqual([]);
    expect(data).toMatchObject({ jobLocationType: 'TELECOMMUTE', jobLocation: { address: { addressLocality: 'Berlin', addressCountry: 'DE' } } });
  });

  it('an ad without any country gets no JobPosting rather than an invalid one', () => {
    expect(jobPostingJsonLd(ad({ countryCode: null }), PAGE, SITE, null)).toBeNull();
    expect(jobPostingJsonLd(ad({ workMode: 'remote', countryCode: null, remoteCountries: [] }), PAGE, SITE, null)).toBeNull();
    // Listed countries are enough for remote work.
    expect(jobPostingProblems(posting({ workMode: 'remote', countryCode: null, remoteCountries: ['FI'] }))).toEqual([]);
  });

  it('an anonymous ad names no company: Confidential, no website, logo or identifier name; its place is still given', () => {
    for (const workMode of ['onsite', 'remote'] as const) {
      const data = posting({ isAnonymous: true, company: null, workMode });
      expect(jobPostingProblems(data)).toEqual([]);
      expect(JSON.stringify(data)).not.toContain('Northwind');
      expect(JSON.stringify(data)).not.toContain('/media/');
      expect(data.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Confidential' });
      // The site issues the identifier of an ad whose publisher stays undisclosed.
      expect(data.identifier).toEqual({ '@type': 'PropertyValue', name: SITE, value: ID });
      expect(data.directApply).toBe(true);
    }
    expect(posting({ isAnonymous: true, company: null }).jobLocation.address.addressCountry).toBe('DE');
  });

  it('a freelancer is a CONTRACTOR with the hours beside it; an employee is the hours, full time unless said', () => {
    const types = (overrides: Partial<JobAdDetail>) => posting(overrides).employmentType;
    expect(types({ employmentType: 'freelancer', assignmentType: 'fulltime' })).toEqual(['CONTRACTOR', 'FULL_TIME']);
    expect(types({ employmentType: 'freelancer', assignmentType: 'parttime' })).toEqual(['CONTRACTOR', 'PART_TIME']);
    expect(types({ employmentType: 'freelancer', assignmentType: 'ondemand' })).toEqual(['CONTRACTOR', 'PER_DIEM']);
    expect(types({ employmentType: 'freelancer', assignmentType: null })).toBe('CONTRACTOR');
    expect(types({ employmentType: 'employee', assignmentType: 'fulltime' })).toBe('FULL_TIME');
    expect(types({ employmentType: 'employee', assignmentType: 'parttime' })).toBe('PART_TIME');
    expect(types({ employmentType: 'employee', assignmentType: 'ondemand' })).toBe('PER_DIEM');
    expect(types({ employmentType: 'employee', assignmentType: null })).toBe('FULL_TIME');
    expect(types({ employmentType: null, assignmentType: null })).toBeUndefined();
  });

  it("says the language the ad is written in (inLanguage), and nothing when the ad gives none", () => {
    expect(posting({ language: 'fr' }).inLanguage).toBe('fr');
    expect(posting({ language: null }).inLanguage).toBeUndefined();
  });

  it('no salary means no baseSalary', () => {
    const unpaid = posting({ salary: null });
    expect(unpaid.baseSalary).toBeUndefined();
    expect(jobPostingProblems(unpaid)).toEqual([]);
  });

  it('every kind of ad carries the fields Google requires', () => {
    const kinds: Partial<JobAdDetail>[] = [
      {},
      { workMode: 'hybrid' },
      { workMode: 'remote', locality: null },
      { workMode: 'remote', remoteCountries: ['GB', 'IE'] },
      { isAnonymous: true, company: null },
      { employmentType: 'employee', assignmentType: 'parttime', salary: null, publishedUntil: null },
      { workMode: null },
    ];
    for (const overrides of kinds) expect({ overrides, problems: jobPostingProblems(posting(overrides)) }).toEqual({ overrides, problems: [] });
  });

  it('the description is the page\'s text as HTML: the ad text then the job description, either alone, else the title', () => {
    expect(posting().description).toBe('<p>We are hiring a frontend developer.</p>\n<p>Build the product.</p>\n');
    expect(posting({ adDescription: null }).description).toBe('<p>Build the product.</p>\n');
    expect(posting({ description: '  ' }).description).toBe('<p>We are hiring a frontend developer.</p>\n');
    expect(posting({ adDescription: null, description: null }).description).toBe('<p>Frontend developer</p>\n');
    expect(posting({ adDescription: null, description: null, title: 'C++ <Lead>' }).description).toBe('<p>C++ &lt;Lead&gt;</p>\n');
  });

  it('the description is Markdown made safe: lists render, scripts and images do not', () => {
    const { description } = posting({ adDescription: null, description: '## Duties\n\n- build\n- ship\n\n<script>alert(1)</script> ![t](https://tracker.example/p.gif)' });
    expect(description).toContain('<h3>Duties</h3>\n<ul>\n<li>build</li>');
    expect(description).not.toMatch(/<script|<img|tracker/);
  });

  it('the validator rejects what Google refuses', () => {
    const data = posting();
    expect(jobPostingProblems({ ...data, identifier: { '@type': 'PropertyValue', name: 'Northwind' } })).toEqual(['identifier not a PropertyValue with name and value']);
    expect(jobPostingProblems({ ...data, identifier: 'x' })).toEqual(['identifier not a PropertyValue with name and value']);
    expect(jobPostingProblems({ ...data, directApply: 'yes' })).toEqual(['directApply not a boolean']);
    expect(jobPostingProblems({ ...data, jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Berlin' } } })).toEqual(['addressCountry missing']);
    expect(jobPostingProblems({ ...data, jobLocation: undefined })).toEqual(['jobLocation missing for a job that is not fully remote']);
    expect(jobPostingProblems({ ...data, jobLocationType: 'TELECOMMUTE' })).toEqual(['applicantLocationRequirements not a list of countries for a TELECOMMUTE job']);
    expect(jobPostingProblems({ ...data, jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'DE' } })).toEqual([
      'applicantLocationRequirements not a list of countries for a TELECOMMUTE job',
    ]);
    expect(jobPostingProblems({ ...data, employmentType: ['CONTRACTOR', 'FULLTIME'] })).toEqual(['employmentType FULLTIME']);
    expect(jobPostingProblems({ ...data, employmentType: [] })).toEqual(['employmentType (empty list)']);
  });

  it('the script text can never close its <script> element', () => {
    const text = scriptSafeJson(posting({ title: '</script><script>alert(1)</script>' }));
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).title).toBe('</script><script>alert(1)</script>');
  });
});
