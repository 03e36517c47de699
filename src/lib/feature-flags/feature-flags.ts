import { z } from 'zod';
import { optionalText, requiredName } from '../forms/field-rules';

// Feature flags (the current-user state's featureFlags): an admin creates a flag and gives
// it to users; a user's flags reach the current-user state, and a part of the product that
// is behind a flag is shown and answered only to users holding it. The names the product
// checks are listed here once, so a check can never be typo'd; a flag an admin creates under
// another name gates nothing until code checks it.

/** The flags the product checks, with what each turns on (the admin page says so). */
export const FEATURE_FLAGS = {
  /** The talent dashboard's "Pay for your skills" card and its API (myRateInsight). */
  talentRateInsight: 'talent-rate-insight',
} as const;

export type FeatureFlagName = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

/** Every flag name code checks. */
export const CHECKED_FEATURE_FLAGS: readonly FeatureFlagName[] = Object.values(FEATURE_FLAGS);

export function isCheckedFeatureFlag(name: string): name is FeatureFlagName {
  return (CHECKED_FEATURE_FLAGS as readonly string[]).includes(name);
}

/**
 * The one flag check. `featureFlags` holds the names of the user's flags that are not
 * deleted (a soft-deleted flag is off for everyone: toCurrentUser and the API's reader leave
 * them out); no user, no flag.
 */
export function hasFeatureFlag(user: { featureFlags: readonly string[] } | null | undefined, name: FeatureFlagName): boolean {
  return Boolean(user?.featureFlags.includes(name));
}

/** The names of the flags that are on, from flag rows as the API reads them (deleted ones off). */
export function activeFeatureFlagNames(flags: ReadonlyArray<{ name: string; deletedAt: Date | string | null }>): string[] {
  return flags.filter((flag) => !flag.deletedAt).map((flag) => flag.name);
}

/** Where the locale files word the feature flag issue codes (common namespace). */
export const FEATURE_FLAG_ERRORS = 'admin.featureFlags.errors';

export const FEATURE_FLAG_LIMITS = { name: 60, description: 500 } as const;

/** Lower-case words of letters and digits joined by single hyphens: "talent-rate-insight". */
export const FEATURE_FLAG_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const description = optionalText(FEATURE_FLAG_LIMITS.description, true);

/**
 * A new flag: a kebab-case name (unique among flags that are not deleted: the API says
 * nameTaken) and what it is for. Code checks the name, so it never changes afterwards.
 */
export const featureFlagCreateSchema = z.object({
  name: requiredName(FEATURE_FLAG_LIMITS.name, { required: 'nameRequired', tooLong: 'nameTooLong' }).refine(
    (value) => value === '' || FEATURE_FLAG_NAME_PATTERN.test(value),
    'nameNotKebabCase',
  ),
  description,
});

/** A flag's description (blank empties it). */
export const featureFlagUpdateSchema = z.object({ description });

export type FeatureFlagCreateValues = z.output<typeof featureFlagCreateSchema>;
