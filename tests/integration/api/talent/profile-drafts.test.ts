import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { submitProfileSection } from '../../../../src/lib/talent/profile-submission';
import { talentProfile } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

// The profile page edits one section at a time; what was typed in another section travels
// in the open section's post as a draft (drafts.<section>.<field>) and is saved with it.
const CREATE = 'mutation CreateOneTalentProfile($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const HALF_TYPED = 'I build accessible shops and design sys';
const BASICS_DRAFT = {
  'drafts.basics.profileName': 'Ada Lovelace',
  'drafts.basics.jobTitle': '',
  'drafts.basics.totalExperience': '',
  'drafts.basics.location': '',
  'drafts.basics.description': HALF_TYPED,
};

describeEachDatabase('profile sections with drafts', (kind) => {
  let h: ApiHarness;
  const translate = getTranslator(['common', 'profile']);
  beforeAll(async () => {
    h = await startApiHarness(kind);
  });
  afterAll(() => h.close());

  async function talent(subject: string) {
    const token = await h.token(subject);
    const { body } = await h.call(CREATE, { token, variables: { data: { email: `${subject}@example.test`, profileName: 'Ada Lovelace' } } });
    const send: SendGraphql = (request) => h.call(request.query, { token, variables: request.variables });
    return { send, profileId: (body.data?.createOneTalentProfile as { id: string }).id };
  }
  const formOf = (entries: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(entries)) form.append(name, value);
    return form;
  };
  const row = async (id: string) => (await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, id)))[0]!;

  it('opening another section keeps what was typed as a draft and saves nothing', async () => {
    const { send, profileId } = await talent('drafts-1');
    const outcome = await submitProfileSection(formOf({ section: 'basics', intent: 'edit:skills', profileName: 'Ada Lovelace', description: HALF_TYPED }), send, translate);
    expect(outcome).toMatchObject({ kind: 'edited', section: 'skills', values: null, drafts: { basics: { fields: { description: HALF_TYPED } } } });
    expect((await row(profileId)).description).toBeNull();
  });

  it('adding entries carries the drafts back, and Save saves the section and the drafts in one update', async () => {
    const { send, profileId } = await talent('drafts-2');
    const added = await submitProfileSection(formOf({ section: 'skills', intent: 'add', 'skills[0].name': 'React', 'skills[0].level': 'ADVANCED', ...BASICS_DRAFT }), send, translate);
    expect(added).toMatchObject({ kind: 'edited', section: 'skills', values: { rows: [{ name: 'React' }, { name: '' }] }, drafts: { basics: { fields: { description: HALF_TYPED } } } });
    const saved = await submitProfileSection(formOf({ section: 'skills', intent: 'save', 'skills[0].name': 'React', 'skills[0].level': 'ADVANCED', 'skills[1].name': 'CSS', ...BASICS_DRAFT }), send, translate);
    expect(saved).toEqual({ kind: 'done', section: 'skills' });
    expect(await row(profileId)).toMatchObject({ description: HALF_TYPED, skills: [{ name: 'React', level: 'ADVANCED' }, { name: 'CSS' }] });
  });

  it('a draft that fails opens with its message, the section that was open carried as a draft', async () => {
    const { send, profileId } = await talent('drafts-3');
    const outcome = await submitProfileSection(formOf({ section: 'skills', intent: 'save', 'skills[0].name': 'Go', ...BASICS_DRAFT, 'drafts.basics.totalExperience': 'ten' }), send, translate);
    expect(outcome).toMatchObject({
      kind: 'invalid',
      section: 'basics',
      values: { fields: { totalExperience: 'ten', description: HALF_TYPED } },
      fieldErrors: { totalExperience: expect.any(String) },
      drafts: { skills: { rows: [{ name: 'Go' }] } },
    });
    expect((await row(profileId)).skills).toEqual([]);
  });

  it('Cancel drops the open section only: the next draft opens; with none left the page closes it', async () => {
    const { send } = await talent('drafts-4');
    expect(await submitProfileSection(formOf({ section: 'skills', intent: 'cancel', 'skills[0].name': 'Go', ...BASICS_DRAFT }), send, translate)).toMatchObject({
      kind: 'edited',
      section: 'basics',
      values: { fields: { description: HALF_TYPED } },
      drafts: {},
    });
    expect(await submitProfileSection(formOf({ section: 'skills', intent: 'cancel', 'skills[0].name': 'Go' }), send, translate)).toEqual({ kind: 'closed', section: 'skills' });
  });

  it('a carried field of an unknown section or of the open one is ignored', async () => {
    const { send, profileId } = await talent('drafts-5');
    const saved = await submitProfileSection(formOf({ section: 'basics', profileName: 'Ada', 'drafts.basics.profileName': 'Eve', 'drafts.nothing.x': 'y', description: 'Kept' }), send, translate);
    expect(saved).toEqual({ kind: 'done', section: 'basics' });
    expect(await row(profileId)).toMatchObject({ profileName: 'Ada', description: 'Kept' });
  });
});
