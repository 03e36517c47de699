import { randomUUID } from 'node:crypto';
import { jobAd } from '../schema';
import type { SeededAccounts } from './accounts';
import type { SeededCompanies } from './companies';
import { insertRows, type SeedContext, type SeedTx } from './context';
import { addDays } from './dates';
import type { AssignmentTypeValue, EmploymentTypeValue, RateUnitValue, WorkModeValue } from '../../../lib/job-ads/job-enums';
import type { SeededJobAd } from './jobs';

// Job ads written in French (jobAd.language 'fr') by the Paris company of the demo data, so
// that the French search has French text to find ("developpeur" finds "Développeur", the
// search accent folding rule) and a French job page reads as one. Written out rather than
// generated: the generator's sentences are English. Published three to five weeks ago, so
// that the newest ads the other demo journeys read stay the generated ones.

interface FrenchAd {
  title: string;
  skills: string[];
  teaser: string;
  paragraphs: [string, string, string];
  locality: string;
  workMode: WorkModeValue;
  employmentType: EmploymentTypeValue;
  assignmentType: AssignmentTypeValue;
  salary: string;
  salaryRateUnit: RateUnitValue;
}

const FRENCH_ADS: readonly FrenchAd[] = [
  {
    title: 'Développeur Full Stack TypeScript',
    skills: ['TypeScript', 'React', 'Node.js', 'PostgreSQL'],
    teaser: 'Rejoignez l’équipe produit pour construire nos outils de réservation, du navigateur à la base de données.',
    paragraphs: [
      'Nous cherchons un développeur ou une développeuse full stack pour faire évoluer notre plateforme de réservation, utilisée chaque jour par plus de deux cents établissements.',
      'Vous concevez les écrans en React, les services en Node.js et les requêtes PostgreSQL qui les servent ; vous relisez le code de vos collègues et participez aux choix d’architecture.',
      'Équipe de huit personnes, déploiements quotidiens, deux jours de télétravail par semaine et un budget formation annuel.',
    ],
    locality: 'Paris',
    workMode: 'hybrid',
    employmentType: 'employee',
    assignmentType: 'fulltime',
    salary: '4800.00',
    salaryRateUnit: 'MONTH',
  },
  {
    title: 'Développeuse Front-end React',
    skills: ['React', 'TypeScript', 'CSS', 'Accessibilité'],
    teaser: 'Une mission de six mois pour refondre l’interface de notre espace client, accessible et rapide.',
    paragraphs: [
      'Pour la refonte de notre espace client, nous cherchons une développeuse ou un développeur front-end en freelance pendant six mois.',
      'Vous reprenez les composants React existants, améliorez l’accessibilité (RGAA, WCAG 2.2) et les performances, et travaillez au quotidien avec notre designer.',
      'Mission à temps plein, démarrage sous trois semaines, entièrement à distance avec une journée par mois dans nos bureaux parisiens.',
    ],
    locality: 'Paris',
    workMode: 'remote',
    employmentType: 'freelancer',
    assignmentType: 'fulltime',
    salary: '550.00',
    salaryRateUnit: 'DAY',
  },
  {
    title: 'Ingénieur DevOps',
    skills: ['Kubernetes', 'Terraform', 'AWS', 'Observabilité'],
    teaser: 'Fiabilisez nos déploiements et notre supervision sur une infrastructure cloud en pleine croissance.',
    paragraphs: [
      'Notre infrastructure passe de quelques serveurs à plusieurs clusters Kubernetes : nous cherchons un ingénieur ou une ingénieure DevOps pour accompagner cette étape.',
      'Vous automatisez l’infrastructure avec Terraform, améliorez la chaîne de déploiement, la supervision et les alertes, et partagez les astreintes avec l’équipe.',
      'Poste basé à Lyon ou à Paris, avec trois jours de télétravail par semaine.',
    ],
    locality: 'Lyon',
    workMode: 'hybrid',
    employmentType: 'employee',
    assignmentType: 'fulltime',
    salary: '5200.00',
    salaryRateUnit: 'MONTH',
  },
  {
    title: 'Data Analyst junior',
    skills: ['SQL', 'Python', 'Tableaux de bord', 'Statistiques'],
    teaser: 'Transformez nos données de réservation en décisions, au sein de l’équipe données.',
    paragraphs: [
      'Vous rejoignez l’équipe données pour répondre aux questions des équipes commerciales et produit à partir de nos données de réservation.',
      'Vous écrivez les requêtes SQL, construisez les tableaux de bord et présentez vos analyses ; un ou une analyste confirmée vous accompagne dans vos premiers mois.',
      'Premier emploi ou alternance réussie bienvenus ; poste à Paris, deux jours de télétravail.',
    ],
    locality: 'Paris',
    workMode: 'hybrid',
    employmentType: 'employee',
    assignmentType: 'fulltime',
    salary: '3100.00',
    salaryRateUnit: 'MONTH',
  },
  {
    title: 'Designer UX/UI',
    skills: ['Figma', 'Recherche utilisateur', 'Design system', 'Prototypage'],
    teaser: 'Une mission à temps partiel pour faire grandir notre design system et tester nos parcours.',
    paragraphs: [
      'Nous cherchons un ou une designer en freelance, trois jours par semaine, pour faire évoluer notre design system et nos parcours de réservation.',
      'Vous menez des entretiens avec nos clients, prototypez dans Figma et suivez la mise en œuvre avec les développeurs.',
      'Mission de quatre mois renouvelable, à distance, avec des ateliers à Bordeaux une fois par mois.',
    ],
    locality: 'Bordeaux',
    workMode: 'remote',
    employmentType: 'freelancer',
    assignmentType: 'parttime',
    salary: '480.00',
    salaryRateUnit: 'DAY',
  },
  {
    title: 'Développeur Back-end PHP Symfony',
    skills: ['PHP', 'Symfony', 'MySQL', 'API REST'],
    teaser: 'Faites évoluer l’API qui relie notre plateforme aux logiciels de caisse de nos clients.',
    paragraphs: [
      'Notre API relie la plateforme aux logiciels de caisse et de comptabilité de nos clients : nous cherchons un développeur ou une développeuse back-end pour la faire évoluer.',
      'Vous développez en PHP avec Symfony, écrivez les tests, documentez l’API et suivez sa qualité en production avec l’équipe support.',
      'Poste à Nantes, en présentiel quatre jours sur cinq, au sein d’une équipe de cinq personnes.',
    ],
    locality: 'Nantes',
    workMode: 'onsite',
    employmentType: 'employee',
    assignmentType: 'fulltime',
    salary: '4200.00',
    salaryRateUnit: 'MONTH',
  },
];

/** The French ads come on top of the generated ones, whatever number of ads the seed is asked for. */
export const FRENCH_JOB_AD_COUNT = FRENCH_ADS.length;

/** Days before the seed's time each ad was published, and how long each stays open. */
const FIRST_PUBLISHED_DAYS_AGO = 22;
const DAYS_BETWEEN = 3;
const OPEN_FOR_DAYS = 55;

export async function seedFrenchJobAds(ctx: SeedContext, tx: SeedTx, companies: SeededCompanies, accounts: SeededAccounts): Promise<SeededJobAd[]> {
  const publisher = companies.byKey('lumen');
  const rows = FRENCH_ADS.map((ad, index) => {
    const publishedAt = addDays(ctx.now, -(FIRST_PUBLISHED_DAYS_AGO + index * DAYS_BETWEEN));
    return {
      id: randomUUID(),
      title: ad.title,
      description: ad.paragraphs.join('\n\n'),
      adDescription: ad.teaser,
      location: `${ad.locality}, France`,
      countryCode: 'FR',
      locality: ad.locality,
      remoteCountries: ad.workMode === 'remote' ? ['FR'] : [],
      skills: ad.skills,
      skillsLowercase: ad.skills.map((skill) => skill.toLowerCase()),
      currency: 'EUR',
      salary: ad.salary,
      salaryRateUnit: ad.salaryRateUnit,
      language: 'fr',
      isAnonymous: false,
      employmentType: ad.employmentType,
      workMode: ad.workMode,
      assignmentType: ad.assignmentType,
      publishedAt,
      publishedUntil: addDays(publishedAt, OPEN_FOR_DAYS),
      publisherCompanyId: publisher.id,
      ownerUserId: accounts.owner.userId,
      createdAt: addDays(publishedAt, -1),
      updatedAt: publishedAt,
    };
  });
  await insertRows(ctx, tx, jobAd, rows);
  return rows.map((row) => ({ id: row.id, companyId: publisher.id, roleIndex: -1, jobDescriptionId: null, published: true, publishedAt: row.publishedAt, open: row.publishedUntil.getTime() > ctx.now.getTime() }));
}
