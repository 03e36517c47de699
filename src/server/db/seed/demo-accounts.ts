/** The password every demo account signs in with (built-in identity provider only). */
export const DEMO_PASSWORD = 'talentplace-demo';

/**
 * The authenticator secret (base32) of the demo accounts whose role requires a second
 * factor (admin, moderator, support): published in README so that anyone trying the demo,
 * and the end-to-end tests, can compute the current code (`npm run demo:totp`). Demo data only.
 */
export const DEMO_TOTP_SECRET = 'TALENTPLACEDEMOTOTPSECRETKEYABCD';

export type DemoAccountKey = 'talent' | 'frenchTalent' | 'owner' | 'recruiter' | 'admin' | 'moderator' | 'support';

export interface DemoAccount {
  key: DemoAccountKey;
  email: string;
  name: string;
  /** Identity-token roles (admin, impersonate); only the platform roles, company roles live in the database. */
  roles: readonly string[];
  /** One line on what signing in as this account lets you try. */
  description: string;
  /** Seeded with a second factor (DEMO_TOTP_SECRET): its role requires one. */
  secondFactor?: true;
  /** The account's language (its mails, docs/french.md); English unless given. */
  language?: 'fr';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'talent',
    email: 'talent@demo.test',
    name: 'Tara Talent',
    roles: [],
    description:
      'Talent: profile at 60 % (score checklist), saved jobs, a weekly job alert, applications at every hiring step, interview times from Northwind Labs to choose from, invitations, two assignments with billings, invoices and balances',
  },
  {
    key: 'frenchTalent',
    email: 'camille@demo.test',
    name: 'Camille Durand',
    roles: [],
    description:
      'Talent who works in French: her account reads French (its mails and notifications), her profile is written in French, and she has applied to two French ads of Lumen Payments in Paris; sign in at /fr/sign-in',
    language: 'fr',
  },
  {
    key: 'owner',
    email: 'owner@demo.test',
    name: 'Oscar Owner',
    roles: [],
    description:
      'Company owner: Northwind Labs and Brightpath Consulting (verified) and Kite Analytics (pending); every company page, roster, billing',
  },
  {
    key: 'recruiter',
    email: 'recruiter@demo.test',
    name: 'Rita Recruiter',
    roles: [],
    description:
      'Recruiter at Northwind Labs: reads talents and applications, posts job ads, invites talents; cannot edit the company or see its members and roles',
  },
  {
    key: 'admin',
    email: 'admin@demo.test',
    name: 'Ada Admin',
    roles: ['super:admin'],
    description: 'Platform administrator (super:admin), a super admin: every admin page, and what each other admin may do; a code from `npm run demo:totp` after the password',
    secondFactor: true,
  },
  {
    key: 'moderator',
    email: 'moderator@demo.test',
    name: 'Mo Moderator',
    roles: ['super:admin'],
    description: 'Platform administrator with the moderation permission only: job ads, job applications, talent search; 403 on the finance and verification pages; a code from `npm run demo:totp` after the password',
    secondFactor: true,
  },
  {
    key: 'support',
    email: 'support@demo.test',
    name: 'Sam Support',
    roles: ['super:impersonate'],
    description: 'Support agent (super:impersonate): acts as another user from the impersonate page; a code from `npm run demo:totp` after the password',
    secondFactor: true,
  },
];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`No demo account "${key}"`);
  return account;
}
