import { ASSIGNMENT_TYPES, WORK_MODES } from '../job-ads/job-enums';
import { LANGUAGE_LEVELS, SKILL_LEVELS } from './proficiency-levels';
import { PROFILE_LIMITS } from './talent-profile-input';

/**
 * The sections of the talent profile page, one form each, and their fields. A field's
 * name is its path in the API input in the form kit's notation (`jobTitle`,
 * `experience[0].endDate`), so the API's field errors land on the field that caused them
 * without any mapping table.
 */

export type FieldKind = 'text' | 'textarea' | 'integer' | 'decimal' | 'currency' | 'date' | 'checkbox' | 'select' | 'url' | 'cities';

export interface FieldSpec {
  /** Key in the API input (for list sections: key inside one entry). */
  name: string;
  kind: FieldKind;
  /** Label key in the profile namespace. */
  labelKey: string;
  /** Hint key in the profile namespace, shown under the field. */
  hintKey?: string;
  maxLength?: number;
  /** Options of a select; labels are `optionKeyPrefix.<value>` (a key with its namespace), '' is the "not set" option. */
  options?: readonly string[];
  optionKeyPrefix?: string;
  /** Id of a datalist offering suggestions. */
  suggestions?: 'skill-suggestions' | 'language-suggestions';
  autocomplete?: string;
  /** Takes the full width of the section's grid. */
  wide?: boolean;
}

export interface SectionSpec {
  id: SectionId;
  /** Heading key in the profile namespace. */
  headingKey: string;
  fields: readonly FieldSpec[];
  /**
   * Set for sections that edit a list of entries (repeated fieldsets). `chips`: the entries
   * are drawn as chips, and a new one starts from its `field` typed in the new-entry field
   * (`newKey` its label) beside Add, with the field's suggestions; `addedKey` says one was added.
   */
  list?: { max: number; entryKey: string; addKey: string; removeKey: string; emptyKey: string; chips?: { field: string; newKey: string; addedKey: string } };
}

export const SECTION_IDS = ['basics', 'rates', 'availability', 'skills', 'languages', 'links', 'experience', 'certification', 'education'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

const listKeys = (id: string) => ({
  entryKey: `form.lists.${id}.entry`,
  addKey: `form.lists.${id}.add`,
  removeKey: `form.lists.${id}.remove`,
  emptyKey: `form.lists.${id}.empty`,
});

const field = (section: string, name: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  kind,
  labelKey: `form.fields.${section}.${name}`,
  ...extra,
});

export const SECTIONS: readonly SectionSpec[] = [
  {
    id: 'basics',
    headingKey: 'form.sections.basics',
    fields: [
      field('basics', 'profileName', 'text', { maxLength: PROFILE_LIMITS.profileName, autocomplete: 'name' }),
      field('basics', 'jobTitle', 'text', { maxLength: PROFILE_LIMITS.jobTitle, autocomplete: 'organization-title' }),
      field('basics', 'totalExperience', 'integer', { hintKey: 'form.hints.totalExperience' }),
      field('basics', 'location', 'text', { maxLength: PROFILE_LIMITS.location, hintKey: 'form.hints.location' }),
      field('basics', 'description', 'textarea', { maxLength: PROFILE_LIMITS.description, hintKey: 'form.hints.description', wide: true }),
    ],
  },
  {
    id: 'rates',
    headingKey: 'form.sections.rates',
    fields: [
      field('rates', 'hourlyRate', 'decimal', { hintKey: 'form.hints.amount' }),
      field('rates', 'monthlyRate', 'decimal', { hintKey: 'form.hints.amount' }),
      field('rates', 'targetHourlyRate', 'decimal', { hintKey: 'form.hints.amount' }),
      field('rates', 'targetMonthlyRate', 'decimal', { hintKey: 'form.hints.amount' }),
      field('rates', 'rateCurrency', 'currency', { hintKey: 'form.hints.currency' }),
    ],
  },
  {
    id: 'availability',
    headingKey: 'form.sections.availability',
    fields: [
      field('availability', 'isVisible', 'checkbox', { hintKey: 'form.hints.isVisible', wide: true }),
      field('availability', 'isAvailableForHire', 'checkbox', { wide: true }),
      field('availability', 'workMode', 'select', { options: ['', ...WORK_MODES], optionKeyPrefix: 'profile:form.options.workMode' }),
      field('availability', 'assignmentType', 'select', { options: ['', ...ASSIGNMENT_TYPES], optionKeyPrefix: 'profile:form.options.assignmentType' }),
      field('availability', 'availabilityMode', 'text', { maxLength: PROFILE_LIMITS.availabilityMode, hintKey: 'form.hints.availabilityMode' }),
      field('availability', 'isInterestedInRelocation', 'checkbox', { wide: true }),
      field('availability', 'interestedToRelocateTo', 'cities', { hintKey: 'form.hints.cities', wide: true }),
    ],
  },
  {
    id: 'skills',
    headingKey: 'form.sections.skills',
    list: { max: PROFILE_LIMITS.skills, ...listKeys('skills'), chips: { field: 'name', newKey: 'form.lists.skills.new', addedKey: 'form.lists.skills.added' } },
    fields: [
      field('skills', 'name', 'text', { maxLength: PROFILE_LIMITS.skillName, suggestions: 'skill-suggestions' }),
      field('skills', 'level', 'select', { options: ['', ...SKILL_LEVELS], optionKeyPrefix: 'common:levels.skill' }),
      field('skills', 'years', 'integer'),
    ],
  },
  {
    id: 'languages',
    headingKey: 'form.sections.languages',
    list: { max: PROFILE_LIMITS.languages, ...listKeys('languages') },
    fields: [
      field('languages', 'language', 'text', { maxLength: PROFILE_LIMITS.languageName, suggestions: 'language-suggestions' }),
      field('languages', 'level', 'select', { options: ['', ...LANGUAGE_LEVELS], optionKeyPrefix: 'common:levels.language' }),
    ],
  },
  {
    id: 'links',
    headingKey: 'form.sections.links',
    list: { max: PROFILE_LIMITS.links, ...listKeys('links') },
    fields: [
      field('links', 'label', 'text', { maxLength: PROFILE_LIMITS.linkLabel }),
      field('links', 'url', 'url', { maxLength: PROFILE_LIMITS.url, autocomplete: 'url' }),
    ],
  },
  {
    id: 'experience',
    headingKey: 'form.sections.experience',
    list: { max: PROFILE_LIMITS.entries, ...listKeys('experience') },
    fields: [
      field('experience', 'company', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('experience', 'title', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('experience', 'location', 'text', { maxLength: PROFILE_LIMITS.location }),
      field('experience', 'startDate', 'date'),
      field('experience', 'endDate', 'date'),
      field('experience', 'current', 'checkbox'),
      field('experience', 'description', 'textarea', { maxLength: PROFILE_LIMITS.entryDescription, wide: true }),
    ],
  },
  {
    id: 'certification',
    headingKey: 'form.sections.certification',
    list: { max: PROFILE_LIMITS.entries, ...listKeys('certification') },
    fields: [
      field('certification', 'name', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('certification', 'issuer', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('certification', 'issuedAt', 'date'),
      field('certification', 'expiresAt', 'date'),
      field('certification', 'url', 'url', { maxLength: PROFILE_LIMITS.url, wide: true }),
    ],
  },
  {
    id: 'education',
    headingKey: 'form.sections.education',
    list: { max: PROFILE_LIMITS.entries, ...listKeys('education') },
    fields: [
      field('education', 'school', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('education', 'degree', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('education', 'field', 'text', { maxLength: PROFILE_LIMITS.name }),
      field('education', 'startDate', 'date'),
      field('education', 'endDate', 'date'),
    ],
  },
];

export function sectionSpec(id: string): SectionSpec | undefined {
  return SECTIONS.find((section) => section.id === id);
}

/** Every i18n key the sections use (profile namespace unless a key names its own), for the locale check. */
export function sectionTranslationKeys(): string[] {
  return SECTIONS.flatMap((section) => [
    section.headingKey,
    ...(section.list ? [section.list.entryKey, section.list.addKey, section.list.removeKey, section.list.emptyKey] : []),
    ...(section.list?.chips ? [section.list.chips.newKey, section.list.chips.addedKey] : []),
    ...section.fields.flatMap((spec) => [
      spec.labelKey,
      ...(spec.hintKey ? [spec.hintKey] : []),
      ...(spec.options ?? []).map((option) => `${spec.optionKeyPrefix}.${option || 'unset'}`),
    ]),
  ]);
}
