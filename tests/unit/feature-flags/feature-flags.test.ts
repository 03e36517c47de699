import { describe, expect, it } from 'vitest';
import {
  activeFeatureFlagNames,
  CHECKED_FEATURE_FLAGS,
  FEATURE_FLAGS,
  featureFlagCreateSchema,
  featureFlagUpdateSchema,
  hasFeatureFlag,
  isCheckedFeatureFlag,
} from '../../../src/lib/feature-flags/feature-flags';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import { getTranslator } from '../../../src/lib/i18n/i18n';

// Feature flags: the one flag check, deleted flags off, and the names an admin may give.

const codesOf = (input: unknown) => {
  const parsed = featureFlagCreateSchema.safeParse(input);
  return parsed.success ? [] : zodIssues(parsed.error).map((issue) => `${issue.path}:${issue.code}`);
};

describe('a user has a feature only while holding its flag', () => {
  it('is on for a user holding the flag and off for one who does not, or for nobody', () => {
    expect(hasFeatureFlag({ featureFlags: ['talent-rate-insight'] }, FEATURE_FLAGS.talentRateInsight)).toBe(true);
    expect(hasFeatureFlag({ featureFlags: ['something-else'] }, FEATURE_FLAGS.talentRateInsight)).toBe(false);
    expect(hasFeatureFlag({ featureFlags: [] }, FEATURE_FLAGS.talentRateInsight)).toBe(false);
    expect(hasFeatureFlag(null, FEATURE_FLAGS.talentRateInsight)).toBe(false);
  });

  it('turns a deleted flag off: its name is left out of the flags that are on', () => {
    const rows = [
      { name: 'talent-rate-insight', deletedAt: new Date('2026-01-01T00:00:00Z') },
      { name: 'other-flag', deletedAt: null },
    ];
    expect(activeFeatureFlagNames(rows)).toEqual(['other-flag']);
    expect(hasFeatureFlag({ featureFlags: activeFeatureFlagNames(rows) }, FEATURE_FLAGS.talentRateInsight)).toBe(false);
  });

  it('lists every checked name once, each kebab-case, with words saying what it turns on', () => {
    const t = getTranslator();
    expect(new Set(CHECKED_FEATURE_FLAGS).size).toBe(CHECKED_FEATURE_FLAGS.length);
    for (const name of CHECKED_FEATURE_FLAGS) {
      expect(featureFlagCreateSchema.safeParse({ name }).success, name).toBe(true);
      expect(t(`admin.featureFlags.what.${name}`)).not.toContain('admin.featureFlags');
    }
    expect(isCheckedFeatureFlag('talent-rate-insight')).toBe(true);
    expect(isCheckedFeatureFlag('talent-search-v2')).toBe(false);
  });
});

describe('a feature flag name is kebab-case', () => {
  it('takes lower-case words of letters and digits joined by single hyphens', () => {
    expect(codesOf({ name: 'talent-rate-insight' })).toEqual([]);
    expect(codesOf({ name: '  beta2  ' })).toEqual([]);
    expect(featureFlagCreateSchema.parse({ name: ' beta2 ', description: '  ' })).toEqual({ name: 'beta2', description: null });
  });

  it('refuses capitals, spaces, underscores, leading, trailing or double hyphens', () => {
    for (const name of ['Talent-Search', 'talent search', 'talent_search', '-beta', 'beta-', 'talent--search', 'bêta']) {
      expect(codesOf({ name }), name).toEqual(['name:nameNotKebabCase']);
    }
  });

  it('needs a name of at most 60 characters', () => {
    expect(codesOf({ name: '' })).toEqual(['name:nameRequired']);
    expect(codesOf({})).toEqual(['name:nameRequired']);
    expect(codesOf({ name: 'a'.repeat(61) })).toEqual(['name:nameTooLong']);
  });

  it('keeps a description to 500 characters without control characters', () => {
    expect(codesOf({ name: 'beta', description: 'x'.repeat(501) })).toEqual(['description:tooLong']);
    expect(codesOf({ name: 'beta', description: 'a\u0007b' })).toEqual(['description:controlCharacters']);
    expect(featureFlagUpdateSchema.parse({ description: 'Two\nlines' })).toEqual({ description: 'Two\nlines' });
  });
});
