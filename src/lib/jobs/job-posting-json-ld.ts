import type { JobAdDetail } from './job-queries';

const EMPLOYMENT_TYPE: Record<string, string> = { freelancer: 'CONTRACTOR', employee: 'FULL_TIME' };
const PART_TIME: Record<string, string> = { parttime: 'PART_TIME', ondemand: 'PER_DIEM' };
const UNIT_TEXT: Record<string, string> = { HOUR: 'HOUR', DAY: 'DAY', MONTH: 'MONTH' };

/**
 * schema.org JobPosting for Google for Jobs. Anonymous ads name no hiring organisation
 * beyond "Confidential", as the page itself does not; their identifier is issued by the
 * site (siteName) instead of the publisher. Applying happens on the page's own site, so
 * directApply is always true.
 */
export function jobPostingJsonLd(ad: JobAdDetail, pageUrl: string, siteName: string): Record<string, unknown> {
  const employmentType = ad.assignmentType && PART_TIME[ad.assignmentType] ? PART_TIME[ad.assignmentType] : ad.employmentType ? EMPLOYMENT_TYPE[ad.employmentType] : undefined;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: ad.title,
    description: ad.adDescription ?? ad.description ?? ad.title,
    datePosted: ad.publishedAt ?? undefined,
    validThrough: ad.publishedUntil ?? undefined,
    employmentType,
    url: pageUrl,
    identifier: { '@type': 'PropertyValue', name: ad.company?.name ?? siteName, value: ad.id },
    directApply: true,
    hiringOrganization: ad.company ? { '@type': 'Organization', name: ad.company.name, sameAs: ad.company.website ?? undefined } : { '@type': 'Organization', name: 'Confidential' },
    ...(ad.workMode === 'remote' ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: ad.location ? { '@type': 'Country', name: ad.location } : undefined } : {}),
    ...(ad.location && ad.workMode !== 'remote' ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: ad.location } } } : {}),
    ...(ad.salary && ad.currency && ad.salaryRateUnit
      ? { baseSalary: { '@type': 'MonetaryAmount', currency: ad.currency, value: { '@type': 'QuantitativeValue', value: Number(ad.salary), unitText: UNIT_TEXT[ad.salaryRateUnit] } } }
      : {}),
  };
}

/** JSON for a <script> element: "<" escaped so the text can never close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
