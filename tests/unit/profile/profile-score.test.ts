import { describe, expect, it } from 'vitest';
import { completenessChecklist, computeProfileScore, type ProfileScoreInput } from '../../../src/lib/profile/profile-score';
import { formatScorePercent, scoreIndicatorColor, scoreMessageKey } from '../../../src/lib/profile/score-message';

const complete: ProfileScoreInput = {
  profileName: 'Ada',
  profilePicture: { url: '/uploads/ada.png' },
  jobTitle: 'Engineer',
  totalExperience: 8,
  description: 'x'.repeat(101),
  location: 'London',
  hourlyRate: '80.00',
  skills: ['a', 'b', 'c', 'd', 'e', 'f'],
  languages: [{ language: 'English' }],
  experience: [{ company: 'Analytical Engines Ltd' }],
  education: [{ school: 'Home schooling' }],
};

const score = (profile: ProfileScoreInput) => computeProfileScore(profile).profileScore;

describe('profile score points', () => {
  it('an empty profile scores 0 and a complete one exactly 100', () => {
    expect(score({})).toBe(0);
    expect(score(complete)).toBe(100);
  });

  it.each([
    ['profileName', { profileName: 'Ada' }, 1],
    ['profilePicture', { profilePicture: { url: '/p.png' } }, 5],
    ['jobTitle', { jobTitle: 'Engineer' }, 1],
    ['totalExperience', { totalExperience: 3 }, 3],
    ['location', { location: 'Paris' }, 10],
    ['languages', { languages: ['fr'] }, 10],
    ['experience with a company', { experience: [{ company: 'Acme' }] }, 10],
    ['education with a school', { education: [{ school: 'MIT' }] }, 10],
  ] as const)('%s earns its points', (_name, profile, points) => {
    expect(score(profile as ProfileScoreInput)).toBe(points);
  });

  it('a description over 100 characters earns 10, any shorter description 5', () => {
    expect(score({ description: 'x'.repeat(101) })).toBe(10);
    expect(score({ description: 'x'.repeat(100) })).toBe(5);
    expect(score({ description: 'short' })).toBe(5);
    expect(score({ description: '   ' })).toBe(0);
  });

  it('any of rate currency, monthly rate or hourly rate earns 10 once', () => {
    expect(score({ rateCurrency: 'EUR' })).toBe(10);
    expect(score({ monthlyRate: '5000.00' })).toBe(10);
    expect(score({ hourlyRate: 0 })).toBe(10);
    expect(score({ rateCurrency: 'EUR', monthlyRate: 1, hourlyRate: 2 })).toBe(10);
  });

  it('skills earn 5 each, up to 6 skills (30 points)', () => {
    expect(score({ skills: ['a'] })).toBe(5);
    expect(score({ skills: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe(30);
    expect(score({ skills: Array.from({ length: 12 }, (_, i) => `s${i}`) })).toBe(30);
  });

  it('experience without a company and education without a school earn nothing', () => {
    expect(score({ experience: [{ company: '' }], education: [{ school: null }] })).toBe(0);
  });

  it('flags the score items', () => {
    expect(computeProfileScore(complete).scoreItems).toEqual({
      profilePicture: true, profileName: true, jobTitle: true, totalExperience: true, descriptionLong: true,
      location: true, rate: true, skills: true, languages: true, experience: true, education: true,
    });
  });
});

describe('completeness checklist', () => {
  const status = (profile: ProfileScoreInput) => Object.fromEntries(completenessChecklist(profile).map(({ item, complete }) => [item, complete]));

  it('long description needs at least 100 characters; short description is under 100', () => {
    expect(status({ description: 'x'.repeat(100) })).toMatchObject({ descriptionLong: true, descriptionShort: false });
    expect(status({ description: 'x'.repeat(99) })).toMatchObject({ descriptionLong: false, descriptionShort: true });
  });

  it('skills needs at least 6', () => {
    expect(status({ skills: ['a', 'b', 'c', 'd', 'e'] }).skills).toBe(false);
    expect(status({ skills: ['a', 'b', 'c', 'd', 'e', 'f'] }).skills).toBe(true);
  });

  it('the other items need only be present', () => {
    const items = status(complete);
    for (const item of ['education', 'experience', 'jobTitle', 'languages', 'location', 'profileName', 'profilePicture', 'rate', 'totalExperience']) {
      expect(items[item], item).toBe(true);
    }
    expect(Object.values(status({})).every((done) => done === false)).toBe(true);
  });
});

describe('score messages', () => {
  it.each([
    [0, 'score.messages.keepImproving'],
    [24, 'score.messages.keepImproving'],
    [25, 'score.messages.greatWork'],
    [49, 'score.messages.greatWork'],
    [50, 'score.messages.keepItUp'],
    [74, 'score.messages.keepItUp'],
    [75, 'score.messages.almostDone'],
    [99, 'score.messages.almostDone'],
    [100, 'score.messages.complete'],
  ] as const)('a score of %i says %s', (value, key) => {
    expect(scoreMessageKey(value)).toBe(key);
  });

  it('the indicator is green at 100 and primary below', () => {
    expect(scoreIndicatorColor(100)).toBe('success');
    expect(scoreIndicatorColor(99)).toBe('primary');
  });

  it('shows the score as a rounded percentage', () => {
    expect(formatScorePercent(66.6)).toBe('67%');
  });
});
