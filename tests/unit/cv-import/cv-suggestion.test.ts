import { describe, expect, it } from 'vitest';
import { suggestProfileFromCv } from '../../../src/lib/cv-import/cv-suggestion';
import { PROFILE_SECTION_SCHEMAS, PROFILE_LIMITS } from '../../../src/lib/talent/talent-profile-input';

const CV = `Camille Durand
Développeuse Full Stack
camille@exemple.fr · 06 12 34 56 78 · Lyon
PROFIL
Six ans d'expérience.
EXPÉRIENCE PROFESSIONNELLE
Développeuse Full Stack — Agrotech
Mars 2020 - Aujourd'hui
• API GraphQL.
FORMATION
Diplôme d'ingénieur en Informatique — INSA Lyon
2013–2018
COMPÉTENCES
Node.js, Vue.js, Méthodes agiles
LANGUES
Français : langue maternelle
Anglais : courant (C1)`;

describe('suggestProfileFromCv', () => {
  it('suggests the profile’s fields from a French CV', () => {
    expect(suggestProfileFromCv(CV, ['Node.js', 'Vue.js', 'Agile'])).toEqual({
      profileName: 'Camille Durand',
      jobTitle: 'Développeuse Full Stack',
      description: "Six ans d'expérience.",
      location: 'Lyon',
      email: 'camille@exemple.fr',
      phone: '06 12 34 56 78',
      links: [],
      skills: [{ name: 'Node.js' }, { name: 'Vue.js' }, { name: 'Agile' }],
      languages: [
        { language: 'French', level: 'NATIVE' },
        { language: 'English', level: 'C1' },
      ],
      experience: [{ company: 'Agrotech', title: 'Développeuse Full Stack', startDate: '2020-03-01', current: true, description: 'API GraphQL.' }],
      education: [{ school: 'INSA Lyon', degree: "Diplôme d'ingénieur", field: 'Informatique', startDate: '2013-01-01', endDate: '2018-01-01' }],
    });
  });

  it('keeps to the profile’s limits, so the suggestion passes the profile’s own input rules', () => {
    const jobs = Array.from({ length: 40 }, (_, index) => `Developer — Company ${index}\n${2000 + (index % 20)}–2021\n• ${'Did things. '.repeat(300)}`).join('\n');
    const skills = Array.from({ length: 60 }, (_, index) => `Skill${index}`);
    const suggestion = suggestProfileFromCv(`Jane Doe\n${'Title '.repeat(40)}\nExperience\n${jobs}\nSkills\n${skills.join(', ')}`, skills);
    expect(suggestion.experience).toHaveLength(PROFILE_LIMITS.entries);
    expect(suggestion.skills).toHaveLength(PROFILE_LIMITS.skills);
    // A line longer than any title under the name is text, not a title.
    expect(suggestion.jobTitle).toBeNull();
    expect(suggestion.experience[0]!.description!.length).toBe(PROFILE_LIMITS.entryDescription);
    expect(PROFILE_SECTION_SCHEMAS.experience.safeParse({ experience: suggestion.experience }).success).toBe(true);
    expect(PROFILE_SECTION_SCHEMAS.skills.safeParse({ skills: suggestion.skills }).success).toBe(true);
    expect(PROFILE_SECTION_SCHEMAS.basics.safeParse({ profileName: suggestion.profileName, jobTitle: suggestion.jobTitle }).success).toBe(true);
  });

  it('suggests nothing from text that is no CV', () => {
    expect(suggestProfileFromCv('lorem ipsum dolor sit amet', ['JavaScript'])).toMatchObject({ profileName: null, experience: [], education: [], skills: [], languages: [] });
  });
});
