import { describe, expect, it } from 'vitest';
import type { TalentProfileView } from '../../../src/lib/talent/profile-operations';
import { profileSummaryOf } from '../../../src/lib/talent/profile-summary';

const empty: TalentProfileView = {
  id: 'p1',
  email: null,
  profileName: 'Tara',
  profilePicture: null,
  jobTitle: null,
  totalExperience: null,
  description: null,
  isVisible: true,
  isAvailableForHire: false,
  workMode: null,
  availabilityMode: null,
  assignmentType: null,
  location: null,
  interestedToRelocateTo: [],
  isInterestedInRelocation: false,
  hourlyRate: null,
  monthlyRate: null,
  targetHourlyRate: null,
  targetMonthlyRate: null,
  rateCurrency: null,
  skills: [],
  links: [],
  languages: [],
  experience: [],
  certification: [],
  education: [],
  profileScore: 0,
  cv: null,
  resume: null,
  pdf: null,
};

describe('profile summary as companies see it', () => {
  it('shows nothing for sections left empty', () => {
    expect(profileSummaryOf(empty, 'en')).toEqual({ rates: [], skills: [], languages: [], links: [], experience: [], certification: [], education: [] });
  });

  it('gives each rate its unit and keeps the stored decimal string', () => {
    const summary = profileSummaryOf({ ...empty, hourlyRate: '55.00', targetMonthlyRate: '9000.50', rateCurrency: 'EUR' }, 'en');
    expect(summary.rates).toEqual([
      { kind: 'hourlyRate', amount: '55.00', unit: 'HOUR' },
      { kind: 'targetMonthlyRate', amount: '9000.50', unit: 'MONTH' },
    ]);
  });

  it('dates entries in en-GB, with an open end for a current position', () => {
    const summary = profileSummaryOf({
      ...empty,
      experience: [
        { company: 'Atlantic Web Studio', title: 'Frontend Developer', startDate: '2021-03', endDate: '2024-02-15', current: false },
        { company: 'Now Corp', startDate: '2024-03-01', current: true },
      ],
      education: [{ school: 'University of Lisbon', degree: 'BSc', field: 'Computer Science', startDate: '2012-09-01', endDate: '2015-07-01' }],
      certification: [{ name: 'AWS', issuer: 'Amazon', issuedAt: '2023-05-02', url: 'https://cert.example/1' }],
    }, 'en');
    expect(summary.experience[0]).toMatchObject({ title: 'Frontend Developer', period: { from: 'Mar 2021', to: '15 Feb 2024', current: false } });
    expect(summary.experience[1]).toMatchObject({ title: null, period: { from: '1 Mar 2024', to: '', current: true } });
    expect(summary.education[0]).toMatchObject({ degree: 'BSc', field: 'Computer Science', period: { from: '1 Sept 2012', to: '1 Jul 2015' } });
    expect(summary.certification[0]).toEqual({ name: 'AWS', issuer: 'Amazon', issuedAt: '2 May 2023', expiresAt: '', url: 'https://cert.example/1' });
  });

  it('links only web addresses, naming a link without label by its host', () => {
    const summary = profileSummaryOf({
      ...empty,
      links: [{ label: 'Portfolio', url: 'https://tara.example' }, { url: 'https://github.com/tara' }, { label: 'Bad', url: 'javascript:alert(1)' }],
    }, 'en');
    expect(summary.links).toEqual([
      { label: 'Portfolio', url: 'https://tara.example' },
      { label: 'github.com', url: 'https://github.com/tara' },
    ]);
  });

  it('drops malformed entries instead of failing', () => {
    const summary = profileSummaryOf({
      ...empty,
      skills: [{ name: 'React', level: 'Advanced', years: 5 }, { level: 'Expert' }, { name: '  ', years: 2 }, { name: 'CSS', years: 'six' }],
      languages: [{ language: 'English', level: 'Fluent' }, { level: 'Native' }],
    }, 'en');
    expect(summary.skills).toEqual([
      { name: 'React', level: 'Advanced', years: 5 },
      { name: 'CSS', level: null, years: null },
    ]);
    expect(summary.languages).toEqual([{ language: 'English', level: 'Fluent' }]);
  });
});
