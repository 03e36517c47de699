import { randomUUID } from 'node:crypto';
import { talentJobApplication, talentProfile } from '../schema';
import type { SeededAccount } from './accounts';
import { demoApplicationRow, type SeededApplication } from './activity';
import type { HiringStepName } from './companies';
import { insertRows, type SeedContext, type SeededBase, type SeedTx } from './context';
import { addDays, isoMonth } from './dates';
import type { SeededJobAd } from './jobs';

// The French demo talent (camille@demo.test, demo-accounts.ts): her account reads French,
// so what the product mails her is French; her profile is written in French; and she has
// applied to two of the French ads of the Paris company (french-job-ads.ts), so a journey
// in French has its own data. Written out, with no draw from the seed's random generator,
// so the rest of the demo stays as it was.

const APPLICATIONS: readonly { step: HiringStepName; message: string }[] = [
  { step: 'Screening', message: 'Je construis des applications React et Node.js depuis sept ans ; votre outil de réservation me parle.' },
  { step: 'Applied', message: 'Disponible dans un mois, à Paris ou en télétravail partiel.' },
];

function frenchTalentProfile(account: SeededAccount, id: string, now: Date): typeof talentProfile.$inferInsert {
  return {
    id,
    userId: account.userId,
    externalUserId: account.identityAccountId,
    email: account.email,
    profileName: account.name,
    jobTitle: 'Développeuse full stack',
    totalExperience: 7,
    description:
      'Développeuse full stack, je conçois des interfaces React accessibles et les services Node.js qui les servent. J’aime les équipes produit courtes, les revues de code attentives et les bases PostgreSQL bien tenues.',
    location: 'Paris',
    hourlyRate: '68.00',
    targetHourlyRate: '75.00',
    rateCurrency: 'EUR',
    skills: [
      { name: 'TypeScript', level: 'EXPERT', years: 6 },
      { name: 'React', level: 'ADVANCED', years: 6 },
      { name: 'Node.js', level: 'ADVANCED', years: 5 },
      { name: 'PostgreSQL', level: 'INTERMEDIATE', years: 4 },
    ],
    languages: [
      { language: 'French', level: 'NATIVE' },
      { language: 'English', level: 'C1' },
    ],
    experience: [
      {
        company: 'Atelier Numérique',
        title: 'Développeuse full stack',
        location: 'Lyon',
        description: 'Refonte de l’espace client d’une mutuelle : parcours de souscription, tableau de bord et API de facturation.',
        startDate: isoMonth(addDays(now, -7 * 365)),
        endDate: isoMonth(addDays(now, -60)),
        current: false,
      },
    ],
    workMode: 'hybrid',
    assignmentType: 'fulltime',
    availabilityMode: 'Préavis d’un mois',
    isVisible: true,
    isAvailableForHire: true,
    verificationStatus: 'verified',
    createdAt: addDays(now, -200),
  };
}

/** Her profile and her applications to the first open French ads; the applications are logged with the demo talent's. */
export async function seedFrenchDemoTalent(ctx: SeedContext, tx: SeedTx, { accounts, companies }: Pick<SeededBase, 'accounts' | 'companies'>, frenchAds: readonly SeededJobAd[]): Promise<SeededApplication[]> {
  const { now } = ctx;
  const account = accounts.frenchTalent;
  const profileId = randomUUID();
  await insertRows(ctx, tx, talentProfile, [frenchTalentProfile(account, profileId, now)]);
  const ads = frenchAds.filter((ad) => ad.published && ad.open && ad.publishedAt);
  const applications = APPLICATIONS.slice(0, ads.length).map((plan, index) => ({ id: randomUUID(), ad: ads[index]!, ...plan, createdAt: addDays(ads[index]!.publishedAt!, 2) }));
  const ask = { hourlyRate: '70.00', availableFrom: addDays(now, 30) };
  await insertRows(ctx, tx, talentJobApplication, applications.map((application) => demoApplicationRow(companies, profileId, application, ask, now)));
  return applications.map(({ id, ad, step, createdAt }) => ({ id, companyId: ad.companyId, jobAdId: ad.id, talentUserId: account.userId, step, createdAt }));
}
