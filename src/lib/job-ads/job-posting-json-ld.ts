import { plainTextHtml } from '../text/rich-text';
import { applicantCountries, jobPlaceOf } from './job-location';
import type { JobAdDetail } from './job-queries';

// Google's employment types (developers.google.com/search/docs/appearance/structured-data/
// job-posting): the hours come from the assignment type. On demand is PER_DIEM, which
// Google's jobs API defines as work "on an as-needed basis with a flexible schedule".
const HOURS: Record<string, string> = { fulltime: 'FULL_TIME', parttime: 'PART_TIME', ondemand: 'PER_DIEM' };
const UNIT_TEXT: Record<string, string> = { HOUR: 'HOUR', DAY: 'DAY', MONTH: 'MONTH' };

/**
 * Google's employmentType: a freelancer is a CONTRACTOR, with the hours beside it when the
 * ad gives them (Google takes a list); an employee's type is the hours, full time unless
 * the ad says otherwise.
 */
function googleEmploymentType(ad: Pick<JobAdDetail, 'employmentType' | 'assignmentType'>): string | string[] | undefined {
  const hours = ad.assignmentType ? HOURS[ad.assignmentType] : undefined;
  if (ad.employmentType === 'freelancer') return hours ? ['CONTRACTOR', hours] : 'CONTRACTOR';
  if (ad.employmentType === 'employee') return hours ?? 'FULL_TIME';
  return hours;
}

const postalAddress = (countryCode: string, locality: string | null) => ({
  '@type': 'Place',
  address: { '@type': 'PostalAddress', addressLocality: locality?.trim() || undefined, addressCountry: countryCode },
});

/**
 * Where the job is, as Google wants it: a workplace (on site and hybrid: hybrid is not
 * TELECOMMUTE, which Google keeps for fully remote jobs) always with its country, or
 * TELECOMMUTE with the countries applicants may live in, plus the workplace when a remote
 * job names a town. Null when the ad gives no country at all: Google refuses such a posting.
 */
function jobPlace(ad: JobAdDetail): Record<string, unknown> | null {
  const place = jobPlaceOf(ad);
  if (place.workMode === 'remote') {
    const countries = applicantCountries(place);
    if (!countries.length) return null;
    return {
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: countries.map((code) => ({ '@type': 'Country', name: code })),
      ...(place.locality?.trim() && place.countryCode ? { jobLocation: postalAddress(place.countryCode, place.locality) } : {}),
    };
  }
  return place.countryCode ? { jobLocation: postalAddress(place.countryCode, place.locality) } : null;
}

/**
 * schema.org JobPosting for Google for Jobs, or null when the ad's place is too vague for
 * a valid one (better none than one Google flags). Anonymous ads name no hiring
 * organisation beyond "Confidential", as the page itself does not: no website, logo or
 * name anywhere; their identifier is issued by the site (siteName) instead of the
 * publisher. Applying happens on the page's own site, so directApply is always true.
 * `textHtml` is the ad's text as the page shows it (jobAdTextHtml), rendered once by the
 * page for both: Google wants the description matching the page.
 */
export function jobPostingJsonLd(ad: JobAdDetail, pageUrl: string, siteName: string, textHtml: string | null): Record<string, unknown> | null {
  const place = jobPlace(ad);
  if (!place) return null;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: ad.title,
    // The language the ad is written in (schema.org's inLanguage, a BCP 47 tag), whatever the page's.
    inLanguage: ad.language ?? undefined,
    // HTML, as Google reads it; the title only for an ad without any text.
    description: textHtml ?? plainTextHtml(ad.title),
    datePosted: ad.publishedAt ?? undefined,
    validThrough: ad.publishedUntil ?? undefined,
    employmentType: googleEmploymentType(ad),
    url: pageUrl,
    identifier: { '@type': 'PropertyValue', name: ad.company?.name ?? siteName, value: ad.id },
    directApply: true,
    hiringOrganization: ad.company
      ? {
          '@type': 'Organization',
          name: ad.company.name,
          sameAs: ad.company.website ?? undefined,
          // Stored as a path under /media/: Google wants an absolute address.
          logo: ad.company.logo ? new URL(ad.company.logo, pageUrl).href : undefined,
        }
      : { '@type': 'Organization', name: 'Confidential' },
    ...place,
    ...(ad.salary && ad.currency && ad.salaryRateUnit
      ? { baseSalary: { '@type': 'MonetaryAmount', currency: ad.currency, value: { '@type': 'QuantitativeValue', value: Number(ad.salary), unitText: UNIT_TEXT[ad.salaryRateUnit] } } }
      : {}),
  };
}

/** JSON for a <script> element: "<" escaped so the text can never close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
