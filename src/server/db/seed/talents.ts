import { randomUUID } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { computeProfileScore } from '../../../lib/profile/profile-score';
import { SKILL_LEVELS, type LanguageLevel } from '../../../lib/talent/proficiency-levels';
import {
  talentProfile,
  user,
  type EducationEntry,
  type ExperienceEntry,
  type TalentLanguage,
  type TalentSkill,
} from '../schema';
import type { SeededAccounts } from './accounts';
import { initialsAvatar } from './avatars';
import { CHUNK_SIZE, insertRows, type SeedContext, type SeedTx } from './context';
import { addDays, isoMonth } from './dates';
import { money } from '../../../lib/money/decimal-money';
import { DEGREES, FIELDS_OF_STUDY, PAST_EMPLOYERS, UNIVERSITIES } from './cv-words';
import { JOB_ROLES, seniorityLevels, seniorTitle, type JobRole } from './job-roles';
import { CITIES, type City } from './locations';

/** How far a seeded profile is filled in; each tier lands in its own profile-score band. */
export type ProfileTier = 'sparse' | 'partial' | 'complete';

export interface SeededTalent {
  id: string;
  userId: string;
  name: string;
  tier: ProfileTier;
  roleIndex: number;
}

export interface SeededTalents {
  demo: SeededTalent;
  others: SeededTalent[];
}

type ProfileRow = typeof talentProfile.$inferInsert;

// Levels on the profile's fixed scales (proficiency-levels.ts). The lists keep the lengths
// they had as free text, so a seed draws the same talents as before.
const ENGLISH_LEVELS: LanguageLevel[] = ['C1', 'B2', 'B1'];
const EXTRA_LANGUAGE_LEVELS: LanguageLevel[] = ['B2', 'B1', 'A1'];
const AVAILABILITY = ['Immediately', 'Two weeks notice', 'One month notice', 'Three months notice'];

const nativeLanguage: Record<string, string> = {
  PT: 'Portuguese', ES: 'Spanish', DE: 'German', AT: 'German', NL: 'Dutch', FR: 'French', BE: 'French',
  IT: 'Italian', FI: 'Finnish', EE: 'Estonian', GR: 'Greek', IE: 'English', GB: 'English', US: 'English',
};

/** Sparse 20 %, partial 50 %, complete 30 %, interleaved so any run has all three. */
export function profileTier(talentNumber: number): ProfileTier {
  const slot = talentNumber % 10;
  return slot < 2 ? 'sparse' : slot < 7 ? 'partial' : 'complete';
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();
}

function skillsOf(faker: Faker, role: JobRole, min: number, max: number): TalentSkill[] {
  return faker.helpers.arrayElements(role.skills, { min, max: Math.min(max, role.skills.length) }).map((name) => ({
    name,
    level: faker.helpers.arrayElement(SKILL_LEVELS),
    years: faker.number.int({ min: 1, max: 12 }),
  }));
}

function languagesOf(faker: Faker, city: City): TalentLanguage[] {
  const native = nativeLanguage[city.country] ?? 'English';
  const languages: TalentLanguage[] = [{ language: native, level: 'NATIVE' }];
  if (native !== 'English') languages.push({ language: 'English', level: faker.helpers.arrayElement(ENGLISH_LEVELS) });
  if (faker.datatype.boolean({ probability: 0.3 })) {
    const extra = faker.helpers.arrayElement(['Spanish', 'French', 'German', 'Italian', 'Dutch', 'Portuguese']);
    if (!languages.some((entry) => entry.language === extra)) {
      languages.push({ language: extra, level: faker.helpers.arrayElement(EXTRA_LANGUAGE_LEVELS) });
    }
  }
  return languages;
}

function experienceOf(faker: Faker, now: Date, role: JobRole, jobTitle: string, city: City, years: number): ExperienceEntry[] {
  const entries: ExperienceEntry[] = [];
  let end: Date | null = null;
  let monthsLeft = Math.max(years * 12, 6);
  const count = faker.number.int({ min: 1, max: 3 });
  for (let index = 0; index < count && monthsLeft > 0; index += 1) {
    const months = index === count - 1 ? monthsLeft : faker.number.int({ min: 6, max: Math.max(6, Math.floor(monthsLeft / 2)) });
    const endDate = end ?? now;
    const startDate = addDays(endDate, -months * 30);
    entries.push({
      company: faker.helpers.arrayElement(PAST_EMPLOYERS),
      title: index === 0 ? jobTitle : role.title,
      location: city.name,
      description: faker.helpers.arrayElement(role.duties),
      startDate: isoMonth(startDate),
      endDate: end ? isoMonth(end) : null,
      current: end === null,
    });
    end = addDays(startDate, -30);
    monthsLeft -= months;
  }
  return entries;
}

function educationOf(faker: Faker, now: Date, years: number): EducationEntry[] {
  const graduated = addDays(now, -(years + 1) * 365);
  return [
    {
      school: faker.helpers.arrayElement(UNIVERSITIES),
      degree: faker.helpers.arrayElement(DEGREES.slice(0, 4)),
      field: faker.helpers.arrayElement(FIELDS_OF_STUDY),
      startDate: isoMonth(addDays(graduated, -3 * 365)),
      endDate: isoMonth(graduated),
    },
  ];
}

function longDescription(faker: Faker, jobTitle: string, years: number, skills: readonly TalentSkill[]): string {
  const strengths = skills.slice(0, 3).map((skill) => skill.name);
  return [
    `${jobTitle} with ${yearsText(years)} of experience, most recently with ${strengths.join(', ')}.`,
    faker.helpers.arrayElement([
      'I like small teams that ship often and talk to their users.',
      'I have led projects from the first idea to a stable product used every day.',
      'I care about quality, clear communication and leaving code better than I found it.',
    ]),
    faker.helpers.arrayElement([
      'Looking for a long-term engagement where I can take ownership.',
      'Open to freelance projects and permanent roles.',
      'Happy to mentor and to learn from the people around me.',
    ]),
  ].join(' ');
}

function seniorityFor(faker: Faker, role: JobRole, years: number): string {
  if (years <= 2) return faker.helpers.arrayElement(['Junior', '']);
  if (years < 6) return '';
  return faker.helpers.arrayElement(seniorityLevels(role).filter((level) => level !== 'Junior' && level !== 'Principal'));
}

function yearsText(years: number): string {
  return `${years} year${years === 1 ? '' : 's'}`;
}

type Rates = Pick<ProfileRow, 'hourlyRate' | 'monthlyRate' | 'targetHourlyRate' | 'targetMonthlyRate'>;

/** Rates grow with experience: about 35/h or 3,500/month at the start, up to 150/h or 12,000/month. */
function rates(faker: Faker, freelancer: boolean, years: number): Rates {
  if (freelancer) {
    const hourly = Math.min(30, 6 + years + faker.number.int({ max: 6 })) * 5;
    return { hourlyRate: money(hourly), targetHourlyRate: money(hourly + faker.number.int({ min: 1, max: 3 }) * 5) };
  }
  const monthly = Math.min(120, 30 + years * 5 + faker.number.int({ max: 15 })) * 100;
  return { monthlyRate: money(monthly), targetMonthlyRate: money(monthly + faker.number.int({ min: 2, max: 10 }) * 100) };
}

function buildProfile(ctx: SeedContext, talent: SeededTalent, email: string, number: number): ProfileRow {
  const { faker, now } = ctx;
  const role = JOB_ROLES[talent.roleIndex]!;
  const city = faker.helpers.arrayElement(CITIES);
  const years = faker.number.int({ min: 1, max: 15 });
  const freelancer = faker.datatype.boolean({ probability: 0.55 });
  const jobTitle = seniorTitle(seniorityFor(faker, role, years), role.title);
  const base: ProfileRow = {
    id: talent.id,
    userId: talent.userId,
    externalUserId: `seed-talent-${number}`,
    email,
    isVisible: true,
    isAvailableForHire: faker.datatype.boolean({ probability: 0.75 }),
    verificationStatus: faker.helpers.weightedArrayElement([
      { weight: 6, value: 'verified' as const },
      { weight: 3, value: 'pending' as const },
      { weight: 1, value: 'rejected' as const },
    ]),
    createdAt: addDays(now, -faker.number.int({ min: 1, max: 700 })),
  };

  if (talent.tier === 'sparse') {
    // Signed up and left: at most a name, a title, two skills and a city (score under 25).
    return {
      ...base,
      isVisible: faker.datatype.boolean({ probability: 0.5 }),
      profileName: faker.datatype.boolean({ probability: 0.7 }) ? talent.name : null,
      jobTitle: faker.datatype.boolean({ probability: 0.5 }) ? jobTitle : null,
      skills: skillsOf(faker, role, 0, 2),
      location: faker.datatype.boolean({ probability: 0.5 }) ? city.name : null,
    };
  }

  const common: ProfileRow = {
    ...base,
    profileName: talent.name,
    jobTitle,
    location: city.name,
    rateCurrency: city.currency,
    ...rates(faker, freelancer, years),
    workMode: faker.helpers.arrayElement(['remote', 'hybrid', 'onsite'] as const),
    assignmentType: freelancer ? faker.helpers.arrayElement(['fulltime', 'parttime', 'ondemand'] as const) : 'fulltime',
    availabilityMode: faker.helpers.arrayElement(AVAILABILITY),
  };

  if (talent.tier === 'partial') {
    // Between 32 and 70 points: no CV history, a short description at most.
    return {
      ...common,
      skills: skillsOf(faker, role, 2, 5),
      languages: faker.datatype.boolean({ probability: 0.5 }) ? languagesOf(faker, city) : [],
      description: faker.datatype.boolean({ probability: 0.5 }) ? `${jobTitle} based in ${city.name}.` : null,
      totalExperience: faker.datatype.boolean({ probability: 0.5 }) ? years : null,
      profilePicture: faker.datatype.boolean({ probability: 0.3 }) ? { url: initialsAvatar(talent.name), optimizedUrl: null } : null,
    };
  }

  const skills = skillsOf(faker, role, 5, 10);
  const relocate = faker.datatype.boolean({ probability: 0.3 });
  const picture = initialsAvatar(talent.name);
  return {
    ...common,
    skills,
    languages: languagesOf(faker, city),
    description: longDescription(faker, jobTitle, years, skills),
    totalExperience: years,
    profilePicture: faker.datatype.boolean({ probability: 0.8 }) ? { url: picture, optimizedUrl: picture } : null,
    experience: experienceOf(faker, now, role, jobTitle, city, years),
    education: faker.datatype.boolean({ probability: 0.8 }) ? educationOf(faker, now, years) : [],
    links: [
      { label: 'LinkedIn', url: `https://www.linkedin.com/in/${slug(talent.name)}-${number}` },
      ...(role.department === 'Engineering' ? [{ label: 'GitHub', url: `https://github.com/${slug(talent.name)}${number}` }] : []),
    ],
    isInterestedInRelocation: relocate,
    interestedToRelocateTo: relocate ? faker.helpers.arrayElements(CITIES, { min: 1, max: 2 }).map((candidate) => candidate.name) : [],
  };
}

/**
 * The demo talent: 60 points on purpose, so the score dialog has something to suggest
 * (picture, description, education, three more skills).
 */
export function demoTalentProfile(accounts: SeededAccounts, id: string, now: Date): ProfileRow {
  return {
    id,
    userId: accounts.talent.userId,
    externalUserId: accounts.talent.identityAccountId,
    email: accounts.talent.email,
    profileName: accounts.talent.name,
    jobTitle: 'Frontend Developer',
    totalExperience: 5,
    location: 'Lisbon',
    hourlyRate: '55.00',
    targetHourlyRate: '65.00',
    rateCurrency: 'EUR',
    skills: [
      { name: 'React', level: 'ADVANCED', years: 5 },
      { name: 'TypeScript', level: 'ADVANCED', years: 4 },
      { name: 'CSS', level: 'EXPERT', years: 6 },
    ],
    languages: [
      { language: 'Portuguese', level: 'NATIVE' },
      { language: 'English', level: 'C1' },
    ],
    experience: [
      {
        company: 'Atlantic Web Studio',
        title: 'Frontend Developer',
        location: 'Lisbon',
        description: 'Built online shops and the component library behind them',
        startDate: isoMonth(addDays(now, -5 * 365)),
        endDate: isoMonth(addDays(now, -240)),
        current: false,
      },
    ],
    workMode: 'remote',
    assignmentType: 'fulltime',
    availabilityMode: 'Two weeks notice',
    isVisible: true,
    isAvailableForHire: true,
    verificationStatus: 'verified',
    links: [{ label: 'Portfolio', url: 'https://tara-talent.example' }],
    createdAt: addDays(now, -400),
  };
}

export async function seedTalents(ctx: SeedContext, tx: SeedTx, accounts: SeededAccounts, talents: number): Promise<SeededTalents> {
  const { faker } = ctx;
  const total = talents + 1;
  const demo: SeededTalent = {
    id: randomUUID(),
    userId: accounts.talent.userId,
    name: accounts.talent.name,
    tier: 'partial',
    roleIndex: JOB_ROLES.findIndex((role) => role.title === 'Frontend Developer'),
  };
  const demoProfile = demoTalentProfile(accounts, demo.id, ctx.now);
  const demoScore = computeProfileScore(demoProfile).profileScore;
  if (demoScore < 55 || demoScore > 65) throw new Error(`The demo talent's profile scores ${demoScore}, expected about 60`);
  await insertRows(ctx, tx, talentProfile, [demoProfile]);
  ctx.progress('talents', 1, total);

  const others: SeededTalent[] = [];
  for (let start = 0; start < talents; start += CHUNK_SIZE) {
    const users: (typeof user.$inferInsert)[] = [];
    const profiles: ProfileRow[] = [];
    for (let number = start + 1; number <= Math.min(start + CHUNK_SIZE, talents); number += 1) {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      const talent: SeededTalent = {
        id: randomUUID(),
        userId: randomUUID(),
        name: `${first} ${last}`,
        tier: profileTier(number),
        roleIndex: faker.number.int({ max: JOB_ROLES.length - 1 }),
      };
      // The number keeps addresses unique however many talents share a name.
      const email = `${slug(first)}.${slug(last)}.${number}@talent.example`;
      users.push({
        id: talent.userId,
        // Seeded talents have no identity account: only demo accounts can sign in.
        externalId: `seed-talent-${number}`,
        email,
        emailVerified: true,
        displayName: talent.name,
        status: 'active',
      });
      profiles.push(buildProfile(ctx, talent, email, number));
      others.push(talent);
    }
    await insertRows(ctx, tx, user, users);
    await insertRows(ctx, tx, talentProfile, profiles);
    ctx.progress('talents', 1 + others.length, total);
  }
  return { demo, others };
}
