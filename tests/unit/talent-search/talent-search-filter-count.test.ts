import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { activeTalentSearchFilterCount, readTalentSearch, talentSearchMoreFilters } from '../../../src/lib/talent-search/talent-search-pages';

const t = getTranslator();
const count = (search: string) => activeTalentSearchFilterCount(readTalentSearch(new URL(`https://x.test/company/talent-search${search}`), t).form);

describe('talent search: the filters counted on the phone toggle', () => {
  it('counts nothing before a search, nor for a form sent empty with its default rate unit', () => {
    expect(count('')).toBe(0);
    expect(count('?q=&skillsAll=&rateUnit=HOUR&rateCurrency=')).toBe(0);
  });

  it('counts each field that narrows the search', () => {
    expect(count('?skillsAll=react&languages=English&availableOnly=on&minExperience=3')).toBe(4);
  });

  it('does not count the ranking reference, nor what only shapes another field (rate unit and currency, relocation)', () => {
    expect(count('?reference=ad:11111111-1111-4111-8111-111111111111&rateUnit=MONTH&rateCurrency=EUR&includeRelocation=on')).toBe(0);
    expect(count('?rateMax=80&rateCurrency=EUR&location=Paris&includeRelocation=on')).toBe(2);
  });
});

describe('talent search: more filters fold (the talent search more filters)', () => {
  const more = (search: string) => {
    const { form, errors, asked } = readTalentSearch(new URL(`https://x.test/company/talent-search${search}`), t);
    return talentSearchMoreFilters(form, errors, asked);
  };

  it('is unfolded before the first search, to show what can be asked', () => {
    expect(more('')).toEqual({ count: 0, open: true });
  });

  it('folds once a search is made, counting its filters in force (not the default rate unit, an empty currency or mode)', () => {
    expect(more('?q=designer&skillsAll=figma&skillsAny=sketch&rateUnit=HOUR&rateCurrency=&workMode=')).toEqual({ count: 0, open: false });
    expect(more('?q=designer&languages=English&rateMax=80&rateCurrency=EUR&availableOnly=on')).toEqual({ count: 3, open: false });
  });

  it('unfolds on a mistake in one of its fields, so that the message shows', () => {
    expect(more('?skillsAny=react&minExperience=lots')).toMatchObject({ open: true });
  });
});
