import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentUrl } from '../../../../src/lib/uploads/media-urls';
import { companyTalentRoster, jobAd, jobDescription, talentProfile, user } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// A talent's profile as a company sees it (findTalentProfile): visible
// profiles, or hidden ones linked to the company; contact details only once the talent has
// applied to the company or accepted one of its invitations; the company's own lists.

const PROFILE = `query ($id: ID!) { findTalentProfile(id: $id) {
  id profileName jobTitle location skills languages links totalExperience isVisible isVerified hourlyRate rateCurrency
  contact { email phoneNumber documents { slot name url } }
  savedIn { id list { id label } }
} }`;
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY_TO_AD = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const INVITE = 'mutation ($data: CreateManyTalentInvitationInput!) { createManyTalentInvitation(data: $data) { refusal invitation { id } } }';
const APPLY_TO_INVITATION = 'mutation ($id: ID!) { applyToInvitation(id: $id) { id } }';
const CREATE_LIST = 'mutation ($label: String!) { createOneCompanySavedTalentList(label: $label) { id } }';
const SAVE = 'mutation ($talentProfileId: ID!, $listId: ID!) { createOneCompanySavedTalent(talentProfileId: $talentProfileId, listId: $listId) }';
const REMOVE = 'mutation ($id: ID!) { deleteOneCompanySavedTalent(id: $id) }';

const MISSING = '00000000-0000-4000-8000-000000000000';
const KEY = '3c2b1a0f-8a4d-4b7e-9c2f-5d6e7f8a9b0c.pdf';
const DAY = 86_400_000;
const SAVED_ALL = { read: true, create: true, update: true, delete: true };

type Contact = { email: string | null; phoneNumber: string | null; documents: { slot: string; name: string; url: string }[] };
type Profile = {
  id: string;
  profileName: string;
  links: { url: string }[];
  isVisible: boolean;
  contact: Contact | null;
  savedIn: { id: string; list: { id: string; label: string } }[];
};
type Body = { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> };
interface Talent {
  subject: string;
  id: string;
}

describeEachDatabase('a talent profile as a company sees it', (kind) => {
  let f: CompaniesFixture;
  let visible: Talent;
  let invited: Talent;
  let applicant: Talent;
  let stranger: Talent;
  let adId: string;
  let descriptionId: string;

  const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;
  const profileAs = async (subject: string, id: string, companyId: string) => {
    const { body } = await f.as(subject, PROFILE, { id }, companyId);
    return { profile: body.data?.findTalentProfile as Profile | null | undefined, body };
  };

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    await f.memberWithRole('scout-a', f.a.id, 'Scout', { talentProfile: { read: true }, companySavedTalent: SAVED_ALL, talentInvitation: { read: true, create: true } });
    await f.memberWithRole('lists-only-a', f.a.id, 'Lists only', { companySavedTalent: SAVED_ALL });
    await f.memberWithRole('profiles-only-a', f.a.id, 'Profiles only', { talentProfile: { read: true } });
    await f.memberWithRole('scout-b', f.b.id, 'Scout', { talentProfile: { read: true }, companySavedTalent: SAVED_ALL });

    const talent = async (subject: string, name: string): Promise<Talent> => {
      const { body } = await f.as(subject, CREATE_PROFILE, { data: { email: `${subject}@example.test`, profileName: name } });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      const id = (body.data?.createOneTalentProfile as { id: string }).id;
      await db.update(talentProfile).set({
        jobTitle: 'Frontend developer',
        skills: [{ name: 'React', level: 'expert' }],
        languages: [{ language: 'English', level: 'C2' }],
        links: [{ label: 'Portfolio', url: 'https://example.test/portfolio' }, { label: 'Mail', url: 'mailto:someone@example.test' }],
        cv: { url: documentUrl(id, KEY), name: 'CV.pdf', contentType: 'application/pdf', size: 1000 },
      }).where(eq(talentProfile.id, id));
      await db.update(user).set({ phoneNumber: '+4930123456' }).where(eq(user.id, await f.userId(subject)));
      return { subject, id };
    };
    visible = await talent('talent-vera', 'Vera Visible');
    invited = await talent('talent-ivan', 'Ivan Invited');
    applicant = await talent('talent-hana', 'Hana Hidden');
    stranger = await talent('talent-sam', 'Sam Stranger');
    await db.update(talentProfile).set({ isVisible: false }).where(eq(talentProfile.id, applicant.id));
    await db.update(talentProfile).set({ isVisible: false }).where(eq(talentProfile.id, stranger.id));

    const now = Date.now();
    adId = (await db.insert(jobAd).values({ title: 'Frontend developer', publisherCompanyId: f.a.id, publishedAt: new Date(now - DAY), publishedUntil: new Date(now + 10 * DAY) }).returning({ id: jobAd.id }))[0]!.id;
    descriptionId = (await db.insert(jobDescription).values({ title: 'Platform engineer', companyId: f.a.id, clientCompanyId: f.a.id, openForApplications: true }).returning({ id: jobDescription.id }))[0]!.id;
  });
  afterAll(() => f.h.close());

  it('needs talentProfile read: FORBIDDEN without it, whatever else the role may do', async () => {
    expect(codeOf((await profileAs('lists-only-a', visible.id, f.a.id)).body)).toBe('FORBIDDEN');
    // Without a selected company there is no company to see the profile as.
    expect(codeOf((await f.as('scout-a', PROFILE, { id: visible.id })).body)).toBe('FORBIDDEN');
  });

  it('shows a visible profile\'s summary without contact details; only web links', async () => {
    const { profile, body } = await profileAs('scout-a', visible.id, f.a.id);
    expect(body.errors).toBeUndefined();
    expect(profile).toMatchObject({ id: visible.id, profileName: 'Vera Visible', isVisible: true, contact: null, savedIn: [] });
    expect(profile!.links.map((link) => link.url)).toEqual(['https://example.test/portfolio']);
  });

  it('answers a hidden, unlinked profile NOT_FOUND, like an unknown or malformed id', async () => {
    for (const id of [stranger.id, MISSING, 'not-an-id']) expect(codeOf((await profileAs('scout-a', id, f.a.id)).body), id).toBe('NOT_FOUND');
    await f.h.database.db.update(talentProfile).set({ deletedAt: new Date() }).where(eq(talentProfile.id, stranger.id));
    expect(codeOf((await profileAs('scout-a', stranger.id, f.a.id)).body)).toBe('NOT_FOUND');
  });

  it('contact details stay hidden until the talent applies or accepts an invitation', async () => {
    // Invited, not yet answered: still no contact details.
    const { body: invitedBody } = await f.as('scout-a', INVITE, { data: { talentProfileIds: [invited.id], jobDescriptionId: descriptionId } }, f.a.id);
    const invitation = (invitedBody.data?.createManyTalentInvitation as { refusal: string | null; invitation: { id: string } | null }[])[0]!;
    expect(invitation.refusal).toBeNull();
    expect((await profileAs('scout-a', invited.id, f.a.id)).profile!.contact).toBeNull();

    // Accepting the invitation is applying through it: now company A sees them.
    expect((await f.as(invited.subject, APPLY_TO_INVITATION, { id: invitation.invitation!.id })).body.errors).toBeUndefined();
    const seen = (await profileAs('scout-a', invited.id, f.a.id)).profile!;
    expect(seen.contact).toEqual({
      email: 'talent-ivan@example.test',
      phoneNumber: '+4930123456',
      documents: [{ slot: 'cv', name: 'CV.pdf', url: documentUrl(invited.id, KEY) }],
    });
    // Another company's context: the application is A's, not B's.
    expect((await profileAs('scout-b', invited.id, f.b.id)).profile!.contact).toBeNull();

    // A talent who applied directly to an ad of A, with a hidden profile: A reaches the
    // profile and its contact details; B, which the talent never applied to, does not reach it.
    expect((await f.as(applicant.subject, APPLY_TO_AD, { data: { jobAdId: adId } })).body.errors).toBeUndefined();
    const hidden = (await profileAs('profiles-only-a', applicant.id, f.a.id)).profile!;
    expect(hidden).toMatchObject({ isVisible: false, contact: { email: 'talent-hana@example.test', phoneNumber: '+4930123456' } });
    expect(codeOf((await profileAs('scout-b', applicant.id, f.b.id)).body)).toBe('NOT_FOUND');
  });

  it('a hidden talent on the roster is reached, still without contact details', async () => {
    const rostered = (await f.h.database.db.insert(talentProfile).values({ profileName: 'Rosa Roster', email: 'rosa@example.test', isVisible: false }).returning({ id: talentProfile.id }))[0]!.id;
    expect(codeOf((await profileAs('scout-a', rostered, f.a.id)).body)).toBe('NOT_FOUND');
    await f.h.database.db.insert(companyTalentRoster).values({ companyId: f.a.id, talentProfileId: rostered, currency: 'EUR', consent: 'accepted' });
    expect((await profileAs('scout-a', rostered, f.a.id)).profile).toMatchObject({ profileName: 'Rosa Roster', contact: null });
  });

  it("lists the company's own lists holding the talent; another company's list id is refused", async () => {
    const listA = ((await f.as('scout-a', CREATE_LIST, { label: 'Profile picks' }, f.a.id)).body.data?.createOneCompanySavedTalentList as { id: string }).id;
    const listB = ((await f.as('scout-b', CREATE_LIST, { label: 'B picks' }, f.b.id)).body.data?.createOneCompanySavedTalentList as { id: string }).id;
    const entry = (await f.as('scout-a', SAVE, { talentProfileId: visible.id, listId: listA }, f.a.id)).body.data?.createOneCompanySavedTalent as string;
    expect(entry).toBeTruthy();
    // A hidden talent linked to A (the applicant) may be saved too.
    expect((await f.as('scout-a', SAVE, { talentProfileId: applicant.id, listId: listA }, f.a.id)).body.errors).toBeUndefined();
    // Cross-company probes: A's member cannot save into B's list, nor B's remove A's entry.
    expect(codeOf((await f.as('scout-a', SAVE, { talentProfileId: visible.id, listId: listB }, f.a.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('scout-b', REMOVE, { id: entry }, f.b.id)).body)).toBe('NOT_FOUND');
    await f.as('scout-b', SAVE, { talentProfileId: visible.id, listId: listB }, f.b.id);

    expect((await profileAs('scout-a', visible.id, f.a.id)).profile!.savedIn).toEqual([{ id: entry, list: { id: listA, label: 'Profile picks' } }]);
    expect((await profileAs('scout-b', visible.id, f.b.id)).profile!.savedIn.map((saved) => saved.list.label)).toEqual(['B picks']);
    // Without companySavedTalent read the lists are not shown.
    expect((await profileAs('profiles-only-a', visible.id, f.a.id)).profile!.savedIn).toEqual([]);

    expect((await f.as('scout-a', REMOVE, { id: entry }, f.a.id)).body.data?.deleteOneCompanySavedTalent).toBe(true);
    expect((await profileAs('scout-a', visible.id, f.a.id)).profile!.savedIn).toEqual([]);
  });
});
