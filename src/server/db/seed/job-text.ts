import type { Faker } from '@faker-js/faker';
import { BENEFITS } from './job-ad-words';
import type { JobRole } from './job-roles';
import { REMOTE } from './locations';
import type { EmploymentTypeValue, WorkModeValue } from '../../../lib/job-ads/job-enums';

export interface JobTextInput {
  title: string;
  role: JobRole;
  skills: readonly string[];
  location: string;
  workMode: WorkModeValue;
  employmentType: EmploymentTypeValue;
  team: string;
  /** The publisher's pitch; null for anonymous ads, which must not name the company. */
  pitch: string | null;
  industry: string;
}

function article(word: string): string {
  return /^[AEIOU]/i.test(word) ? 'an' : 'a';
}

function where({ location, workMode }: JobTextInput): string {
  if (location === REMOTE) return ', fully remote from anywhere in our time zones';
  if (workMode === 'remote') return `, remote-first with occasional visits to ${location}`;
  if (workMode === 'hybrid') return ` in ${location}, with two or three days a week in the office`;
  return ` at our office in ${location}`;
}

function bullets(lines: readonly string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

function requirements(faker: Faker, input: JobTextInput): string[] {
  const [first, second, ...rest] = input.skills;
  const years = /^(Senior|Lead|Principal)/.test(input.title) ? faker.number.int({ min: 5, max: 8 }) : faker.number.int({ min: 1, max: 4 });
  const lines = [
    `${years}+ years of experience as ${article(input.role.title)} ${input.role.title.toLowerCase()} or in a similar role`,
    `Hands-on experience with ${first}${second ? ` and ${second}` : ''}`,
  ];
  if (rest.length > 0) lines.push(`Familiarity with ${rest.join(', ')}`);
  lines.push(
    faker.helpers.arrayElement([
      'Clear written and spoken English',
      'You explain your decisions clearly, in writing and in person',
      'You enjoy working closely with people outside your own discipline',
    ]),
  );
  return lines;
}

function offer(faker: Faker, input: JobTextInput): string[] {
  const terms =
    input.employmentType === 'freelancer'
      ? 'A long-term freelance engagement, invoiced monthly through the platform'
      : 'A permanent contract with a competitive salary';
  return [terms, ...faker.helpers.arrayElements(BENEFITS, 3)];
}

/** Several paragraphs, in the plain-text-with-bullets form the ad page renders. */
export function jobAdDescription(faker: Faker, input: JobTextInput): string {
  const who = input.pitch ?? `Our client, a well-known company in ${input.industry.toLowerCase()}, is hiring`;
  const intro = `${who}. We are looking for ${article(input.title)} ${input.title} to join the ${input.team} team${where(input)}.`;
  const duties = faker.helpers.arrayElements(input.role.duties, Math.min(3, input.role.duties.length));
  const closing = faker.helpers.arrayElement([
    'Apply with your profile: we answer every application within a week.',
    'Sounds like you? Send us your profile and a few lines on why this role interests you.',
    'The process is one screening call and two interviews, and we give feedback at every step.',
  ]);
  return [
    intro,
    `What you will do:\n${bullets(duties)}`,
    `What you bring:\n${bullets(requirements(faker, input))}`,
    `What we offer:\n${bullets(offer(faker, input))}`,
    closing,
  ].join('\n\n');
}

/** One line for cards and search results. */
export function jobAdTeaser(input: JobTextInput): string {
  const mode = input.location === REMOTE ? 'remote' : `${input.workMode}, ${input.location}`;
  return `${input.title} (${mode}): ${input.role.duties[0]!.toLowerCase()}.`;
}

export function jobDescriptionText(faker: Faker, input: JobTextInput): string {
  return [
    `${input.title} for the ${input.team} team${where(input)}.`,
    `Responsibilities:\n${bullets(input.role.duties)}`,
    `Requirements:\n${bullets(requirements(faker, input))}`,
  ].join('\n\n');
}
