import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import { readOutbox } from '../../../support/outbox';
import { describeEachDatabase } from '../../../support/test-database';
import { startAdminFixture, type AdminFixture } from '../admin-fixture';
import { CREATE_COMPANY } from '../companies-fixture';
import { eq } from 'drizzle-orm';
import { companyMemberInvitation, generalEventslog } from '../../../../src/server/db/schema';
import { invitationTokenHash } from '../../../../src/server/api/companies/member-invitations';

// The company side's mails: a member invitation with its single-use link (to the address
// invited, the same mail whether or not it has an account), and the platform verifying or
// rejecting a company (to its owners), each after the write and as their settings say.

const INVITE = 'mutation ($data: CreateOneCompanyOnUserInput!) { createOneCompanyOnUser(data: $data) { id } }';
const VERIFY = 'mutation ($id: ID!) { verifyOneCompany(id: $id) { id } }';
const REJECT = 'mutation ($id: ID!, $reason: String!) { rejectOneCompany(id: $id, reason: $reason) { id } }';
const PREFERENCES = 'mutation ($data: [NotificationPreferenceInput!]!) { updateMyNotificationPreferences(data: $data) { type } }';

describeEachDatabase('mails of the company side: member invitations, company verified or rejected', (kind) => {
  let f: AdminFixture;
  let outboxDir: string;
  const mailsTo = (address: string) => readOutbox(outboxDir).filter((entry) => entry.to.includes(address));
  const settled = () => f.h.eventMail!.settled();
  const newCompany = async (owner: string, name: string) => ((await f.as(owner, CREATE_COMPANY, { data: { name } })).body.data?.createOneCompany as { id: string }).id;

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'tp-company-mail-'));
    f = await startAdminFixture(kind, { mail: { mailer: createOutboxMailer({ directory: outboxDir, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} }) } });
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('mails an invited address its invitation: company, role and inviter named, and a single-use link whose token only the mail holds', async () => {
    const { body } = await f.as('owner-a', INVITE, { data: { email: 'newcomer@example.test', roleId: f.a.ownerRoleId } }, f.a.id);
    expect(body.errors).toBeUndefined();
    await settled();
    const [sent, ...more] = mailsTo('newcomer@example.test');
    expect(more).toEqual([]);
    expect(sent?.subject).toBe('owner-a@example.test invites you to join Company A on Talentplace');
    expect(sent?.text).toContain('owner-a@example.test invites you to join Company A as Owner.');
    const token = /https:\/\/talentplace\.test\/join-company\?token=([A-Za-z0-9_-]{43})/.exec(sent?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(sent?.text).not.toContain('/site-settings');
    const [row] = await f.h.database.db.select().from(companyMemberInvitation).where(eq(companyMemberInvitation.email, 'newcomer@example.test'));
    expect(row?.tokenHash).toBe(invitationTokenHash(token!));
    const logged = await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.toId, f.a.id));
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('mails a registered address the same invitation as an unknown one (nobody learns which), and the user joins only by accepting', async () => {
    await f.userId('joiner');
    await f.as('owner-a', INVITE, { data: { email: 'joiner@example.test', roleId: f.a.ownerRoleId } }, f.a.id);
    await f.as('owner-a', INVITE, { data: { email: 'stranger@example.test', roleId: f.a.ownerRoleId } }, f.a.id);
    await settled();
    const [registered] = mailsTo('joiner@example.test');
    const [unknown] = mailsTo('stranger@example.test');
    const normalise = (text = '') => text.replace(/token=[A-Za-z0-9_-]+/, 'token=T');
    expect(registered?.subject).toBe(unknown?.subject);
    expect(normalise(registered?.text)).toBe(normalise(unknown?.text));
  });

  it('mails nothing to the owner for what they did themselves, and nothing for a refused invitation', async () => {
    const before = readOutbox(outboxDir).length;
    const again = await f.as('owner-a', INVITE, { data: { email: 'newcomer@example.test', roleId: f.a.ownerRoleId } }, f.a.id);
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    await settled();
    expect(readOutbox(outboxDir)).toHaveLength(before);
    expect(mailsTo('owner-a@example.test')).toEqual([]);
  });

  it("mails the company's owners when the platform verifies it", async () => {
    const id = await newCompany('owner-c', 'Company C');
    expect((await f.asAdmin(VERIFY, { id })).body.errors).toBeUndefined();
    await settled();
    const [sent] = mailsTo('owner-c@example.test');
    expect(sent?.subject).toBe('Company C is verified');
    expect(sent?.text).toContain('https://talentplace.test/company/my-companies');
  });

  it('mails the owners a rejection with its reason, and not an owner who turned it off', async () => {
    const id = await newCompany('owner-d', 'Company D');
    await f.as('owner-e', '{ findMe { id } }');
    await f.as('owner-e', PREFERENCES, { data: [{ type: 'company.update', email: false, ui: true, push: false }] });
    const e = await newCompany('owner-e', 'Company E');
    await f.asAdmin(REJECT, { id, reason: 'The registration number does not match.' });
    await f.asAdmin(REJECT, { id: e, reason: 'Unknown business.' });
    await settled();
    const [sent] = mailsTo('owner-d@example.test');
    expect(sent?.subject).toBe('Company D was not verified');
    expect(sent?.text).toContain('Reason: The registration number does not match.');
    expect(mailsTo('owner-e@example.test')).toEqual([]);
  });
});
