import { describe, expect, it } from 'vitest';
import { appendNewEntries, initialReview, mergeSkills, replacedBasics, skillNamesOf, type ReviewedProfile, type SuggestedProfile } from '../../../src/lib/cv-import/cv-review';

const emptyProfile: ReviewedProfile = { profileName: null, jobTitle: null, location: null, description: null, skills: [], languages: [], links: [], experience: [], education: [] };

const suggestion: SuggestedProfile = {
  profileName: 'Léa Garnier',
  jobTitle: 'Data Analyst',
  description: null,
  location: 'Lyon',
  email: 'lea@example.test',
  phone: '+33 6 00 00 00 00',
  skills: ['SQL', 'Python', 'python'],
  links: [{ label: 'GitHub', url: 'https://github.com/lea' }],
  languages: [{ language: 'French', level: 'NATIVE' }, { language: 'English', level: null }],
  experience: [
    { company: 'Datalyon', title: 'Data Analyst', location: null, description: null, startDate: '2021-03-01', endDate: null, current: true },
    { company: 'Banque Rhône', title: 'Intern', location: 'Lyon', description: 'Reports', startDate: '2020-01-01', endDate: '2020-06-01', current: false },
  ],
  education: [{ school: 'Université Lyon 2', degree: 'Master', field: 'Statistics', startDate: '2018-09-01', endDate: '2020-06-01' }],
};

describe('the rules of a CV review', () => {
  it("merges suggested skills into the profile's without duplicates", () => {
    const merged = mergeSkills([{ name: 'Python', level: 'EXPERT', years: 6 }], ['python', 'SQL', 'sql', 'Go']);
    expect(merged).toEqual([{ name: 'Python', level: 'EXPERT', years: 6 }, { name: 'SQL' }, { name: 'Go' }]);
  });

  it('appends experience entries not already there by employer and start month, leaving the profile\'s untouched', () => {
    const current = [{ company: 'Datalyon', title: 'Analyst (my words)', startDate: '2021-03' }];
    const added = [
      { company: 'DATALYON', title: 'Data Analyst', startDate: '2021-03-01' },
      { company: 'Datalyon', title: 'Junior', startDate: '2019-01-01' },
    ];
    expect(appendNewEntries('experience', current, added)).toEqual([current[0], added[1]]);
  });

  it('appends education entries by school and start, languages by name (accents and case aside), links by address', () => {
    expect(appendNewEntries('education', [{ school: 'Université Lyon 2', startDate: '2018-09-01' }], [{ school: 'universite lyon 2', startDate: '2018-09-15' }])).toHaveLength(1);
    expect(appendNewEntries('languages', [{ language: 'Français' }], [{ language: 'francais', level: 'NATIVE' }, { language: 'English' }])).toEqual([{ language: 'Français' }, { language: 'English' }]);
    expect(appendNewEntries('links', [{ url: 'https://www.github.com/lea/' }], [{ label: 'GitHub', url: 'http://github.com/lea' }])).toHaveLength(1);
  });

  it('reads the skills field as names separated by commas, semicolons or lines', () => {
    expect(skillNamesOf(' SQL, Python;\nGo ,, ')).toEqual(['SQL', 'Python', 'Go']);
  });

  it('ticks every section the CV fills on an empty profile, and fills the fields from the CV', () => {
    const review = initialReview(suggestion, emptyProfile);
    expect(review.use).toEqual({ basics: true, skills: true, languages: true, links: true, experience: true, education: true });
    expect(review.basics).toEqual({ profileName: 'Léa Garnier', jobTitle: 'Data Analyst', location: 'Lyon', description: '' });
    expect(review.skills).toBe('SQL, Python');
    expect(review.lists.experience.map((row) => row.fields)).toEqual([
      { company: 'Datalyon', title: 'Data Analyst', location: '', startDate: '2021-03-01', endDate: '', current: 'on', description: '' },
      { company: 'Banque Rhône', title: 'Intern', location: 'Lyon', startDate: '2020-01-01', endDate: '2020-06-01', current: '', description: 'Reports' },
    ]);
    expect(review.lists.languages.map((row) => row.fields)).toEqual([{ language: 'French', level: 'NATIVE' }, { language: 'English', level: '' }]);
    expect(review.contact).toEqual({ email: 'lea@example.test', phone: '+33 6 00 00 00 00' });
  });

  it('leaves the headline unticked when it would replace what the talent wrote, and keeps her values where the CV says nothing', () => {
    const profile: ReviewedProfile = { ...emptyProfile, jobTitle: 'Senior Data Analyst', description: 'Ten years of numbers.' };
    const review = initialReview(suggestion, profile);
    expect(review.use.basics).toBe(false);
    expect(review.basics.description).toBe('Ten years of numbers.');
    expect(replacedBasics(review.basics, profile)).toEqual(['jobTitle']);
  });

  it('offers only the entries the profile does not have, and ticks a list only when it adds something', () => {
    const profile: ReviewedProfile = {
      ...emptyProfile,
      skills: [{ name: 'sql' }, { name: 'Python' }],
      experience: [{ company: 'Datalyon', startDate: '2021-03-01', current: true }],
      education: [{ school: 'Université Lyon 2', startDate: '2018-09-01' }],
    };
    const review = initialReview(suggestion, profile);
    expect(review.skills).toBe('');
    expect(review.use).toMatchObject({ skills: false, experience: true, education: false });
    expect(review.lists.experience.map((row) => row.fields.company)).toEqual(['Banque Rhône']);
    expect(review.lists.education).toEqual([]);
  });
});
