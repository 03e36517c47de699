import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyTalentRoster, talentProfile } from '../../../../src/server/db/schema';
import { documentUrl } from '../../../../src/lib/uploads/media-urls';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const NOTES = 'query ($talentProfileId: ID!) { findManyCompanyTalentNote(talentProfileId: $talentProfileId) { id note private authorName isMine } }';
const CREATE_NOTE = 'mutation ($talentProfileId: ID!, $data: CompanyTalentNoteInput!) { createOneCompanyTalentNote(talentProfileId: $talentProfileId, data: $data) { id note private isMine } }';
const UPDATE_NOTE = 'mutation ($id: ID!, $data: CompanyTalentNoteInput!) { updateOneCompanyTalentNote(id: $id, data: $data) { id note private } }';
const DELETE_NOTE = 'mutation ($id: ID!) { deleteOneCompanyTalentNote(id: $id) }';
const DOCUMENT = 'query ($talentProfileId: ID!, $key: String!) { findTalentDocument(talentProfileId: $talentProfileId, key: $key) { name } }';
const APPLICATION = 'query ($id: ID!) { findTalentJobApplication(id: $id) { documents { slot name url } } }';
const NOTE_ALL = { read: true, create: true, update: true, delete: true };
const KEY = '0b8f3c1e-8a4d-4b7e-9c2f-5d6e7f8a9b0c.pdf';

type Note = { id: string; note: string; private: boolean; isMine: boolean; authorName: string | null };

describeEachDatabase('notes on talents and company access to their documents', (kind) => {
  let f: CompaniesFixture;
  let applicant: string;
  let stranger: string;
  let applicationId: string;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    await f.memberWithRole('noter-a', f.a.id, 'Noter', { companyTalentNote: NOTE_ALL, talentProfile: { read: true }, talentJobApplication: { read: true } });
    await f.memberWithRole('colleague-a', f.a.id, 'Colleague', { companyTalentNote: NOTE_ALL, talentProfile: { read: true } });
    await f.memberWithRole('blind-a', f.a.id, 'No profiles', { companyTalentNote: { read: true }, talentJobApplication: { read: true } });
    const ad = await f.as('owner-a', CREATE_AD, { data: { title: 'Notes role', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id);
    const adId = (ad.body.data?.createOneJobAd as { id: string }).id;
    const create = async (subject: string) => {
      const token = await f.h.token(subject);
      const created = await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      return { token, id: (created.body.data?.createOneTalentProfile as { id: string }).id };
    };
    const a = await create('applicant');
    applicant = a.id;
    applicationId = ((await f.h.call(APPLY, { token: a.token, variables: { data: { jobAdId: adId } } })).body.data?.applyToJobAd as { id: string }).id;
    stranger = (await create('stranger')).id;
    // Hidden profiles: only a link (application, roster) lets a company near them.
    await f.h.database.db.update(talentProfile).set({ isVisible: false }).where(eq(talentProfile.id, stranger));
    for (const id of [applicant, stranger]) {
      await f.h.database.db.update(talentProfile).set({ cv: { url: documentUrl(id, KEY), name: 'CV.pdf', contentType: 'application/pdf', size: 1000 } }).where(eq(talentProfile.id, id));
    }
  });
  afterAll(() => f.h.close());

  it('a shared note is read by colleagues; a private one by its author only; each write has its event', async () => {
    const shared = (await f.as('noter-a', CREATE_NOTE, { talentProfileId: applicant, data: { note: ' Strong Rust ' } }, f.a.id)).body.data?.createOneCompanyTalentNote as Note;
    expect(shared).toMatchObject({ note: 'Strong Rust', private: false, isMine: true });
    const secret = (await f.as('noter-a', CREATE_NOTE, { talentProfileId: applicant, data: { note: 'Salary hint', private: true } }, f.a.id)).body.data?.createOneCompanyTalentNote as Note;
    expect(await f.events('companyTalentNote.create', secret.id)).toHaveLength(1);
    const colleague = (await f.as('colleague-a', NOTES, { talentProfileId: applicant }, f.a.id)).body.data?.findManyCompanyTalentNote as Note[];
    expect(colleague.map((note) => [note.note, note.isMine])).toEqual([['Strong Rust', false]]);
    const author = (await f.as('noter-a', NOTES, { talentProfileId: applicant }, f.a.id)).body.data?.findManyCompanyTalentNote as Note[];
    expect(author.map((note) => note.note)).toEqual(['Salary hint', 'Strong Rust']);
    // Only the author edits or deletes; another's private note is not even there.
    expect((await f.as('colleague-a', UPDATE_NOTE, { id: shared.id, data: { note: 'Mine now' } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await f.as('colleague-a', DELETE_NOTE, { id: secret.id }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const edited = (await f.as('noter-a', UPDATE_NOTE, { id: shared.id, data: { note: 'Strong Rust, weak SQL', private: true } }, f.a.id)).body.data?.updateOneCompanyTalentNote as Note;
    expect(edited).toMatchObject({ note: 'Strong Rust, weak SQL', private: true });
    expect((await f.events('companyTalentNote.update', shared.id))[0]?.eventData).toMatchObject({ before: { private: false }, after: { private: true } });
    expect((await f.as('noter-a', DELETE_NOTE, { id: shared.id }, f.a.id)).body.data?.deleteOneCompanyTalentNote).toBe(true);
    expect(await f.events('companyTalentNote.delete', shared.id)).toHaveLength(1);
  });

  it('refuses an empty note with its code, a hidden unlinked talent and another company\'s note as NOT_FOUND', async () => {
    const empty = await f.as('noter-a', CREATE_NOTE, { talentProfileId: applicant, data: { note: '   ' } }, f.a.id);
    expect((empty.body.errors?.[0]?.extensions?.fieldErrors as { code: string }[])[0]?.code).toBe('noteRequired');
    expect((await f.as('noter-a', NOTES, { talentProfileId: stranger }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('noter-a', CREATE_NOTE, { talentProfileId: stranger, data: { note: 'x' } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bNote = (await f.as('owner-b', CREATE_NOTE, { talentProfileId: applicant, data: { note: 'B thinks' } }, f.b.id)).body.data?.createOneCompanyTalentNote as Note;
    expect((await f.as('noter-a', UPDATE_NOTE, { id: bNote.id, data: { note: 'x' } }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(((await f.as('noter-a', NOTES, { talentProfileId: applicant }, f.a.id)).body.data?.findManyCompanyTalentNote as Note[]).some((note) => note.note === 'B thinks')).toBe(false);
  });

  it('a company reads the CV of a talent who applied, through a role that reads profiles, and the download is recorded', async () => {
    const read = await f.as('noter-a', DOCUMENT, { talentProfileId: applicant, key: KEY }, f.a.id);
    expect(read.body.data?.findTalentDocument).toEqual({ name: 'CV.pdf' });
    const [event] = await f.events('talentDocument.read', applicant);
    expect(event?.eventData).toMatchObject({ companyId: f.a.id, slot: 'cv', key: KEY });
    expect(event?.toId).toBe(await f.userId('applicant'));
    const listed = (await f.as('noter-a', APPLICATION, { id: applicationId }, f.a.id)).body.data?.findTalentJobApplication as { documents: { slot: string; url: string }[] };
    expect(listed.documents).toEqual([{ slot: 'cv', name: 'CV.pdf', url: documentUrl(applicant, KEY) }]);
  });

  it('refuses the CV to a role without talentProfile read, to another company, to an unlinked talent; the roster opens it', async () => {
    expect((await f.as('blind-a', DOCUMENT, { talentProfileId: applicant, key: KEY }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(((await f.as('blind-a', APPLICATION, { id: applicationId }, f.a.id)).body.data?.findTalentJobApplication as { documents: unknown[] }).documents).toEqual([]);
    expect((await f.as('owner-b', DOCUMENT, { talentProfileId: applicant, key: KEY }, f.b.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await f.as('noter-a', DOCUMENT, { talentProfileId: stranger, key: KEY }, f.a.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await f.h.database.db.insert(companyTalentRoster).values({ companyId: f.a.id, talentProfileId: stranger, currency: 'EUR', consent: 'accepted' });
    expect((await f.as('noter-a', DOCUMENT, { talentProfileId: stranger, key: KEY }, f.a.id)).body.data?.findTalentDocument).toEqual({ name: 'CV.pdf' });
    // The talent's own read is not logged as a company read.
    expect((await f.h.call(DOCUMENT, { token: await f.h.token('stranger'), variables: { talentProfileId: stranger, key: KEY } })).body.data?.findTalentDocument).toEqual({ name: 'CV.pdf' });
    expect(await f.events('talentDocument.read', stranger)).toHaveLength(1);
  });
});
