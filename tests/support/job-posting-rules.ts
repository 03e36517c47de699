// Google's JobPosting rules as a checker, for the unit tests of the builder and the
// end-to-end tests of real job pages alike.

const GOOGLE_EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * What Google's rich-result rules require of a JobPosting (developers.google.com/search/docs/
 * appearance/structured-data/job-posting): the problems found, none when valid.
 */
/** JSON-LD as it came: any shape. */
export function jobPostingProblems(data: Record<string, any>): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org/' || data['@type'] !== 'JobPosting') problems.push('not a schema.org JobPosting');
  for (const field of ['title', 'description', 'datePosted']) if (typeof data[field] !== 'string' || !data[field]) problems.push(`${field} missing`);
  if (data.datePosted && !ISO_DATE_TIME.test(data.datePosted)) problems.push('datePosted not ISO 8601');
  if (data.validThrough !== undefined && !ISO_DATE_TIME.test(data.validThrough)) problems.push('validThrough not ISO 8601');
  if (data.hiringOrganization?.['@type'] !== 'Organization' || !data.hiringOrganization?.name) problems.push('hiringOrganization.name missing');
  const remote = data.jobLocationType === 'TELECOMMUTE';
  if (data.jobLocationType !== undefined && !remote) problems.push('jobLocationType other than TELECOMMUTE');
  // A workplace, or fully remote work open to named countries; a workplace given beside
  // TELECOMMUTE must be a valid one too.
  if (!remote && data.jobLocation === undefined) problems.push('jobLocation missing for a job that is not fully remote');
  if (data.jobLocation !== undefined) {
    const { jobLocation } = data;
    if (jobLocation?.['@type'] !== 'Place' || jobLocation.address?.['@type'] !== 'PostalAddress') problems.push('jobLocation not a Place with a PostalAddress');
    if (typeof jobLocation?.address?.addressCountry !== 'string' || !jobLocation.address.addressCountry) problems.push('addressCountry missing');
  }
  if (remote) {
    const countries = data.applicantLocationRequirements;
    if (!Array.isArray(countries) || !countries.length || countries.some((country) => country?.['@type'] !== 'Country' || typeof country.name !== 'string' || !country.name)) {
      problems.push('applicantLocationRequirements not a list of countries for a TELECOMMUTE job');
    }
  }
  if (data.employmentType !== undefined) {
    const types = Array.isArray(data.employmentType) ? data.employmentType : [data.employmentType];
    for (const type of types.length ? types : ['(empty list)']) if (!GOOGLE_EMPLOYMENT_TYPES.includes(type)) problems.push(`employmentType ${type}`);
  }
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

