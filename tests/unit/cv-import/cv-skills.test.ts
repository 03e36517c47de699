import { describe, expect, it } from 'vitest';
import { languageLevel, matchSkills, readLanguages } from '../../../src/lib/cv-import/cv-skills';

const KNOWN = ['JavaScript', 'Java', 'React', 'React Native', 'Go', 'R', 'SQL', 'PostgreSQL', 'C#', '.NET', 'Node.js', 'Project Management', 'Machine Learning', 'CI/CD'];

describe('matchSkills', () => {
  it('finds labels as whole words, whatever their case, longest first', () => {
    expect(matchSkills('react native, javascript, postgresql, C#, .NET, ci/cd', KNOWN)).toEqual(['React Native', 'JavaScript', 'PostgreSQL', 'C#', '.NET', 'CI/CD']);
  });

  it('finds plain aliases and French names of labels only when the label is known', () => {
    expect(matchSkills('JS, Postgres, Gestion de projet, ML', KNOWN)).toEqual(['JavaScript', 'PostgreSQL', 'Project Management', 'Machine Learning']);
    expect(matchSkills('Gestion de projet', ['JavaScript'])).toEqual([]);
  });

  it('matches a label that is an everyday word only as written', () => {
    expect(matchSkills('I go to R&D meetings', KNOWN)).toEqual([]);
    expect(matchSkills('Go, R', KNOWN)).toEqual(['Go', 'R']);
  });
});

describe('languages', () => {
  it.each([
    ['langue maternelle', 'NATIVE'],
    ['courant (C1)', 'C1'],
    ['Proficient (C1)', 'C1'],
    ['professional working proficiency', 'B2'],
    ['notions', 'A2'],
    ['intermédiaire', 'B1'],
    ['fluent', 'C1'],
  ])('"%s" is %s', (text, level) => {
    expect(languageLevel(text)).toBe(level);
  });

  it('reads one language a line or several on one, French names as the list spells them', () => {
    expect(readLanguages(['Français : langue maternelle', 'Anglais – B2', 'Tamil'])).toEqual([
      { language: 'French', level: 'NATIVE' },
      { language: 'English', level: 'B2' },
      { language: 'Tamil' },
    ]);
    expect(readLanguages(['Portuguese (native), English', '(C1), Spanish (B2)'])).toEqual([
      { language: 'Portuguese', level: 'NATIVE' },
      { language: 'English', level: 'C1' },
      { language: 'Spanish', level: 'B2' },
    ]);
  });
});
