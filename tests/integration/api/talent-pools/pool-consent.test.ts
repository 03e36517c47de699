import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { companySavedTalent, talentPoolConsent, talentProfile } from '../../../../src/server/db/schema';
import { inRequestLanguage } from '../../../../src/server/api/request-language';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import { startImpersonating } from '../../../support/api-harness';
import { readOutbox } from '../../../support/outbox';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Consent for talent pools (lib/talent-pools/pool-consent.ts): a company's first save of a
// talent asks her; she answers alone, with the words she was shown kept; a no removes her
// from the company's saved talents and stops it saving her again.

const CREATE_LIST = 'mutation ($label: String!) { createOneCompanySavedTalentList(label: $label) { id } }';
const SAVE = 'mutation ($talentProfileId: ID!, $listId: ID!) { createOneCompanySavedTalent(talentProfileId: $talentProfileId, listId: $listId) }';
const ENTRIES = 'query ($listId: ID!) { findManyCompanySavedTalent(listId: $listId) { items { talentProfileId poolConsent } total } }';
const MINE = '{ myTalentPoolConsents { total items { id companyName status answers shownText shownLanguage answeredAt validUntil } } }';
const ANSWER = 'mutation ($id: ID!, $answer: TalentPoolConsentAnswer!) { answerMyTalentPoolConsent(id: $id, answer: $answer) { id status } }';

type Consent = { id: string; companyName: string; status: string; answers: string[]; shownText: string | null; shownLanguage: string | null; answeredAt: string | null; validUntil: string | null };

describeEachDatabase('consent for talent pools', (kind) => {
  let f: CompaniesFixture;
  let outboxDir: string;
  let talentId: string;
  let listA: string;
  let listB: string;
  const mine = async (subject: string, headers: Record<string, string> = {}) =>
    ((await f.h.call(MINE, { token: await f.h.token(subject), headers })).body.data?.myTalentPoolConsents as { total: number; items: Consent[] }).items;
  const answer = async (subject: string, id: string, value: string, headers: Record<string, string> = {}) =>
    (await f.h.call(ANSWER, { token: await f.h.token(subject), variables: { id, answer: value }, headers })).body;
  const savedIn = async (listId: string, companyId: string) =>
    (await f.as('owner-' + (companyId === f.a.id ? 'a' : 'b'), ENTRIES, { listId }, companyId)).body.data?.findManyCompanySavedTalent as { items: { talentProfileId: string; poolConsent: string | null }[]; total: number };

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'tp-pool-consent-'));
    f = await startCompaniesFixture(kind, { mail: { mailer: createOutboxMailer({ directory: outboxDir, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} }) } });
    const userId = await f.userId('pia');
    [{ id: talentId }] = (await f.h.database.db
      .insert(talentProfile)
      .values({ userId, externalUserId: 'pia', email: 'pia@example.test', profileName: 'Pia Pool', jobTitle: 'pool engineer' })
      .returning({ id: talentProfile.id })) as [{ id: string }];
    await f.userId('other-talent');
    listA = ((await f.as('owner-a', CREATE_LIST, { label: 'Leads' }, f.a.id)).body.data?.createOneCompanySavedTalentList as { id: string }).id;
    listB = ((await f.as('owner-b', CREATE_LIST, { label: 'Leads' }, f.b.id)).body.data?.createOneCompanySavedTalentList as { id: string }).id;
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("asks her on the company's first save only, with one event addressed to her and one mail leading to her settings", async () => {
    expect((await f.as('owner-a', SAVE, { talentProfileId: talentId, listId: listA }, f.a.id)).body.errors).toBeUndefined();
    const second = ((await f.as('owner-a', CREATE_LIST, { label: 'More' }, f.a.id)).body.data?.createOneCompanySavedTalentList as { id: string }).id;
    expect((await f.as('owner-a', SAVE, { talentProfileId: talentId, listId: second }, f.a.id)).body.errors).toBeUndefined();
    const [request, ...more] = await mine('pia');
    expect(more).toEqual([]);
    expect(request).toMatchObject({ companyName: 'Company A', status: 'requested', answers: ['accepted', 'declined'], shownText: null, validUntil: null });
    const events = await f.events('talentPoolConsent.create', request!.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.toId).toBe(await f.userId('pia'));
    expect((await savedIn(listA, f.a.id)).items).toEqual([{ talentProfileId: talentId, poolConsent: 'requested' }]);
    await f.h.eventMail!.settled();
    const [mail, ...others] = readOutbox(outboxDir).filter((entry) => entry.to.includes('pia@example.test'));
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Company A asks to keep you in its talent pool');
    expect(mail?.text).toContain('https://talentplace.test/edit-account#talent-pools-heading');
  });

  it('keeps the words she was shown, in her language, with a yes valid for the company’s period (two years by default); the company sees it', async () => {
    const [request] = await mine('pia');
    // The API answers in the request's language (main.ts sets it from Accept-Language; the harness calls in process).
    const body = await inRequestLanguage('fr', () => answer('pia', request!.id, 'accepted'));
    expect(body.errors).toBeUndefined();
    const [agreed] = await mine('pia');
    expect(agreed).toMatchObject({ status: 'accepted', answers: ['accepted', 'withdrawn'], shownLanguage: 'fr', shownText: getTranslator(['common'], 'fr')('talentPools.consentText', { company: 'Company A' }) });
    expect(agreed!.shownText).toContain('Company A souhaite vous garder');
    expect(new Date(agreed!.validUntil!).getUTCFullYear()).toBe(new Date(agreed!.answeredAt!).getUTCFullYear() + 2);
    const [event] = await f.events('talentPoolConsent.update', request!.id);
    expect(event).toMatchObject({ toId: f.a.id, eventData: expect.objectContaining({ before: { status: 'requested' }, after: expect.objectContaining({ status: 'accepted' }) }) });
    expect((await savedIn(listA, f.a.id)).items[0]?.poolConsent).toBe('accepted');
    // A decline is for an open request: after a yes, it is a withdrawal (refused with its code).
    expect((await answer('pia', request!.id, 'declined')).errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'answerNotAllowed' });
  });

  it("takes her out of every list of the company when she withdraws, and refuses the company's next save", async () => {
    const [agreed] = await mine('pia');
    expect((await answer('pia', agreed!.id, 'withdrawn')).errors).toBeUndefined();
    const left = await f.h.database.db.select().from(companySavedTalent).where(and(eq(companySavedTalent.companyId, f.a.id), eq(companySavedTalent.talentProfileId, talentId)));
    expect(left).toEqual([]);
    const events = await f.events('talentPoolConsent.update', agreed!.id);
    expect(events.at(-1)?.eventData).toMatchObject({ after: expect.objectContaining({ status: 'withdrawn' }), removedSavedTalents: 2 });
    const refused = await f.as('owner-a', SAVE, { talentProfileId: talentId, listId: listA }, f.a.id);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'poolDeclined' });
    expect(refused.body.errors?.[0]?.message).toBe(getTranslator()('savedTalents.errors.poolDeclined'));
    // The company's talent search says so before anyone tries.
    const found = await f.as('owner-a', '{ findManyTalentProfile(search: { q: "pool" }) { items { profileName poolDeclined } } }', {}, f.a.id);
    expect((found.body.data?.findManyTalentProfile as { items: Array<{ profileName: string; poolDeclined: boolean }> }).items).toContainEqual({ profileName: 'Pia Pool', poolDeclined: true });
    const elsewhere = await f.as('owner-b', '{ findManyTalentProfile(search: { q: "pool" }) { items { profileName poolDeclined } } }', {}, f.b.id);
    expect((elsewhere.body.data?.findManyTalentProfile as { items: Array<{ profileName: string; poolDeclined: boolean }> }).items).toContainEqual({ profileName: 'Pia Pool', poolDeclined: false });
    // Another company asks on its own; her no to A does not answer B.
    expect((await f.as('owner-b', SAVE, { talentProfileId: talentId, listId: listB }, f.b.id)).body.errors).toBeUndefined();
    expect((await mine('pia')).map((consent) => [consent.companyName, consent.status])).toEqual([['Company B', 'requested'], ['Company A', 'withdrawn']]);
    // She may still agree after a no; the company may then save her again.
    expect((await answer('pia', agreed!.id, 'accepted')).errors).toBeUndefined();
    expect((await f.as('owner-a', SAVE, { talentProfileId: talentId, listId: listA }, f.a.id)).body.errors).toBeUndefined();
  });

  it('declining an open request removes her at once too', async () => {
    const request = (await mine('pia')).find((consent) => consent.companyName === 'Company B')!;
    expect((await answer('pia', request.id, 'declined')).errors).toBeUndefined();
    expect((await savedIn(listB, f.b.id)).total).toBe(0);
    const [row] = await f.h.database.db.select().from(talentPoolConsent).where(eq(talentPoolConsent.id, request.id));
    expect(row).toMatchObject({ status: 'declined', shownLanguage: 'en' });
  });

  it('answers only her own requests: another talent, a company member and an unknown id are NOT_FOUND (attack: answering for someone else)', async () => {
    const [request] = await mine('pia');
    expect(await mine('other-talent')).toEqual([]);
    expect((await answer('other-talent', request!.id, 'declined')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await answer('owner-a', request!.id, 'declined')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await answer('pia', '00000000-0000-4000-8000-000000000000', 'declined')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await answer('pia', 'not-an-id', 'declined')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses whoever acts as her: consent is hers alone (attack: support agreeing in her name)', async () => {
    const [request] = await mine('pia');
    const support = await f.h.token('sam-support', { roles: ['super:impersonate'] });
    await startImpersonating(f.h, support, 'pia');
    const asPia = { 'x-impersonate-as': 'pia' };
    const { body } = await f.h.call(ANSWER, { token: support, variables: { id: request!.id, answer: request!.answers[0] }, headers: asPia });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'impersonating' });
    const [unchanged] = await mine('pia');
    expect(unchanged!.status).toBe(request!.status);
  });
});
