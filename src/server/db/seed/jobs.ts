import { randomUUID } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { jobAd, jobDescription } from '../schema';
import type { SeededAccounts } from './accounts';
import type { SeededCompanies, SeededCompany } from './companies';
import { insertGenerated, type SeedContext, type SeedTx } from './context';
import { addDays, addMinutes, DAY_MS } from './dates';
import { jobAdDescription, jobAdTeaser, jobDescriptionText, type JobTextInput } from './job-text';
import { DEFAULT_LANGUAGE } from '../../../lib/i18n/namespaces';
import { jobLocationText } from '../../../lib/job-ads/job-location';
import { money } from '../../../lib/money/decimal-money';
import { TEAMS } from './job-ad-words';
import { JOB_ROLES, seniorityLevels, seniorTitle, type JobRole } from './job-roles';
import { CITIES, REMOTE } from './locations';
import type { AssignmentTypeValue, EmploymentTypeValue, RateUnitValue, WorkModeValue } from '../../../lib/job-ads/job-enums';

export interface SeededJobDescription {
  id: string;
  companyId: string;
  roleIndex: number;
  seniority: string;
  title: string;
  skills: string[];
  place: SeedPlace;
}

export interface SeededJobAd {
  id: string;
  companyId: string;
  roleIndex: number;
  jobDescriptionId: string | null;
  published: boolean;
  publishedAt: Date | null;
  /** Published and not yet past publishedUntil. */
  open: boolean;
}

export interface SeededJobs {
  descriptions: SeededJobDescription[];
  ads: SeededJobAd[];
}

/** Share of published ads whose window has already closed. */
const EXPIRED_SHARE = 0.15;
const ANONYMOUS_SHARE = 0.1;
const PUBLISHED_WITHIN_DAYS = 90;
const OPEN_FOR_AT_MOST_DAYS = 60;

export function jobDescriptionCount(jobAds: number): number {
  return Math.max(36, Math.round(jobAds / 40));
}

export function draftCount(jobAds: number): number {
  return Math.max(3, Math.round(jobAds / 50));
}

interface Terms {
  employmentType: EmploymentTypeValue;
  salaryRateUnit: RateUnitValue;
  salary: string;
  assignmentType: AssignmentTypeValue;
}

const rateRanges: Record<RateUnitValue, { min: number; max: number; step: number }> = {
  HOUR: { min: 30, max: 150, step: 5 },
  DAY: { min: 300, max: 1200, step: 10 },
  MONTH: { min: 3000, max: 12000, step: 100 },
};

/** Which part of the rate range a seniority is paid in, as fractions of it. */
function seniorityBand(seniority: string): [number, number] {
  if (seniority === 'Junior') return [0, 0.4];
  if (seniority === '') return [0.2, 0.6];
  if (seniority === 'Senior') return [0.4, 0.8];
  return [0.6, 1];
}

function pickRate(faker: Faker, unit: RateUnitValue, seniority: string): string {
  const { min, max, step } = rateRanges[unit];
  const [low, high] = seniorityBand(seniority);
  const from = Math.ceil((min + (max - min) * low) / step);
  const to = Math.floor((min + (max - min) * high) / step);
  return money(faker.number.int({ min: from, max: to }) * step);
}

function pickTerms(faker: Faker, seniority: string): Terms {
  // Freelancers quote hourly or daily rates, employees a monthly salary.
  if (faker.datatype.boolean({ probability: 0.45 })) {
    const salaryRateUnit = faker.helpers.weightedArrayElement<RateUnitValue>([
      { weight: 6, value: 'HOUR' },
      { weight: 4, value: 'DAY' },
    ]);
    return {
      employmentType: 'freelancer',
      salaryRateUnit,
      salary: pickRate(faker, salaryRateUnit, seniority),
      assignmentType: faker.helpers.arrayElement<AssignmentTypeValue>(['fulltime', 'parttime', 'ondemand']),
    };
  }
  return {
    employmentType: 'employee',
    salaryRateUnit: 'MONTH',
    salary: pickRate(faker, 'MONTH', seniority),
    assignmentType: faker.helpers.weightedArrayElement<AssignmentTypeValue>([
      { weight: 9, value: 'fulltime' },
      { weight: 1, value: 'parttime' },
    ]),
  };
}

/** A seeded place: a town with its country, or remote work open to the company's country. */
interface SeedPlace {
  countryCode: string;
  locality: string | null;
}

function pickLocation(faker: Faker, publisher: SeededCompany): SeedPlace {
  const { city, country, currency } = publisher.definition;
  const other = faker.helpers.arrayElement(CITIES.filter((candidate) => candidate.currency === currency));
  return faker.helpers.weightedArrayElement<SeedPlace>([
    { weight: 5, value: { countryCode: country, locality: city } },
    { weight: 3, value: { countryCode: other.country, locality: other.name } },
    { weight: 2, value: { countryCode: country, locality: null } },
  ]);
}

function pickWorkMode(faker: Faker, place: SeedPlace): WorkModeValue {
  if (place.locality === null) return 'remote';
  return faker.helpers.weightedArrayElement<WorkModeValue>([
    { weight: 5, value: 'hybrid' },
    { weight: 3, value: 'onsite' },
    { weight: 2, value: 'remote' },
  ]);
}

function seedPlaceColumns(place: SeedPlace, workMode: WorkModeValue) {
  return workMode === 'remote'
    ? { countryCode: place.countryCode, locality: null, remoteCountries: [place.countryCode] }
    : { countryCode: place.countryCode, locality: place.locality, remoteCountries: [] };
}

function seedLocation(place: SeedPlace, workMode: WorkModeValue): string {
  return jobLocationText({ workMode, ...seedPlaceColumns(place, workMode) }, DEFAULT_LANGUAGE) ?? REMOTE;
}

/**
 * What the generated text of a description or an ad is written from: the job as picked, and
 * who writes about it. Its location is the text's own wording: the town a remote team
 * visits, or "Remote".
 */
function jobTextInput(
  job: { title: string; role: JobRole; skills: readonly string[]; place: SeedPlace; workMode: WorkModeValue; terms: Terms },
  writer: Pick<JobTextInput, 'team' | 'pitch' | 'industry'>,
): JobTextInput {
  return { title: job.title, role: job.role, skills: job.skills, location: job.place.locality ?? REMOTE, workMode: job.workMode, employmentType: job.terms.employmentType, ...writer };
}

function pickSkills(faker: Faker, role: JobRole): string[] {
  return faker.helpers.arrayElements(role.skills, { min: 3, max: Math.min(8, role.skills.length) });
}

function publisherPicker(faker: Faker, companies: SeededCompanies): () => SeededCompany {
  const weighted = companies.active
    .filter((seeded) => seeded.definition.publisherWeight > 0)
    .map((seeded) => ({ weight: seeded.definition.publisherWeight, value: seeded }));
  return () => faker.helpers.weightedArrayElement(weighted);
}

export async function seedJobDescriptions(
  ctx: SeedContext,
  tx: SeedTx,
  companies: SeededCompanies,
  jobAds: number,
): Promise<SeededJobDescription[]> {
  const { faker } = ctx;
  const total = jobDescriptionCount(jobAds);
  const pickPublisher = publisherPicker(faker, companies);
  const descriptions: SeededJobDescription[] = [];
  await insertGenerated(
    ctx,
    tx,
    jobDescription,
    total,
    (index) => {
      const client = pickPublisher();
      const roleIndex = faker.number.int({ max: JOB_ROLES.length - 1 });
      const role = JOB_ROLES[roleIndex]!;
      const seniority = faker.helpers.arrayElement(seniorityLevels(role));
      const title = seniorTitle(seniority, role.title);
      const skills = pickSkills(faker, role);
      const place = pickLocation(faker, client);
      const workMode = pickWorkMode(faker, place);
      const location = seedLocation(place, workMode);
      const terms = pickTerms(faker, seniority);
      const text = jobTextInput({ title, role, skills, place, workMode, terms }, { team: faker.helpers.arrayElement(TEAMS), pitch: null, industry: client.definition.industry });
      const id = randomUUID();
      descriptions.push({ id, companyId: client.id, roleIndex, seniority, title, skills, place });
      return {
        id,
        title,
        description: jobDescriptionText(faker, text),
        location,
        ...seedPlaceColumns(place, workMode),
        skills,
        skillsLowercase: skills.map((skill) => skill.toLowerCase()),
        salary: terms.salary,
        salaryRateUnit: terms.salaryRateUnit,
        currency: client.definition.currency,
        language: 'en',
        openForApplications: faker.datatype.boolean({ probability: 0.7 }),
        workMode,
        assignmentType: terms.assignmentType,
        companyId: client.id,
        clientCompanyId: client.id,
        createdAt: addDays(ctx.now, -(120 + total - index)),
      };
    },
    (done) => ctx.progress('job descriptions', done, total),
  );
  return descriptions;
}

interface Window {
  publishedAt: Date | null;
  publishedUntil: Date | null;
  createdAt: Date;
}

/**
 * Offsets come from faker, the anchor is the real now: the ads stay current whenever
 * the demo is seeded. Expired ads closed at least a day ago; open ones close between
 * tomorrow and 60 days from now.
 */
function publicationWindow(faker: Faker, now: Date, published: boolean): Window {
  if (!published) {
    return { publishedAt: null, publishedUntil: null, createdAt: addMinutes(now, -faker.number.int({ min: 60, max: 14 * 24 * 60 })) };
  }
  const expired = faker.datatype.boolean({ probability: EXPIRED_SHARE });
  const ageDays = expired
    ? faker.number.int({ min: 15, max: PUBLISHED_WITHIN_DAYS - 1 })
    : faker.number.int({ min: 0, max: PUBLISHED_WITHIN_DAYS - 1 });
  const publishedAt = addMinutes(now, -(ageDays * 24 * 60 + faker.number.int({ min: 1, max: 23 * 60 })));
  const publishedUntil = expired
    ? addDays(publishedAt, faker.number.int({ min: 7, max: ageDays - 1 }))
    : new Date(now.getTime() + faker.number.int({ min: 1, max: OPEN_FOR_AT_MOST_DAYS }) * DAY_MS);
  const createdAt = addMinutes(publishedAt, -faker.number.int({ min: 5, max: 3 * 24 * 60 }));
  return { publishedAt, publishedUntil, createdAt };
}

export async function seedJobAds(
  ctx: SeedContext,
  tx: SeedTx,
  companies: SeededCompanies,
  accounts: SeededAccounts,
  descriptions: readonly SeededJobDescription[],
  jobAds: number,
): Promise<SeededJobAd[]> {
  const { faker, now } = ctx;
  const drafts = draftCount(jobAds);
  const total = jobAds + drafts;
  const pickPublisher = publisherPicker(faker, companies);
  const draftPublishers = [companies.byKey('northwind'), companies.byKey('brightpath')];
  const descriptionsByCompany = new Map<string, SeededJobDescription[]>();
  for (const description of descriptions) {
    // Map.groupBy is not in Node 20.
    const list = descriptionsByCompany.get(description.companyId) ?? [];
    list.push(description);
    descriptionsByCompany.set(description.companyId, list);
  }
  const ads: SeededJobAd[] = [];

  await insertGenerated(
    ctx,
    tx,
    jobAd,
    total,
    (index) => {
      const published = index < jobAds;
      // Drafts belong to the demo owner's companies, where they can be seen and published.
      const publisher = published ? pickPublisher() : faker.helpers.arrayElement(draftPublishers);
      const candidates = descriptionsByCompany.get(publisher.id) ?? [];
      const basis = candidates.length > 0 && faker.datatype.boolean({ probability: 0.3 }) ? faker.helpers.arrayElement(candidates) : null;
      const roleIndex = basis?.roleIndex ?? faker.number.int({ max: JOB_ROLES.length - 1 });
      const role = JOB_ROLES[roleIndex]!;
      const seniority = basis?.seniority ?? faker.helpers.arrayElement(seniorityLevels(role));
      const title = seniorTitle(seniority, role.title);
      const skills = basis?.skills ?? pickSkills(faker, role);
      const place = basis?.place ?? pickLocation(faker, publisher);
      const workMode = pickWorkMode(faker, place);
      const location = seedLocation(place, workMode);
      const terms = pickTerms(faker, seniority);
      const isAnonymous = faker.datatype.boolean({ probability: ANONYMOUS_SHARE });
      const text = jobTextInput(
        { title, role, skills, place, workMode, terms },
        { team: faker.helpers.arrayElement(TEAMS), pitch: isAnonymous ? null : publisher.definition.pitch, industry: publisher.definition.industry },
      );
      const window = publicationWindow(faker, now, published);
      const id = randomUUID();
      ads.push({
        id,
        companyId: publisher.id,
        roleIndex,
        jobDescriptionId: basis?.id ?? null,
        published,
        publishedAt: window.publishedAt,
        open: published && window.publishedUntil!.getTime() > now.getTime(),
      });
      return {
        id,
        title,
        description: jobAdDescription(faker, text),
        adDescription: jobAdTeaser(text),
        location,
        ...seedPlaceColumns(place, workMode),
        skills,
        skillsLowercase: skills.map((skill) => skill.toLowerCase()),
        currency: publisher.definition.currency,
        salary: terms.salary,
        salaryRateUnit: terms.salaryRateUnit,
        language: 'en',
        isAnonymous,
        employmentType: terms.employmentType,
        workMode,
        assignmentType: terms.assignmentType,
        jobDescriptionId: basis?.id ?? null,
        publishedAt: window.publishedAt,
        publishedUntil: window.publishedUntil,
        publisherCompanyId: publisher.id,
        ownerUserId: accounts.owner.userId,
        createdAt: window.createdAt,
        updatedAt: window.publishedAt ?? window.createdAt,
      };
    },
    (done) => ctx.progress('job ads', done, total),
  );
  return ads;
}
