import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyTalentRoster, jobAd, jobDescription, talentInvitation, talentProfile, user } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// A company invites talents to one of its job ads or job descriptions, and
// follows their answers; the talent reads the invitation on their own invitations.

const SENT = 'id answer message createdAt invitedByName ignoredAt appliedAt applicationId talent { id profileName } jobAd { id title } jobDescription { id title }';
const CREATE = `mutation ($data: CreateManyTalentInvitationInput!) {
  createManyTalentInvitation(data: $data) { talentProfileId refusal invitation { ${SENT} } }
}`;
const LIST = `query ($jobAdId: ID, $answer: SentInvitationAnswer, $ids: [ID!], $page: Int, $perPage: Int) {
  findManyTalentInvitation(jobAdId: $jobAdId, answer: $answer, ids: $ids, page: $page, perPage: $perPage) { items { ${SENT} } total pageCount }
}`;
const ONE = `query ($id: ID!) { findTalentInvitation(id: $id) { ${SENT} } }`;
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const MY_INVITATIONS = '{ myInvitations { total items { id status companyName title } } }';
const MY_INVITATION = 'query ($id: ID!) { myInvitation(id: $id) { id status companyName title message invitedByName } }';
const IGNORE = 'mutation ($id: ID!) { ignoreInvitation(id: $id) { id } }';
const APPLY = 'mutation ($id: ID!) { applyToInvitation(id: $id) { id } }';

const MISSING = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

type Sent = { id: string; answer: string; message: string | null; invitedByName: string | null; appliedAt: string | null; applicationId: string | null; talent: { id: string; profileName: string }; jobAd: { id: string; title: string } | null; jobDescription: { id: string; title: string } | null };
type Outcome = { talentProfileId: string; refusal: string | null; invitation: Sent | null };
type ListPage = { items: Sent[]; total: number; pageCount: number };
type Body = { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> };
interface Talent {
  subject: string;
  profileId: string;
  userId: string;
}

describeEachDatabase('company invitations to talents', (kind) => {
  let f: CompaniesFixture;
  let tara: Talent;
  let tom: Talent;
  let rita: Talent;
  let hidden: Talent;
  let ads: { open: string; second: string; closed: string; draft: string; deleted: string; foreign: string };
  let descriptions: { own: string; deleted: string; foreign: string };

  const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;
  const fieldCodes = (body: Body) => (body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }> | undefined)?.map((error) => `${error.field}:${error.code}`);
  const invite = async (data: Record<string, unknown>, subject = 'inviter-a', companyId = f.a.id) => {
    const { body } = await f.as(subject, CREATE, { data }, companyId);
    return { outcomes: body.data?.createManyTalentInvitation as Outcome[] | undefined, body };
  };
  const list = async (variables: Record<string, unknown> = {}, subject = 'reader-a', companyId = f.a.id) =>
    (await f.as(subject, LIST, variables, companyId)).body.data?.findManyTalentInvitation as ListPage;
  const invitationCount = async () => (await f.h.database.db.select({ id: talentInvitation.id }).from(talentInvitation)).length;

  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    await f.memberWithRole('inviter-a', f.a.id, 'Inviter', { talentInvitation: { read: true, create: true }, talentProfile: { read: true } });
    await f.memberWithRole('reader-a', f.a.id, 'Invitation reader', { talentInvitation: { read: true } });
    await f.memberWithRole('blind-a', f.a.id, 'Blind', { talentProfile: { read: true } });
    await db.update(user).set({ displayName: 'Ines Inviter' }).where(eq(user.id, await f.userId('inviter-a')));

    const talent = async (subject: string, name: string): Promise<Talent> => {
      const { body } = await f.as(subject, CREATE_PROFILE, { data: { email: `${subject}@example.test`, profileName: name } });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      const [row] = await db.select({ profileId: talentProfile.id, userId: user.id }).from(user).innerJoin(talentProfile, eq(talentProfile.userId, user.id)).where(eq(user.externalId, subject));
      return { subject, ...row! };
    };
    tara = await talent('talent-tara', 'Tara Talent');
    tom = await talent('talent-tom', 'Tom Typescript');
    rita = await talent('talent-rita', 'Rita React');
    hidden = await talent('talent-hidden', 'Hidden Hanna');
    await db.update(talentProfile).set({ isVisible: false }).where(eq(talentProfile.id, hidden.profileId));

    const now = Date.now();
    const ad = async (values: Partial<typeof jobAd.$inferInsert>) =>
      (await db.insert(jobAd).values({ title: 'Role', publisherCompanyId: f.a.id, publishedAt: new Date(now - DAY), publishedUntil: new Date(now + 10 * DAY), ...values }).returning({ id: jobAd.id }))[0]!.id;
    ads = {
      open: await ad({ title: 'Frontend developer' }),
      second: await ad({ title: 'Design systems lead' }),
      closed: await ad({ title: 'Closed role', publishedAt: new Date(now - 10 * DAY), publishedUntil: new Date(now - DAY) }),
      draft: await ad({ title: 'Draft role', publishedAt: null, publishedUntil: null }),
      deleted: await ad({ title: 'Deleted role', deletedAt: new Date(now - DAY) }),
      foreign: await ad({ title: 'B role', publisherCompanyId: f.b.id }),
    };
    const description = async (values: Partial<typeof jobDescription.$inferInsert> & { companyId: string }) =>
      (await db.insert(jobDescription).values({ title: 'Platform engineer', clientCompanyId: values.companyId, ...values }).returning({ id: jobDescription.id }))[0]!.id;
    descriptions = {
      own: await description({ companyId: f.a.id }),
      deleted: await description({ companyId: f.a.id, title: 'Gone', deletedAt: new Date(now - DAY) }),
      foreign: await description({ companyId: f.b.id, title: 'B platform' }),
    };
  });
  afterAll(() => f.h.close());

  it('invites several talents to an open ad at once: one event each, addressed to the talent, who sees it on their invitations', async () => {
    const { outcomes, body } = await invite({ talentProfileIds: [tara.profileId, tom.profileId], jobAdId: ads.open, message: 'Your React work stood out.' });
    expect(body.errors).toBeUndefined();
    expect(outcomes!.map((outcome) => [outcome.talentProfileId, outcome.refusal])).toEqual([[tara.profileId, null], [tom.profileId, null]]);
    const toTara = outcomes![0]!.invitation!;
    expect(toTara).toMatchObject({ answer: 'PENDING', message: 'Your React work stood out.', invitedByName: 'Ines Inviter', talent: { profileName: 'Tara Talent' }, jobAd: { id: ads.open, title: 'Frontend developer' }, jobDescription: null });

    const [event] = await f.events('talentInvitation.create', toTara.id);
    expect(event).toMatchObject({ fromId: await f.userId('inviter-a'), toId: tara.userId });
    expect(event!.eventData).toMatchObject({ companyId: f.a.id, talentProfileId: tara.profileId, after: { jobAdId: ads.open, jobDescriptionId: null } });
    expect(await f.events('talentInvitation.create', outcomes![1]!.invitation!.id)).toHaveLength(1);

    const mine = (await f.as(tara.subject, MY_INVITATIONS)).body.data?.myInvitations as { total: number; items: Array<{ id: string; status: string; companyName: string; title: string }> };
    expect(mine.items).toEqual([{ id: toTara.id, status: 'NEW', companyName: 'Company A', title: 'Frontend developer' }]);
    expect((await f.as(tara.subject, MY_INVITATION, { id: toTara.id })).body.data?.myInvitation).toMatchObject({ message: 'Your React work stood out.', invitedByName: 'Ines Inviter' });
    // Tom's invitation is Tom's alone.
    expect(codeOf((await f.as(tom.subject, MY_INVITATION, { id: toTara.id })).body)).toBe('NOT_FOUND');
  });

  it('refuses a second invitation of a talent to the same ad (alreadyInvited) and invites the others; a job description is another role', async () => {
    const before = await invitationCount();
    const again = await invite({ talentProfileIds: [rita.profileId, tara.profileId], jobAdId: ads.open });
    expect(again.outcomes!.map((outcome) => [outcome.talentProfileId, outcome.refusal, outcome.invitation !== null])).toEqual([
      [rita.profileId, null, true],
      [tara.profileId, 'alreadyInvited', false],
    ]);
    expect(await invitationCount()).toBe(before + 1);

    const toDescription = await invite({ talentProfileIds: [tara.profileId], jobDescriptionId: descriptions.own });
    expect(toDescription.outcomes![0]).toMatchObject({ refusal: null, invitation: { jobAd: null, jobDescription: { id: descriptions.own, title: 'Platform engineer' } } });
    expect((await invite({ talentProfileIds: [tara.profileId], jobDescriptionId: descriptions.own })).outcomes![0]!.refusal).toBe('alreadyInvited');
    // The same talent twice in one batch is one talent.
    const twice = await invite({ talentProfileIds: [tom.profileId, tom.profileId], jobAdId: ads.second });
    expect(twice.outcomes).toHaveLength(1);
  });

  it('invites visible talents, or hidden ones linked to the company (its roster); refuses others as talentUnknown', async () => {
    const refused = await invite({ talentProfileIds: [hidden.profileId, MISSING], jobAdId: ads.second });
    expect(refused.outcomes!.map((outcome) => outcome.refusal)).toEqual(['talentUnknown', 'talentUnknown']);
    await f.h.database.db.insert(companyTalentRoster).values({ companyId: f.a.id, talentProfileId: hidden.profileId, currency: 'EUR', consent: 'accepted' });
    expect((await invite({ talentProfileIds: [hidden.profileId], jobAdId: ads.second })).outcomes![0]!.refusal).toBeNull();
    // On A's roster, not B's: B still may not invite the hidden talent.
    await f.memberWithRole('inviter-b', f.b.id, 'Inviter', { talentInvitation: { read: true, create: true } });
    expect((await invite({ talentProfileIds: [hidden.profileId], jobAdId: ads.foreign }, 'inviter-b', f.b.id)).outcomes![0]!.refusal).toBe('talentUnknown');
  });

  it("checks the role: exactly one, the company's own and not deleted, an ad open now; at most 50 talents; nothing is written when refused", async () => {
    const before = await invitationCount();
    const talents = [tom.profileId];
    expect(fieldCodes((await invite({ talentProfileIds: talents })).body)).toEqual(['data.jobAdId:roleRequired']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobAdId: ads.open, jobDescriptionId: descriptions.own })).body)).toEqual(['data.jobAdId:oneRole']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobAdId: ads.closed })).body)).toEqual(['data.jobAdId:jobAdNotOpen']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobAdId: ads.draft })).body)).toEqual(['data.jobAdId:jobAdNotOpen']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobAdId: ads.deleted })).body)).toEqual(['data.jobAdId:jobAdUnknown']);
    // Another company's ad and description answer like unknown ones.
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobAdId: ads.foreign })).body)).toEqual(['data.jobAdId:jobAdUnknown']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobDescriptionId: descriptions.foreign })).body)).toEqual(['data.jobDescriptionId:jobDescriptionUnknown']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobDescriptionId: descriptions.deleted })).body)).toEqual(['data.jobDescriptionId:jobDescriptionUnknown']);
    const fiftyOne = Array.from({ length: 51 }, (_, n) => `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`);
    expect(fieldCodes((await invite({ talentProfileIds: fiftyOne, jobAdId: ads.open })).body)).toEqual(['data.talentProfileIds:tooManyTalents']);
    expect(fieldCodes((await invite({ talentProfileIds: talents, jobAdId: ads.open, message: 'x'.repeat(2001) })).body)).toEqual(['data.message:tooLong']);
    expect(await invitationCount()).toBe(before);
  });

  it("lists the company's invitations newest first, by job ad and by the talent's answer, in pages; one shows the application that answered it", async () => {
    const all = await list();
    const toTara = all.items.find((item) => item.talent.id === tara.profileId && item.jobAd?.id === ads.open)!;
    const toTom = all.items.find((item) => item.talent.id === tom.profileId && item.jobAd?.id === ads.open)!;
    expect(all.total).toBe(6);
    expect((await list({ jobAdId: ads.open })).items.map((item) => item.talent.profileName).sort()).toEqual(['Rita React', 'Tara Talent', 'Tom Typescript']);

    // Tara ignores hers, Tom applies to his: the company sees both answers.
    expect((await f.as(tara.subject, IGNORE, { id: toTara.id })).body.errors).toBeUndefined();
    const applied = await f.as(tom.subject, APPLY, { id: toTom.id });
    expect(applied.body.errors).toBeUndefined();
    const applicationId = (applied.body.data?.applyToInvitation as { id: string }).id;
    expect((await list({ answer: 'IGNORED' })).items.map((item) => item.id)).toEqual([toTara.id]);
    expect((await list({ answer: 'APPLIED' })).items.map((item) => item.id)).toEqual([toTom.id]);
    expect((await list({ answer: 'PENDING' })).total).toBe(4);
    expect((await list({ jobAdId: ads.open, answer: 'PENDING' })).items.map((item) => item.talent.profileName)).toEqual(['Rita React']);

    const one = (await f.as('reader-a', ONE, { id: toTom.id }, f.a.id)).body.data?.findTalentInvitation as Sent;
    expect(one).toMatchObject({ answer: 'APPLIED', applicationId });
    expect(one.appliedAt).not.toBeNull();

    const paged = await list({ perPage: 4, page: 2 });
    expect(paged).toMatchObject({ total: 6, pageCount: 2 });
    expect(paged.items).toHaveLength(2);
    expect((await list({ ids: [toTom.id, MISSING] })).items.map((item) => item.id)).toEqual([toTom.id]);
  });

  it("answers NOT_FOUND for another company's invitation id; B's list and filters show nothing of A's", async () => {
    const [first] = (await list()).items;
    expect(codeOf((await f.as('owner-b', ONE, { id: first!.id }, f.b.id)).body)).toBe('NOT_FOUND');
    expect(codeOf((await f.as('owner-b', ONE, { id: 'not-an-id' }, f.b.id)).body)).toBe('NOT_FOUND');
    expect((await list({ jobAdId: ads.open }, 'owner-b', f.b.id)).total).toBe(0);
    expect((await list({ ids: [first!.id] }, 'owner-b', f.b.id)).total).toBe(0);
  });

  it('needs talentInvitation create to invite and read to list; nothing is written when refused', async () => {
    const before = await invitationCount();
    expect(codeOf((await invite({ talentProfileIds: [rita.profileId], jobAdId: ads.second }, 'reader-a')).body)).toBe('FORBIDDEN');
    expect(codeOf((await f.as('blind-a', LIST, {}, f.a.id)).body)).toBe('FORBIDDEN');
    const [first] = (await list()).items;
    expect(codeOf((await f.as('blind-a', ONE, { id: first!.id }, f.a.id)).body)).toBe('FORBIDDEN');
    expect(await invitationCount()).toBe(before);
  });
});
