import { randomUUID } from 'node:crypto';
import { jobAlert, savedJobAd, talentInvitation, talentJobApplication } from '../schema';
import { afterPublication, demoApplicationRow, type SeededApplication } from './activity';
import type { HiringStepName } from './companies';
import type { CompanyKey } from './company-definitions';
import { insertRows, type SeedContext, type SeededBase, type SeedTx } from './context';
import { addDays } from './dates';
import type { SeededJobAd } from './jobs';
import { JOB_ROLES } from './job-roles';

export interface SeededInvitation {
  id: string;
  companyId: string;
  invitedByUserId: string;
  createdAt: Date;
}

type InvitationRow = typeof talentInvitation.$inferInsert & { id: string; companyId: string; invitedByUserId: string; createdAt: Date };

export interface SeededDemoTalentActivity {
  applications: SeededApplication[];
  invitations: SeededInvitation[];
}

/** Roles the demo talent (a frontend developer) would look at first. */
const matchingRoles = new Set(
  ['Frontend Developer', 'Full Stack Developer', 'UI Designer'].map((title) => JOB_ROLES.findIndex((role) => role.title === title)),
);

/**
 * Picks ads in their seeded order: first those meeting every wish, then relaxing the
 * role, then the company, so that even a tiny seed gives the demo talent its activity.
 */
function pickAd(
  ads: readonly SeededJobAd[],
  used: Set<string>,
  wish: { companyId?: string; open: boolean; matching?: boolean },
): SeededJobAd | null {
  const tiers: ((ad: SeededJobAd) => boolean)[] = [
    (ad) => (!wish.companyId || ad.companyId === wish.companyId) && (!wish.matching || matchingRoles.has(ad.roleIndex)),
    (ad) => !wish.companyId || ad.companyId === wish.companyId,
    () => true,
  ];
  for (const accept of tiers) {
    const ad = ads.find((candidate) => candidate.published && candidate.open === wish.open && !used.has(candidate.id) && accept(candidate));
    if (ad) {
      used.add(ad.id);
      return ad;
    }
  }
  return null;
}

const APPLICATION_PLAN: { company: CompanyKey; step: HiringStepName; open: boolean; message: string }[] = [
  { company: 'brightpath', step: 'Hired', open: false, message: 'Happy to start with the checkout squad whenever suits you.' },
  { company: 'northwind', step: 'Interview', open: true, message: 'I have built design systems in React and TypeScript for five years.' },
  { company: 'northwind', step: 'Applied', open: true, message: 'Your product is one I use at my local shop; I would love to work on it.' },
  { company: 'stonebridge', step: 'Offer', open: true, message: 'Remote from Lisbon works well for me, overlapping with New York mornings.' },
  { company: 'lumen', step: 'Screening', open: true, message: 'Payments UIs are my favourite kind of problem.' },
  { company: 'bluefin', step: 'Applied', open: true, message: 'Accessibility matters a lot in health products; it is what I care about most.' },
];

export async function seedDemoTalentActivity(ctx: SeedContext, tx: SeedTx, { accounts, companies, jobs, talents }: SeededBase): Promise<SeededDemoTalentActivity> {
  const { faker, now } = ctx;
  const talent = talents.demo;
  const used = new Set<string>();

  const applications = APPLICATION_PLAN.flatMap((plan) => {
    const ad = pickAd(jobs.ads, used, { companyId: companies.byKey(plan.company).id, open: plan.open, matching: true }) ??
      pickAd(jobs.ads, used, { open: !plan.open });
    if (!ad) return [];
    return [{ id: randomUUID(), ad, step: plan.step, message: plan.message, createdAt: afterPublication(faker, ad, now) }];
  });
  const ask = { hourlyRate: '60.00', availableFrom: addDays(now, 14) };
  await insertRows(ctx, tx, talentJobApplication, applications.map((application) => demoApplicationRow(companies, talent.id, application, ask, now)));

  const savedAds = [0, 1, 2, 3, 4].flatMap(() => pickAd(jobs.ads, used, { open: true, matching: true }) ?? []);
  await insertRows(
    ctx,
    tx,
    savedJobAd,
    savedAds.map((ad) => ({ jobAdId: ad.id, userId: talent.userId, createdAt: afterPublication(faker, ad, now) })),
  );
  // A weekly job alert on remote work whose last digest was a week ago: the
  // first hourly digest run mails what was published since, so the demo shows a digest
  // without waiting a week.
  await insertRows(ctx, tx, jobAlert, [{ userId: talent.userId, query: 'work_mode=remote', frequency: 'weekly', checkedThrough: addDays(now, -7), createdAt: addDays(now, -30) }]);

  const northwind = companies.byKey('northwind');
  const brightpath = companies.byKey('brightpath');
  const invitationPlan = [
    { company: northwind, by: accounts.recruiter.userId, ignored: true, message: 'Hi Tara, we are growing the storefront team. Interested?' },
    { company: northwind, by: accounts.owner.userId, ignored: false, message: 'Your React work stood out. Would you like to apply?' },
    { company: brightpath, by: accounts.owner.userId, ignored: false, message: 'A new client project in Lisbon needs a frontend lead.' },
  ];
  const invitations = invitationPlan.flatMap((plan): InvitationRow[] => {
    const ad = pickAd(jobs.ads, used, { companyId: plan.company.id, open: true, matching: true });
    if (!ad) return [];
    const createdAt = afterPublication(faker, ad, now);
    return [
      {
        id: randomUUID(),
        jobAdId: ad.id,
        jobDescriptionId: ad.jobDescriptionId,
        talentProfileId: talent.id,
        companyId: ad.companyId,
        invitedByUserId: plan.by,
        details: { message: plan.message },
        ignored: plan.ignored,
        ignoredAt: plan.ignored ? faker.date.between({ from: createdAt, to: now }) : null,
        createdAt,
      },
    ];
  });
  // An invitation to a job description that has no ad (yet): the other kind of invitation.
  const brightpathDescription = jobs.descriptions.find((description) => description.companyId === brightpath.id);
  if (brightpathDescription) {
    invitations.push({
      id: randomUUID(),
      jobAdId: null,
      jobDescriptionId: brightpathDescription.id,
      talentProfileId: talent.id,
      companyId: brightpath.id,
      invitedByUserId: accounts.owner.userId,
      details: { message: 'We have an unannounced role that fits you. Can we talk?' },
      ignored: false,
      ignoredAt: null,
      createdAt: addDays(now, -2),
    });
  }
  await insertRows(ctx, tx, talentInvitation, invitations);

  return {
    applications: applications.map(({ id, ad, step, createdAt }) => ({ id, companyId: ad.companyId, jobAdId: ad.id, talentUserId: talent.userId, step, createdAt })),
    invitations: invitations.map(({ id, companyId, invitedByUserId, createdAt }) => ({ id, companyId, invitedByUserId, createdAt })),
  };
}
