import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitDeleteAccountForm } from '../../../../src/lib/account/account-operations';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { companyOnUser, generalEventslog, jobAd, message, messageThread, personalDataExport, talentJobApplication, talentProfile, user } from '../../../../src/server/db/schema';
import { messageAttachmentUrl } from '../../../../src/lib/messages/message-attachments';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import { startApiHarness, startImpersonating, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY } from '../companies-fixture';

// Deleting one's own account (the account deletion rule, docs/personal-data.md): confirmed by
// the account's address; refused to whoever acts as the user, to a platform admin and to a
// company's only owner; then the admin's erasure, every session ended, user.delete recorded.

const t = getTranslator();
const DELETION = '{ myAccountDeletion { refusal soleOwnedCompanies { id name } } }';
const DELETE_ME = 'mutation ($confirmation: String!) { deleteMe(confirmation: $confirmation) }';
const FIND_ME = '{ findMe { id } }';

describeEachDatabase('deleting your own account', (kind) => {
  let h: ApiHarness;
  let storage: FileStorage;
  const ended: string[] = [];
  const forgotten: string[] = [];
  beforeAll(async () => {
    storage = await createDiskFileStorage(mkdtempSync(path.join(tmpdir(), 'tp-account-deletion-')));
    h = await startApiHarness(kind, { storage, userSessions: { endAll: async (externalId) => ended.push(externalId) }, pendingMail: { forget: async (address) => forgotten.push(address) } });
  });
  afterAll(() => h.close());

  /** A signed-in user with a row (the context provisions it on the first call). */
  const signedIn = async (name: string, roles: string[] = []) => {
    const externalId = `${name}-${randomUUID()}`;
    const email = `${externalId}@example.test`;
    const token = await h.token(externalId, { email, roles });
    expect((await h.call(FIND_ME, { token })).body.errors).toBeUndefined();
    const [row] = await h.database.db.select().from(user).where(eq(user.externalId, externalId));
    return { token, externalId, email, userId: row!.id };
  };
  const deletion = async (token: string, headers: Record<string, string> = {}) => (await h.call(DELETION, { token, headers })).body.data?.myAccountDeletion as { refusal: string | null; soleOwnedCompanies: Array<{ id: string; name: string }> } | undefined;
  const deleteMe = (token: string, confirmation: string, headers: Record<string, string> = {}) => h.call(DELETE_ME, { token, variables: { confirmation }, headers });
  const reasonOf = (body: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => [body.errors?.[0]?.extensions?.code, body.errors?.[0]?.extensions?.reason];
  const statusOf = async (userId: string) => (await h.database.db.select({ status: user.status }).from(user).where(eq(user.id, userId)))[0]?.status;

  it("deletes a talent's account confirmed with its address: profile emptied as an admin's deletion empties it, her archives and the files of her conversations deleted, sessions ended, user.delete recorded", async () => {
    const talent = await signedIn('tala');
    const db = h.database.db;
    const [profile] = await db.insert(talentProfile).values({ userId: talent.userId, externalUserId: talent.externalId, email: talent.email, profileName: 'Tala T.', jobTitle: 'Data engineer' }).returning({ id: talentProfile.id });
    expect(await deletion(talent.token)).toEqual({ refusal: null, soleOwnedCompanies: [] });
    // An archive of her data she asked for goes too, file and all.
    const archiveKey = `${randomUUID()}.zip`;
    await storage.put(archiveKey, new Uint8Array([80, 75]), 'application/zip');
    await db.insert(personalDataExport).values({ userId: talent.userId, status: 'ready', fileKey: archiveKey, readyAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) });
    // So does a file a company sent her in a conversation about her application.
    const owner = await signedIn('omar');
    const companyId = ((await h.call(CREATE_COMPANY, { token: owner.token, variables: { data: { name: 'Erasure Co' } } })).body.data?.createOneCompany as { id: string }).id;
    const [ad] = await db.insert(jobAd).values({ title: 'Data engineer', publisherCompanyId: companyId, publishedAt: new Date() }).returning({ id: jobAd.id });
    const [application] = await db.insert(talentJobApplication).values({ jobAdId: ad!.id, talentProfileId: profile!.id }).returning({ id: talentJobApplication.id });
    const [thread] = await db.insert(messageThread).values({ companyId, talentProfileId: profile!.id, jobApplicationId: application!.id }).returning({ id: messageThread.id });
    const attachmentKey = `${randomUUID()}.pdf`;
    await storage.put(attachmentKey, new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    const messageId = randomUUID();
    await db.insert(message).values({ id: messageId, threadId: thread!.id, fromCompany: true, body: 'Our offer', attachments: [{ url: messageAttachmentUrl({ messageId, key: attachmentKey }), name: 'offer.pdf' }] });

    const { body } = await deleteMe(talent.token, `  ${talent.email.toUpperCase()} `);
    expect(body).toEqual({ data: { deleteMe: true } });
    expect(await statusOf(talent.userId)).toBe('deleted');
    const [erased] = await db.select().from(talentProfile).where(eq(talentProfile.id, profile!.id));
    expect(erased).toMatchObject({ profileName: null, jobTitle: null, isVisible: false });
    expect(erased!.deletedAt).not.toBeNull();
    expect(ended).toContain(talent.externalId);
    // The mail still held for her address (a retry, an outbox copy) is forgotten too.
    expect(forgotten).toContain(talent.email);
    expect(await db.select().from(personalDataExport).where(eq(personalDataExport.userId, talent.userId))).toEqual([]);
    expect(await storage.get(archiveKey)).toBeNull();
    expect(await db.select().from(messageThread).where(eq(messageThread.id, thread!.id))).toEqual([]);
    expect(await storage.get(attachmentKey)).toBeNull();
    const events = await db.select().from(generalEventslog).where(and(eq(generalEventslog.fromId, talent.userId), eq(generalEventslog.type, 'user.delete')));
    expect(events).toHaveLength(1);
    expect(events[0]!.eventData).toMatchObject({ entityId: talent.userId, self: true, erased: true });
    expect(JSON.stringify(events[0]!.eventData)).not.toContain(talent.email);
    // The token still verifies, but the account is gone: every call is refused.
    expect((await h.call(FIND_ME, { token: talent.token })).body.errors).toBeDefined();
  });

  it('refuses another address on its field and keeps the account; the page words it and keeps what was typed', async () => {
    const member = await signedIn('mira');
    const { body } = await deleteMe(member.token, 'someone@example.test');
    expect(reasonOf(body)[0]).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'confirmation', code: 'confirmationMismatch', message: t('account.errors.confirmationMismatch') }]);
    expect(await statusOf(member.userId)).toBe('active');

    const send: SendGraphql = (request) => h.call(request.query, { token: member.token, variables: request.variables });
    const form = new FormData();
    form.set('confirmation', 'mira@example.test');
    expect(await submitDeleteAccountForm(form, send, t)).toEqual({ kind: 'invalid', values: { confirmation: 'mira@example.test' }, fieldErrors: { confirmation: t('account.errors.confirmationMismatch') }, formError: null, status: 422 });
  });

  it("refuses a company's only owner, naming the company, until another member holds the owner role", async () => {
    const owner = await signedIn('olga');
    const created = await h.call(CREATE_COMPANY, { token: owner.token, variables: { data: { name: 'Olga Studio', country: 'fr', accountingCurrency: 'eur' } } });
    const companyId = (created.body.data?.createOneCompany as { id: string }).id;
    expect(await deletion(owner.token)).toEqual({ refusal: 'soleOwner', soleOwnedCompanies: [{ id: companyId, name: 'Olga Studio' }] });
    const { body } = await deleteMe(owner.token, owner.email);
    expect(reasonOf(body)).toEqual(['CONFLICT', 'soleOwner']);
    expect(await statusOf(owner.userId)).toBe('active');

    // A second owner: the first may go, and the company keeps its other owner.
    const second = await signedIn('otto');
    const [ownerMembership] = await h.database.db.select().from(companyOnUser).where(eq(companyOnUser.userId, owner.userId));
    await h.database.db.insert(companyOnUser).values({ companyId, userId: second.userId, roleId: ownerMembership!.roleId });
    expect(await deletion(owner.token)).toEqual({ refusal: null, soleOwnedCompanies: [] });
    expect((await deleteMe(owner.token, owner.email)).body).toEqual({ data: { deleteMe: true } });
    expect(await h.database.db.select({ userId: companyOnUser.userId }).from(companyOnUser).where(eq(companyOnUser.companyId, companyId))).toEqual([{ userId: second.userId }]);
  });

  it('refuses a platform admin', async () => {
    const admin = await signedIn('ada', ['super:admin']);
    expect((await deletion(admin.token))?.refusal).toBe('adminAccount');
    expect(reasonOf((await deleteMe(admin.token, admin.email)).body)).toEqual(['FORBIDDEN', 'adminAccount']);
    expect(await statusOf(admin.userId)).toBe('active');
  });

  it('refuses support acting as the user: nobody deletes the account they act as (attack: an impersonator erasing a talent)', async () => {
    const talent = await signedIn('tess');
    const support = await signedIn('sam', ['super:impersonate']);
    await startImpersonating(h, support.token, talent.externalId);
    const asTalent = { 'x-impersonate-as': talent.externalId };
    expect((await deletion(support.token, asTalent))?.refusal).toBe('impersonating');
    expect(reasonOf((await deleteMe(support.token, talent.email, asTalent)).body)).toEqual(['FORBIDDEN', 'impersonating']);
    expect(await statusOf(talent.userId)).toBe('active');
    expect(await statusOf(support.userId)).toBe('active');
  });

  it('refuses a token whose credentials were typed more than 15 minutes ago, or that does not say when (attack: a token taken from a browser left signed in)', async () => {
    const talent = await signedIn('sid');
    const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) - minutes * 60;
    for (const authTime of [minutesAgo(16), null]) {
      const stale = await h.token(talent.externalId, { email: talent.email, authTime });
      expect((await deletion(stale))?.refusal).toBe('signInAgain');
      expect(reasonOf((await deleteMe(stale, talent.email)).body)).toEqual(['FORBIDDEN', 'signInAgain']);
      expect(await statusOf(talent.userId)).toBe('active');
    }
    // The page words the refusal above the form and keeps what was typed.
    const stale = await h.token(talent.externalId, { email: talent.email, authTime: minutesAgo(30) });
    const send: SendGraphql = (request) => h.call(request.query, { token: stale, variables: request.variables });
    const form = new FormData();
    form.set('confirmation', talent.email);
    expect(await submitDeleteAccountForm(form, send, t)).toEqual({ kind: 'invalid', values: { confirmation: talent.email }, fieldErrors: {}, formError: t('account.errors.signInAgain'), status: 403 });
    // Signed in again a minute ago: it goes through.
    const fresh = await h.token(talent.externalId, { email: talent.email, authTime: minutesAgo(1) });
    expect((await deleteMe(fresh, talent.email)).body).toEqual({ data: { deleteMe: true } });
  });

  it('needs a signed-in caller, and takes no id: a guest is refused and nobody names another account', async () => {
    const { body } = await h.call(DELETE_ME, { variables: { confirmation: 'x@example.test' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const victim = await signedIn('vic');
    const attacker = await signedIn('ari');
    // The victim's address, typed by another user, is only a wrong confirmation of the attacker's own account.
    expect(reasonOf((await deleteMe(attacker.token, victim.email)).body)[0]).toBe('BAD_USER_INPUT');
    expect(await statusOf(victim.userId)).toBe('active');
    expect(await statusOf(attacker.userId)).toBe('active');
  });
});
