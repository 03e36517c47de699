import type { AppDatabase } from '../../../src/server/db/client';
import { company, jobAd } from '../../../src/server/db/schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type JobAdInsert = typeof jobAd.$inferInsert;

/** Titles of the ads a guest may find, newest first. */
export const OPEN_NEWEST_FIRST = ['Senior Accountant', 'React Developer', 'Frontend Engineer', 'Backend Engineer', 'React developer', 'Data Analyst'];

/** Ads that must never match a search; each is hidden for a different reason. */
export const HIDDEN_TITLES = ['Expired React Lead', 'Future React Architect', 'Draft React Intern', 'Deleted React Tester', 'Unverified React Guru', 'Gone React Ninja'];

export interface JobAdFixture {
  /** Ad id by title. */
  ids: Record<string, string>;
  titleOf(id: string): string;
  companies: { nordic: string; baltic: string; pending: string; gone: string };
}

/**
 * A small, fully known set of job ads relative to `now`: six open ones with distinct
 * titles, skills, locations, salaries and publication times, and six that are hidden
 * (expired, scheduled, draft, deleted, unverified company, deleted company).
 */
export async function insertJobAdFixture(db: AppDatabase, now = new Date()): Promise<JobAdFixture> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const [nordic, baltic, pending, gone] = await db
    .insert(company)
    .values([
      { name: 'Nordic Apps', verificationStatus: 'verified', website: 'https://nordic.example', country: 'FI', industry: 'Software' },
      { name: 'Baltic Soft', verificationStatus: 'verified', country: 'LV' },
      { name: 'Shadow Corp', verificationStatus: 'pending' },
      { name: 'Gone Ltd', verificationStatus: 'verified', deletedAt: ago(DAY_MS) },
    ])
    .returning({ id: company.id });
  const companies = { nordic: nordic!.id, baltic: baltic!.id, pending: pending!.id, gone: gone!.id };
  const base = (title: string, overrides: Partial<JobAdInsert>): JobAdInsert => ({
    title,
    publisherCompanyId: companies.nordic,
    publishedAt: ago(3 * DAY_MS),
    ...overrides,
  });
  const skills = (...names: string[]) => ({ skills: names, skillsLowercase: names.map((name) => name.toLowerCase()) });
  const rows: JobAdInsert[] = [
    base('React Developer', {
      ...skills('TypeScript'),
      description: 'Build our web shop.',
      location: 'Helsinki, Finland',
      countryCode: 'FI',
      remoteCountries: ['FI', 'EE'],
      employmentType: 'freelancer',
      workMode: 'remote',
      assignmentType: 'fulltime',
      salary: '80.00',
      currency: 'EUR',
      salaryRateUnit: 'HOUR',
      publishedAt: ago(2 * DAY_MS),
      publishedUntil: new Date(now.getTime() + 10 * DAY_MS),
    }),
    base('Frontend Engineer', {
      ...skills('React', 'CSS'),
      description: 'Design systems and accessibility.',
      location: 'Tampere',
      // No country of its own: the publisher's (FI) stands in.
      locality: 'Tampere',
      employmentType: 'employee',
      workMode: 'hybrid',
      assignmentType: 'parttime',
      salary: '5000.00',
      currency: 'EUR',
      salaryRateUnit: 'MONTH',
      publishedAt: ago(5 * DAY_MS),
    }),
    base('Backend Engineer', {
      ...skills('Go', 'PostgreSQL'),
      description: 'Mostly Go, some React on the side.',
      location: 'Berlin',
      countryCode: 'DE',
      locality: 'Berlin',
      employmentType: 'employee',
      workMode: 'onsite',
      assignmentType: 'fulltime',
      salary: '6000.00',
      currency: 'EUR',
      salaryRateUnit: 'MONTH',
      publishedAt: ago(10 * DAY_MS),
    }),
    base('Data Analyst', {
      ...skills('SQL'),
      description: 'Numbers and dashboards.',
      location: 'Remote (EU)',
      employmentType: 'freelancer',
      workMode: 'remote',
      assignmentType: 'ondemand',
      salary: '600.00',
      currency: 'EUR',
      salaryRateUnit: 'DAY',
      isAnonymous: true,
      publishedAt: ago(40 * DAY_MS),
    }),
    base('Senior Accountant', {
      description: 'Ledgers, 100% on time.',
      location: 'Helsinki',
      employmentType: 'employee',
      workMode: 'onsite',
      assignmentType: 'fulltime',
      salary: '5000.00',
      currency: 'USD',
      salaryRateUnit: 'MONTH',
      publishedAt: ago(HOUR_MS),
    }),
    // Same title as an ad above in another case: suggestions show the title once.
    base('React developer', { publisherCompanyId: companies.baltic, location: 'Riga', employmentType: 'employee', workMode: 'onsite', publishedAt: ago(20 * DAY_MS) }),
    base('Expired React Lead', { publishedAt: ago(30 * DAY_MS), publishedUntil: ago(DAY_MS), location: 'Helsinki' }),
    base('Future React Architect', { publishedAt: new Date(now.getTime() + 2 * DAY_MS), location: 'Helsinki' }),
    base('Draft React Intern', { publishedAt: null, location: 'Helsinki' }),
    base('Deleted React Tester', { deletedAt: ago(HOUR_MS), location: 'Helsinki' }),
    base('Unverified React Guru', { publisherCompanyId: companies.pending, location: 'Helsinki' }),
    base('Gone React Ninja', { publisherCompanyId: companies.gone, location: 'Helsinki' }),
  ];
  const inserted = await db.insert(jobAd).values(rows).returning({ id: jobAd.id, title: jobAd.title });
  const ids = Object.fromEntries(inserted.map((row) => [row.title, row.id]));
  const titles = new Map(inserted.map((row) => [row.id, row.title]));
  return { ids, companies, titleOf: (id) => titles.get(id) ?? `unknown ${id}` };
}
