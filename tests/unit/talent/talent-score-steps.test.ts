import { describe, expect, it } from 'vitest';
import { completenessChecklist } from '../../../src/lib/profile/profile-score';
import { CHECKLIST_SECTION, checklistHref, nextScoreSteps } from '../../../src/lib/talent/score-steps';
import { SECTION_IDS } from '../../../src/lib/talent/profile-sections';

describe('next steps to a complete profile', () => {
  it('suggests the most rewarding missing items first, never the short description', () => {
    const checklist = completenessChecklist({ profileName: 'Ada', jobTitle: 'Dev', skills: [{}, {}, {}], location: 'Lisbon' });
    // Skills can add 30 points; ties keep the checklist's order.
    expect(nextScoreSteps(checklist).map((step) => step.item)).toEqual(['skills', 'descriptionLong', 'education', 'experience']);
    expect(nextScoreSteps(checklist, 20).map((step) => step.item)).toEqual([
      'skills', 'descriptionLong', 'education', 'experience', 'languages', 'rate', 'profilePicture', 'totalExperience',
    ]);
  });

  it('links each step to the profile section that completes it, the picture to its upload', () => {
    expect(checklistHref('rate')).toBe('/talent/profile#rates');
    expect(checklistHref('descriptionLong')).toBe('/talent/profile#basics');
    expect(checklistHref('profilePicture')).toBe('/talent/profile#picture');
    for (const section of Object.values(CHECKLIST_SECTION)) expect([...SECTION_IDS, 'picture']).toContain(section);
  });

  it('has nothing to suggest for a complete profile', () => {
    const complete = completenessChecklist({
      profileName: 'Ada',
      profilePicture: { url: '/ada.png' },
      jobTitle: 'Dev',
      totalExperience: 3,
      description: 'x'.repeat(120),
      location: 'Lisbon',
      rateCurrency: 'EUR',
      skills: [{}, {}, {}, {}, {}, {}],
      languages: [{}],
      experience: [{ company: 'Acme' }],
      education: [{ school: 'ULisboa' }],
    });
    expect(nextScoreSteps(complete)).toEqual([]);
  });
});
