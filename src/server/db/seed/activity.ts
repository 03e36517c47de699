import { randomUUID } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import {
  companySavedTalent,
  companySavedTalentList,
  companyTalentNote,
  savedJobAd,
  talentPoolConsent,
  talentInvitation,
  talentJobApplication,
} from '../schema';
import type { SeededAccounts } from './accounts';
import type { HiringStepName, SeededCompanies } from './companies';
import { CHUNK_SIZE, insertRows, type SeedContext, type SeededBase, type SeedTx } from './context';
import { addDays, isoDate } from './dates';
import { getTranslator } from '../../../lib/i18n/i18n';
import type { SeededJobAd } from './jobs';
import type { SeededTalent, SeededTalents } from './talents';

export interface SeededNote {
  id: string;
  talentProfileId: string;
  userId: string;
  createdAt: Date;
}

/** A seeded application with what its arrival and moves are logged with (events.ts). */
export interface SeededApplication {
  id: string;
  companyId: string;
  jobAdId: string;
  talentUserId: string;
  step: HiringStepName;
  createdAt: Date;
}

export interface SeededMarketplaceActivity {
  applications: SeededApplication[];
  notes: SeededNote[];
}

const APPLICATION_MESSAGES = [
  'I have done very similar work in my current role and would love to talk.',
  'The product looks great and the stack is exactly what I work with every day.',
  'Available from next month; happy to share code samples.',
  'I am relocating soon and this role fits what I am looking for.',
  null,
];

const STEP_WEIGHTS: { weight: number; value: HiringStepName }[] = [
  { weight: 45, value: 'Applied' },
  { weight: 25, value: 'Screening' },
  { weight: 15, value: 'Interview' },
  { weight: 8, value: 'Offer' },
  { weight: 7, value: 'Hired' },
];

const APPLY_PROBABILITY = { sparse: 0.1, partial: 0.35, complete: 0.5 } as const;

/** When something happened after an ad went up: between its publication and now. */
export function afterPublication(faker: Faker, ad: SeededJobAd, now: Date): Date {
  const from = ad.publishedAt ?? addDays(now, -7);
  return faker.date.between({ from, to: now });
}

/** Distinct random ads from a pool; an index draw per pick, so it is cheap on 100,000 ads. */
function distinctAds(faker: Faker, pool: readonly SeededJobAd[], count: number): SeededJobAd[] {
  const picked = new Map<string, SeededJobAd>();
  for (let attempt = 0; attempt < count * 3 && picked.size < count && pool.length > 0; attempt += 1) {
    const ad = pool[faker.number.int({ max: pool.length - 1 })]!;
    picked.set(ad.id, ad);
  }
  return [...picked.values()];
}

/** The steps an application goes through to be hired, the one it arrives in first. */
const PIPELINE_PATH: readonly HiringStepName[] = ['Applied', 'Screening', 'Interview', 'Offer', 'Hired'];

export interface SeededMove {
  fromStep: HiringStepName;
  toStep: HiringStepName;
  at: Date;
}

/**
 * How a seeded application reached its step, as people move one: it arrived in Applied and
 * was moved one step at a time, the moves spread evenly between its arrival and now (no
 * random draw, so the rest of the seed stays as it was). Its history, its days in the step
 * and the dashboard's figures read these moves as they read real ones (events.ts logs them).
 */
export function seededMoves(createdAt: Date, step: HiringStepName, now: Date): SeededMove[] {
  const index = PIPELINE_PATH.indexOf(step);
  const path = index >= 0 ? PIPELINE_PATH.slice(0, index + 1) : [PIPELINE_PATH[0]!, step];
  const span = Math.max(0, now.getTime() - createdAt.getTime());
  return path.slice(1).map((toStep, move) => ({ fromStep: path[move]!, toStep, at: new Date(createdAt.getTime() + (span * (move + 1)) / path.length) }));
}

/** When and where a seeded application arrived, and when it entered the step it is in. */
export function appliedAt(createdAt: Date, step: HiringStepName, now: Date) {
  return { createdAt, stepChangedAt: seededMoves(createdAt, step, now).at(-1)?.at ?? createdAt };
}

export function hiringStepId(companies: SeededCompanies, companyId: string, step: HiringStepName): string | null {
  return companies.all.find((seeded) => seeded.id === companyId)?.steps.find((candidate) => candidate.name === step)?.id ?? null;
}

/** A demo account's planned application, before it becomes a row. */
export interface PlannedApplication {
  id: string;
  ad: SeededJobAd;
  step: HiringStepName;
  message: string;
  createdAt: Date;
}

/**
 * The row of a demo account's application (the demo talent's, the French demo talent's):
 * her message, the rate she asks (an hourly rate in euros) and when she can start.
 */
export function demoApplicationRow(
  companies: SeededCompanies,
  talentProfileId: string,
  { id, ad, step, message, createdAt }: PlannedApplication,
  ask: { hourlyRate: string; availableFrom: Date },
  now: Date,
): typeof talentJobApplication.$inferInsert {
  return {
    id,
    jobAdId: ad.id,
    jobDescriptionId: ad.jobDescriptionId,
    talentProfileId,
    message,
    details: { expectedRate: ask.hourlyRate, expectedRateCurrency: 'EUR', expectedRateUnit: 'HOUR' as const, availableFrom: isoDate(ask.availableFrom) },
    companyHiringStepId: hiringStepId(companies, ad.companyId, step),
    ...appliedAt(createdAt, step, now),
  };
}

/** Other talents applying, being invited and saving ads; Northwind's saved talents and notes. */
export async function seedMarketplaceActivity(ctx: SeedContext, tx: SeedTx, { accounts, companies, jobs, talents }: SeededBase): Promise<SeededMarketplaceActivity> {
  const { faker, now } = ctx;
  const published = jobs.ads.filter((ad) => ad.published);
  const open = published.filter((ad) => ad.open);
  const pool = open.length > 0 ? open : published;
  const northwind = companies.byKey('northwind');
  const brightpath = companies.byKey('brightpath');
  const invitingAds = pool.filter((ad) => ad.companyId === northwind.id || ad.companyId === brightpath.id);
  const total = talents.others.length;

  const seeded: SeededApplication[] = [];
  for (let start = 0; start < total; start += CHUNK_SIZE) {
    const applications: (typeof talentJobApplication.$inferInsert)[] = [];
    const invitations: (typeof talentInvitation.$inferInsert)[] = [];
    const saved: (typeof savedJobAd.$inferInsert)[] = [];
    for (const talent of talents.others.slice(start, start + CHUNK_SIZE)) {
      if (faker.datatype.boolean({ probability: APPLY_PROBABILITY[talent.tier] })) {
        for (const ad of distinctAds(faker, pool, faker.number.int({ min: 1, max: 3 }))) {
          const id = randomUUID();
          const message = faker.helpers.arrayElement(APPLICATION_MESSAGES);
          const details = { availableFrom: isoDate(addDays(now, faker.number.int({ min: 7, max: 60 }))) };
          const step = faker.helpers.weightedArrayElement(STEP_WEIGHTS);
          const createdAt = afterPublication(faker, ad, now);
          applications.push({
            id,
            jobAdId: ad.id,
            jobDescriptionId: ad.jobDescriptionId,
            talentProfileId: talent.id,
            message,
            details,
            companyHiringStepId: hiringStepId(companies, ad.companyId, step),
            ...appliedAt(createdAt, step, now),
          });
          seeded.push({ id, companyId: ad.companyId, jobAdId: ad.id, talentUserId: talent.userId, step, createdAt });
        }
      }
      if (talent.tier === 'complete' && invitingAds.length > 0 && faker.datatype.boolean({ probability: 0.15 })) {
        const ad = faker.helpers.arrayElement(invitingAds);
        const byRecruiter = ad.companyId === northwind.id && faker.datatype.boolean();
        const ignored = faker.datatype.boolean({ probability: 0.2 });
        const createdAt = afterPublication(faker, ad, now);
        invitations.push({
          jobAdId: ad.id,
          jobDescriptionId: ad.jobDescriptionId,
          talentProfileId: talent.id,
          companyId: ad.companyId,
          invitedByUserId: byRecruiter ? accounts.recruiter.userId : accounts.owner.userId,
          details: { message: 'Your profile matches this role well. Would you like to apply?' },
          ignored,
          ignoredAt: ignored ? faker.date.between({ from: createdAt, to: now }) : null,
          createdAt,
        });
      }
      if (talent.tier !== 'sparse' && faker.datatype.boolean({ probability: 0.2 })) {
        for (const ad of distinctAds(faker, pool, faker.number.int({ min: 1, max: 3 }))) {
          saved.push({ jobAdId: ad.id, userId: talent.userId, createdAt: afterPublication(faker, ad, now) });
        }
      }
    }
    await insertRows(ctx, tx, talentJobApplication, applications);
    await insertRows(ctx, tx, talentInvitation, invitations);
    await insertRows(ctx, tx, savedJobAd, saved);
    ctx.progress('activity', Math.min(start + CHUNK_SIZE, total), total);
  }

  return { applications: seeded, notes: await seedNorthwindTalentPool(ctx, tx, accounts, companies, talents) };
}

const NOTES = [
  { text: 'Strong portfolio; ask about the design system work in the next call.', private: false },
  { text: 'Rate is above budget for now. Revisit when the Q3 budget is approved.', private: true },
  { text: 'Great culture fit according to the team. Waiting on references.', private: false },
  { text: 'Prefers remote; could work with the Lisbon team two days a month.', private: false },
  { text: 'Declined our last offer because of the notice period. Keep in touch.', private: true },
];

async function seedNorthwindTalentPool(
  ctx: SeedContext,
  tx: SeedTx,
  accounts: SeededAccounts,
  companies: SeededCompanies,
  talents: SeededTalents,
): Promise<SeededNote[]> {
  const { faker, now } = ctx;
  const northwind = companies.byKey('northwind');
  const complete = talents.others.filter((talent) => talent.tier === 'complete');
  const shortlist: SeededTalent[] = [talents.demo, ...(complete.length >= 6 ? complete : talents.others).slice(0, 6)];

  const lists = [
    { id: randomUUID(), companyId: northwind.id, label: 'Frontend shortlist' },
    { id: randomUUID(), companyId: northwind.id, label: 'Future leads' },
  ];
  await insertRows(ctx, tx, companySavedTalentList, lists);
  await insertRows(
    ctx,
    tx,
    companySavedTalent,
    shortlist.map((talent, index) => ({
      talentProfileId: talent.id,
      companyId: northwind.id,
      userId: index % 2 === 0 ? accounts.owner.userId : accounts.recruiter.userId,
      // Two of them saved without a list: "saved" and "saved in a list" both show.
      companySavedTalentListId: index < 3 ? lists[0]!.id : index < 5 ? lists[1]!.id : null,
      createdAt: addDays(now, -faker.number.int({ min: 1, max: 60 })),
    })),
  );

  // Saving asks each talent's consent to Northwind's pool (lib/talent-pools/pool-consent.ts):
  // the demo talent has not answered yet (her settings show the request); of the others,
  // every second one agreed, with the English text she was shown.
  const consentText = getTranslator(['common'], 'en')('talentPools.consentText', { company: northwind.definition.name });
  await insertRows(
    ctx,
    tx,
    talentPoolConsent,
    shortlist.map((talent, index) => {
      const requestedAt = addDays(now, -faker.number.int({ min: 61, max: 90 }));
      const answeredAt = index % 2 === 1 ? addDays(requestedAt, 1) : null;
      return {
        companyId: northwind.id,
        talentProfileId: talent.id,
        requestedById: index % 2 === 0 ? accounts.owner.userId : accounts.recruiter.userId,
        requestedAt,
        status: answeredAt ? ('accepted' as const) : ('requested' as const),
        answeredAt,
        shownText: answeredAt ? consentText : null,
        shownLanguage: answeredAt ? 'en' : null,
        lastContactAt: answeredAt,
      };
    }),
  );

  const notes = NOTES.map((note, index) => {
    const talent = shortlist[(index + 1) % shortlist.length]!;
    const userId = note.private ? accounts.owner.userId : index % 2 === 0 ? accounts.recruiter.userId : accounts.owner.userId;
    return {
      id: randomUUID(),
      companyId: northwind.id,
      talentProfileId: talent.id,
      userId,
      note: note.text,
      private: note.private,
      createdAt: addDays(now, -faker.number.int({ min: 1, max: 45 })),
    };
  });
  await insertRows(ctx, tx, companyTalentNote, notes);
  return notes.map(({ id, talentProfileId, userId, createdAt }) => ({ id, talentProfileId, userId, createdAt }));
}
