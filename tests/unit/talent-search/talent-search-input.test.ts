import { describe, expect, it } from 'vitest';
import { skillMatch, talentSearchSchema } from '../../../src/lib/talent-search/talent-search-input';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const codes = (data: Record<string, unknown>) => {
  const parsed = talentSearchSchema.safeParse(data);
  return parsed.success ? [] : zodIssues(parsed.error).map((issue) => `${issue.path}:${issue.code}`);
};

describe('talent search: what may be asked', () => {
  it('reads skill lists from a comma-separated text or a list, lower-cased, each once', () => {
    expect(talentSearchSchema.parse({ skillsAll: 'React, typescript ,react' }).skillsAll).toEqual(['react', 'typescript']);
    expect(talentSearchSchema.parse({ skillsExcluded: ['PHP'] }).skillsExcluded).toEqual(['php']);
  });
  it('a rate range names its currency (rates are never converted) and is in order', () => {
    expect(codes({ rateMax: '80' })).toEqual(['rateCurrency:rateCurrencyRequired']);
    expect(codes({ rateMin: '90', rateMax: '80', rateCurrency: 'eur' })).toEqual(['rateMax:rateRangeOrder']);
    expect(talentSearchSchema.parse({ rateMax: '80', rateCurrency: 'eur' }).rateCurrency).toBe('EUR');
  });
  it('ranks against a job description or a job ad, not both', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(codes({ matchJobDescriptionId: id, matchJobAdId: id })).toEqual(['matchJobAdId:oneReference']);
  });
  it('narrows to a selection of at most a page of talents (the invitation pages), each once', () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    expect(talentSearchSchema.parse({ talentProfileIds: [id(1), id(1), id(2)] }).talentProfileIds).toEqual([id(1), id(2)]);
    expect(codes({ talentProfileIds: Array.from({ length: 51 }, (_, n) => id(n)) })).toEqual(['talentProfileIds:tooManyTalents']);
    expect(codes({ talentProfileIds: ['nope'] })).toEqual(['talentProfileIds:talentIdInvalid']);
    expect(talentSearchSchema.parse({}).talentProfileIds).toEqual([]);
  });
  it('refuses unknown choices and impossible experience', () => {
    expect(codes({ workMode: ['moon'], minExperience: '-1' }).sort()).toEqual(['minExperience:experienceInvalid', 'workMode:choiceUnknown']);
  });
});

describe('talent search: matched and missing skills against the reference', () => {
  it('says which of the reference skills the talent has and lacks, in the reference order, any case', () => {
    expect(skillMatch(['react', 'CSS'], ['React', 'TypeScript', 'css'])).toEqual({ matched: ['React', 'css'], missing: ['TypeScript'] });
  });
});
