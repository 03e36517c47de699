import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUGGEST_FROM_CV_MUTATION } from '../../../../src/lib/cv-import/cv-import-operations';
import { initialReview, type SuggestedProfile } from '../../../../src/lib/cv-import/cv-review';
import { reviewUpdate } from '../../../../src/lib/cv-import/cv-review-form';
import { profileView, type TalentProfileView } from '../../../../src/lib/talent/profile-operations';
import { skillsList } from '../../../../src/server/db/schema';
import { SKILLS } from '../../../../src/server/db/seed/catalog';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import { operationText, startApiHarness, type ApiHarness, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { pdfBytes, pngBytes, zeroBombDocx } from '../../../support/upload-fixtures';

// "A profile from a CV" through the API: a CV of the corpus (tests/fixtures/cvs) read into
// a suggestion, files that cannot be read refused with their code on `file` (never a
// server error), nothing stored, and the reviewed suggestion saved with the profile's own
// mutation, raising the score of the talent's profile and of no one else's.

const CVS = path.resolve(import.meta.dirname, '../../../fixtures/cvs');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const SUGGEST = operationText(SUGGEST_FROM_CV_MUTATION);
const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const PROFILE = 'query { findMyTalentProfile { id profileName jobTitle description location skills links languages experience certification education profileScore profilePicture cv { url } } }';
const UPDATE = 'mutation($data: UpdateTalentProfileInput!) { updateOneTalentProfile(data: $data) { profileScore } }';

const fileIssue = (body: GraphqlBody) => (body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.[0];

describeEachDatabase('a talent profile suggested from a CV', (kind) => {
  let h: ApiHarness;
  let folder: string;
  let talent: string;
  let other: string;

  const cv = async (name: string) => ({ bytes: new Uint8Array(await readFile(path.join(CVS, name))), name, type: name.endsWith('.pdf') ? 'application/pdf' : DOCX });
  const profileOf = async (token: string) => (await h.call(PROFILE, { token })).body.data?.findMyTalentProfile as TalentProfileView & { profileScore: number };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-cv-import-'));
    h = await startApiHarness(kind, { storage: await createDiskFileStorage(folder) });
    await h.database.db.insert(skillsList).values(SKILLS.map(({ label, department }) => ({ label, department }))).onConflictDoNothing();
    talent = await h.token('cv-import-talent');
    other = await h.token('cv-import-other');
    await h.call(CREATE_PROFILE, { token: talent, variables: { data: { email: 'ethan@example.test', profileName: '' } } });
    await h.call(CREATE_PROFILE, { token: other, variables: { data: { email: 'other@example.test', profileName: 'Otto Other' } } });
    await h.call(UPDATE, { token: other, variables: { data: { jobTitle: 'Welder', skills: [{ name: 'Welding', level: 'EXPERT' }] } } });
  });
  afterAll(async () => {
    await h?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads an English PDF into the profile it suggests, with the skills of the skills list, and stores nothing', async () => {
    const { status, body } = await h.upload(SUGGEST, talent, await cv('en-ethan-walker.pdf'));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const suggestion = body.data?.suggestTalentProfileFromCv as SuggestedProfile & { format: string };
    expect(suggestion).toMatchObject({ profileName: 'Ethan Walker', jobTitle: 'Backend Developer', location: 'Austin, TX', email: 'ethan.walker@example.io', format: 'pdf', truncated: false });
    expect(suggestion.skills).toEqual(expect.arrayContaining(['Go', 'Python', 'PostgreSQL', 'Kubernetes']));
    expect(suggestion.experience[0]).toMatchObject({ company: 'Lonestar Health', title: 'Backend Developer', startDate: '2022-02-01', current: true });
    expect(suggestion.education[0]).toMatchObject({ school: 'University of Texas at Austin' });
    expect(await readdir(folder)).toEqual([]);
  });

  it('reads a French Word document', async () => {
    const { body } = await h.upload(SUGGEST, talent, await cv('fr-antoine-roux.docx'));
    expect(body.errors).toBeUndefined();
    const suggestion = body.data?.suggestTalentProfileFromCv as SuggestedProfile & { format: string };
    expect(suggestion).toMatchObject({ profileName: 'Antoine Roux', jobTitle: 'Responsable supply chain', location: 'Marseille', format: 'docx' });
    expect(suggestion.experience.map((entry) => entry.company)).toEqual(['Portuaire Méditerranée', 'Distrilog']);
    expect(suggestion.links).toEqual([{ label: 'LinkedIn', url: 'https://linkedin.com/in/antoineroux' }]);
  });

  it('refuses a picture renamed .pdf, a zip bomb, a PDF without text and an empty file with their codes on `file`, never a server error', async () => {
    const cases = [
      { file: { bytes: await pngBytes(), name: 'cv.pdf', type: 'application/pdf' }, code: 'wrongType' },
      { file: { bytes: await zeroBombDocx(110), name: 'cv.docx', type: DOCX }, code: 'zipBomb' },
      { file: { bytes: pdfBytes('CV'), name: 'scan.pdf', type: 'application/pdf' }, code: 'noText' },
      { file: { bytes: new Uint8Array(0), name: 'cv.pdf', type: 'application/pdf' }, code: 'empty' },
    ];
    for (const { file, code } of cases) {
      const { status, body } = await h.upload(SUGGEST, talent, file);
      // A refusal of the input (400), as every upload's: never a server error.
      expect(status, code).toBe(400);
      expect(body.errors?.[0]?.extensions?.code, code).toBe('BAD_USER_INPUT');
      expect(fileIssue(body), code).toMatchObject({ field: 'file', code });
    }
  }, 30_000);

  it('is for signed-in users only', async () => {
    const { body } = await h.upload(SUGGEST, null, await cv('en-ethan-walker.pdf'));
    expect(body.data?.suggestTalentProfileFromCv ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("saves the reviewed suggestion with the profile's own mutation: the score goes up, another talent's profile stays as it was", async () => {
    const otherBefore = await profileOf(other);
    const before = profileView(await profileOf(talent));
    const { body } = await h.upload(SUGGEST, talent, await cv('en-ethan-walker.pdf'));
    const review = initialReview(body.data?.suggestTalentProfileFromCv as SuggestedProfile, before);
    // An empty profile: every section the CV fills is ticked.
    expect(review.use).toMatchObject({ basics: true, skills: true, experience: true, education: true });
    const update = reviewUpdate(review, before);
    if (!update.ok) throw new Error(JSON.stringify(update.issues));
    const saved = await h.call(UPDATE, { token: talent, variables: { data: update.data } });
    expect(saved.body.errors).toBeUndefined();

    const after = await profileOf(talent);
    expect(after.profileScore).toBeGreaterThan(before.profileScore);
    expect(after).toMatchObject({ profileName: 'Ethan Walker', jobTitle: 'Backend Developer', location: 'Austin, TX' });
    expect(after.experience.map((entry) => entry.company)).toEqual(['Lonestar Health', 'Codebarn', 'Codebarn']);
    expect((after.skills as Array<{ name: string }>).map((skill) => skill.name)).toEqual(expect.arrayContaining(['Go', 'Kubernetes']));
    expect(await profileOf(other)).toEqual(otherBefore);

    // Read again, the same CV adds nothing twice: the lists offer no entry the profile has.
    const again = initialReview((await h.upload(SUGGEST, talent, await cv('en-ethan-walker.pdf'))).body.data?.suggestTalentProfileFromCv as SuggestedProfile, profileView(after));
    expect([again.skills, again.lists.experience.length, again.lists.education.length]).toEqual(['', 0, 0]);
  });
});
