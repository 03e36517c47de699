import { getTranslator } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { DEFAULT_REJECTION_REASONS, type RejectionKind } from '../job-applications/rejection-reasons';
import { DEFAULT_HIRING_STEPS, type HiringStepGroup } from './hiring-steps';
import type { InProgressTalentStatus } from '../job-applications/talent-status';

// What a new company starts with, worded in the language of the person who creates it (her
// account's language, docs/french.md): its owner role's name, its hiring steps with their
// descriptions, its rejection reasons. The company renames them at will; their groups,
// statuses and kinds, which the product counts on, are the same in every language.

export interface NewCompanyDefaults {
  ownerRole: string;
  hiringSteps: Array<{ stepName: string; stepDescription: string; group: HiringStepGroup; talentStatus: InProgressTalentStatus | null }>;
  rejectionReasons: Array<{ kind: RejectionKind; label: string }>;
}

export function newCompanyDefaults(language: Language): NewCompanyDefaults {
  const t = getTranslator(['common'], language);
  return {
    ownerRole: t('companies.newCompany.ownerRole'),
    hiringSteps: DEFAULT_HIRING_STEPS.map(({ key, group, talentStatus }) => ({
      stepName: t(`companies.newCompany.defaultHiringSteps.${key}.name`),
      stepDescription: t(`companies.newCompany.defaultHiringSteps.${key}.description`),
      group,
      talentStatus,
    })),
    rejectionReasons: DEFAULT_REJECTION_REASONS.map(({ key, kind }) => ({ kind, label: t(`companies.newCompany.defaultRejectionReasons.${key}`) })),
  };
}
