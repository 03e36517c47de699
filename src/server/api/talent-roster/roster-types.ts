import { ROSTER_CONSENTS } from '../../../lib/talent-roster/roster-consent';
import { builder } from '../builder';
import { concernsCaller } from '../auth/company-access';
import { pageOf } from '../pagination';
import type { RosterRow } from './roster-rows';

// The GraphQL types of a roster entry: the entry with the talent as the company may see
// her, her answer to the company's request, and the entry's manager.

export const RosterManager = builder.objectRef<{ id: string; name: string }>('CompanyTalentRosterManager').implement({
  description: 'A member of the selected company who can manage roster talents',
  fields: (t) => ({ id: t.exposeID('id', { description: "The member's user id" }), name: t.exposeString('name') }),
});

export const RosterConsentEnum = builder.enumType('RosterConsent', {
  description: "The talent's answer to the company's request to hold her on its roster: only accepted links her to the company",
  values: ROSTER_CONSENTS,
});

export const CompanyTalentRoster = builder.objectRef<RosterRow>('CompanyTalentRoster');
CompanyTalentRoster.implement({
  description: "A talent on the selected company's roster (the companyTalentRoster entity)",
  fields: (t) => ({
    id: t.exposeID('id'),
    externalId: t.exposeString('externalId', { nullable: true }),
    talentProfileId: t.exposeID('talentProfileId'),
    talentName: t.exposeString('talentName', {
      nullable: true,
      description: "The talent's profile name; withheld (null) while she has not accepted, unless her profile is visible or she applied to the company or works on its assignments",
    }),
    talentJobTitle: t.exposeString('talentJobTitle', { nullable: true, description: 'Withheld like the name' }),
    consent: t.field({ type: RosterConsentEnum, description: 'Her answer: requested until she accepts or declines', resolve: (row) => row.consent }),
    consentAnsweredAt: t.field({ type: 'DateTime', nullable: true, description: 'When she answered the current request; null while requested', resolve: (row) => row.consentAnsweredAt }),
    employmentType: t.exposeString('employmentType', { nullable: true, description: 'freelancer or employee (the employment types of the business constants)' }),
    employeeNumber: t.exposeString('employeeNumber', { nullable: true }),
    manager: t.field({ type: RosterManager, nullable: true, resolve: (row) => (row.managerId ? { id: row.managerId, name: row.managerName ?? '' } : null) }),
    balance: t.field({ type: 'Decimal', description: 'The running sum of the ledger, in `currency`', resolve: (row) => row.balance }),
    currency: t.exposeString('currency'),
    transactionCount: t.exposeInt('transactionCount', { description: 'Ledger entries; the currency may change only while there are none' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    removedAt: t.field({ type: 'DateTime', nullable: true, description: 'Set once removed from the roster (the ledger and notes stay)', resolve: (row) => row.deletedAt }),
    concernsYou: t.boolean({
      description: "The talent is you (or, while impersonating, the impersonator): separation of duties leaves booking on this balance to another member",
      resolve: (row, _args, context) => concernsCaller(context, row.talentUserId),
    }),
  }),
});

export const CompanyTalentRosterPage = pageOf(CompanyTalentRoster, 'CompanyTalentRoster');
