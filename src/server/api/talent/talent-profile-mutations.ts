import { eq } from 'drizzle-orm';
import {
  parseTalentProfileUpdate,
  rateCurrencyError,
  PROFILE_ERRORS,
  type UpdatableField,
  type UpdateTalentProfileValues,
} from '../../../lib/talent/talent-profile-input';
import { talentProfile } from '../../db/schema';
import { lockMyTalentProfile } from '../auth/my-talent-profile';
import { recordEvent } from '../record-event';
import type { CertificationEntry, EducationEntry, ExperienceEntry, TalentLanguage, TalentLink, TalentSkill } from '../../db/schema/talents';
import { builder } from '../builder';
import { gone, invalidFields } from '../errors';
import { TalentProfile, type TalentProfileRow } from './talents';

const TalentSkillInput = builder.inputType('TalentSkillInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    level: t.string(),
    years: t.int({ description: 'Years of practice, 0 to 70' }),
  }),
});

const TalentLinkInput = builder.inputType('TalentLinkInput', {
  fields: (t) => ({
    label: t.string(),
    url: t.string({ required: true, description: 'An http or https address' }),
  }),
});

const TalentLanguageInput = builder.inputType('TalentLanguageInput', {
  fields: (t) => ({
    language: t.string({ required: true }),
    level: t.string(),
  }),
});

const ExperienceEntryInput = builder.inputType('ExperienceEntryInput', {
  fields: (t) => ({
    company: t.string({ required: true }),
    title: t.string(),
    location: t.string(),
    description: t.string(),
    startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31' }),
    endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; empty while current' }),
    current: t.boolean(),
  }),
});

const CertificationEntryInput = builder.inputType('CertificationEntryInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    issuer: t.string(),
    issuedAt: t.string({ description: 'yyyy-mm-dd' }),
    expiresAt: t.string({ description: 'yyyy-mm-dd, not before issuedAt' }),
    url: t.string({ description: 'An http or https address' }),
  }),
});

const EducationEntryInput = builder.inputType('EducationEntryInput', {
  fields: (t) => ({
    school: t.string({ required: true }),
    degree: t.string(),
    field: t.string(),
    startDate: t.string({ description: 'yyyy-mm-dd' }),
    endDate: t.string({ description: 'yyyy-mm-dd, not before startDate' }),
  }),
});

// Enumerations and amounts travel as strings and are checked by the resolver, so that a
// wrong value comes back as a message on its field rather than as a request error.
const UpdateTalentProfileInput = builder.inputType('UpdateTalentProfileInput', {
  description: 'A partial update of your own talent profile: a field left out stays as it is, null clears it, a list replaces the whole list',
  fields: (t) => ({
    profileName: t.string(),
    jobTitle: t.string(),
    totalExperience: t.int({ description: 'Years, 0 to 70' }),
    description: t.string(),
    isVisible: t.boolean(),
    isAvailableForHire: t.boolean(),
    workMode: t.string({ description: 'remote, hybrid or onsite' }),
    availabilityMode: t.string(),
    assignmentType: t.string({ description: 'fulltime, parttime or ondemand' }),
    location: t.string(),
    interestedToRelocateTo: t.stringList(),
    isInterestedInRelocation: t.boolean(),
    hourlyRate: t.string({ description: 'Decimal string with at most two decimals, e.g. "55.00"' }),
    monthlyRate: t.string({ description: 'Decimal string with at most two decimals' }),
    targetHourlyRate: t.string({ description: 'Decimal string with at most two decimals' }),
    targetMonthlyRate: t.string({ description: 'Decimal string with at most two decimals' }),
    rateCurrency: t.string({ description: 'ISO 4217 code, three capital letters' }),
    skills: t.field({ type: [TalentSkillInput] }),
    links: t.field({ type: [TalentLinkInput] }),
    languages: t.field({ type: [TalentLanguageInput] }),
    experience: t.field({ type: [ExperienceEntryInput] }),
    certification: t.field({ type: [CertificationEntryInput] }),
    education: t.field({ type: [EducationEntryInput] }),
  }),
});

type ProfileChanges = Partial<typeof talentProfile.$inferInsert>;

/** JSON with sorted keys: stored entries and new ones compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => a.localeCompare(b)))
      : nested,
  );
}

/** The fields of the update whose value differs from the stored one, as column values. */
function changedColumns(current: TalentProfileRow, values: UpdateTalentProfileValues): ProfileChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values) as Array<[UpdatableField, unknown]>) {
    if (value === undefined) continue;
    if (stableJson(value) !== stableJson(current[field] ?? null)) changes[field] = value;
  }
  // Entries were validated and compacted; their shapes are the stored ones.
  return changes as ProfileChanges & {
    skills?: TalentSkill[];
    links?: TalentLink[];
    languages?: TalentLanguage[];
    experience?: ExperienceEntry[];
    certification?: CertificationEntry[];
    education?: EducationEntry[];
  };
}

builder.mutationField('updateOneTalentProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: TalentProfile,
    description:
      "Updates the signed-in user's own talent profile (there is no id: nobody edits another's) and logs a talentProfile.update event in the same transaction",
    args: { data: t.arg({ type: UpdateTalentProfileInput, required: true }) },
    resolve: async (_root, { data }, { db, viewer }) => {
      const parsed = parseTalentProfileUpdate(data);
      if (!parsed.ok) throw invalidFields(parsed.issues, PROFILE_ERRORS);
      const { userId } = viewer;
      return db.transaction(async (tx) => {
        // Locked, so two saves of the same profile cannot interleave their change lists.
        const current = await lockMyTalentProfile(tx, userId);
        if (!current) throw gone('noProfile', PROFILE_ERRORS);
        const changes = changedColumns(current, parsed.values);
        const rateError = rateCurrencyError({ ...current, ...changes });
        if (rateError) throw invalidFields([rateError], PROFILE_ERRORS);
        const changedFields = Object.keys(changes);
        if (changedFields.length === 0) return current;
        const [updated] = await tx.update(talentProfile).set(changes).where(eq(talentProfile.id, current.id)).returning();
        await recordEvent(tx, viewer, { type: 'talentProfile.update', toId: current.id, data: { entityId: current.id, changedFields } });
        return updated!;
      });
    },
  }),
);
