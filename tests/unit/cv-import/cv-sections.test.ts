import { describe, expect, it } from 'vitest';
import { headingKind, splitSections } from '../../../src/lib/cv-import/cv-sections';

describe('CV sections', () => {
  it.each([
    ['Professional Experience', 'experience'],
    ['EXPÉRIENCE PROFESSIONNELLE', 'experience'],
    ['Expériences professionnelles :', 'experience'],
    ['2. Work Experience', 'experience'],
    ['Formation', 'education'],
    ['Diplômes et formations', 'education'],
    ['COMPÉTENCES TECHNIQUES', 'skills'],
    ['Langues', 'languages'],
    ['Coordonnées', 'contact'],
    ['À propos', 'summary'],
    ["Centres d'intérêt", 'other'],
  ])('"%s" heads the %s section', (line, kind) => {
    expect(headingKind(line)).toBe(kind);
  });

  it('a sentence that starts like a heading is text', () => {
    expect(headingKind('Experience with large teams and budgets across three continents')).toBeNull();
    expect(headingKind('Skills matter')).toBeNull();
  });

  it('keeps the lines before the first heading as the header, and each section in order', () => {
    const sections = splitSections('Jane Doe\nDesigner\n\nSKILLS\nFigma, Sketch\nLanguages:\nEnglish – native');
    expect(sections.map(({ kind, lines }) => [kind, lines])).toEqual([
      ['header', ['Jane Doe', 'Designer']],
      ['skills', ['Figma, Sketch']],
      ['languages', ['English – native']],
    ]);
  });
});
