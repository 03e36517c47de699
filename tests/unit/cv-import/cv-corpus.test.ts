import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, readCorpus, scoreCv } from '../../../bench/cv-corpus-score';
import { CV_LIMITS } from '../../../src/lib/cv-import/cv-limits';
import { suggestProfileFromCv } from '../../../src/lib/cv-import/cv-suggestion';
import { extractCvText } from '../../../src/server/cv-import/cv-text';
import { PROFILE_SECTION_SCHEMAS } from '../../../src/lib/talent/talent-profile-input';
import { SKILLS } from '../../../src/server/db/seed/catalog';

// The CV corpus (tests/fixtures/cvs) read as the product reads an upload: a change to the
// reader that costs accuracy fails here. bench/cv-import.mjs prints the same score per CV.
const MIN_ACCURACY = 0.9;

describe('the CV corpus', () => {
  it(`is read within the limits and suggests at least ${MIN_ACCURACY * 100} % of the expected fields right`, async () => {
    const corpus = await readCorpus();
    expect(corpus.length, CORPUS_DIR).toBeGreaterThanOrEqual(22);
    const knownSkills = SKILLS.map((skill) => skill.label);
    let right = 0;
    let total = 0;
    for (const cv of corpus) {
      const bytes = new Uint8Array(await readFile(cv.file));
      expect(bytes.length).toBeLessThanOrEqual(CV_LIMITS.maxFileBytes);
      const text = await extractCvText(bytes, cv.contentType);
      if (!text.ok) throw new Error(`${cv.name}: refused (${text.reason})`);
      expect(text.truncated, cv.name).toBe(false);
      const suggestion = suggestProfileFromCv(text.text, knownSkills);
      // What is suggested is what the profile accepts.
      expect(PROFILE_SECTION_SCHEMAS.experience.safeParse({ experience: suggestion.experience }).success, cv.name).toBe(true);
      expect(PROFILE_SECTION_SCHEMAS.education.safeParse({ education: suggestion.education }).success, cv.name).toBe(true);
      expect(PROFILE_SECTION_SCHEMAS.languages.safeParse({ languages: suggestion.languages }).success, cv.name).toBe(true);
      expect(PROFILE_SECTION_SCHEMAS.links.safeParse({ links: suggestion.links }).success, cv.name).toBe(true);
      const score = scoreCv(cv.expected, suggestion);
      right += score.right;
      total += score.total;
    }
    expect(right / total).toBeGreaterThanOrEqual(MIN_ACCURACY);
  }, 120_000);
});
