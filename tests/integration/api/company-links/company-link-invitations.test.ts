import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invitationTokenHash } from '../../../../src/server/api/companies/member-invitations';
import { company, companyLinkInvitation, companyOnProviderCompany, generalEventslog } from '../../../../src/server/db/schema';
import { createOutboxMailer } from '../../../../src/server/mail/outbox-mailer';
import { AUDIENCE } from '../../../support/api-harness';
import { readOutbox } from '../../../support/outbox';
import { describeEachDatabase } from '../../../support/test-database';
import { CREATE_COMPANY, startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Invitations to link by e-mail: the inviting company's owner sends one to an address, which
// is mailed a single-use link; the holder of that confirmed address accepts it for a company
// of theirs (the link is then accepted) or declines it. Each operation's permission refusal,
// cross-company probe and event rows.

const INVITE = 'mutation ($data: CreateOneCompanyLinkInvitationInput!) { createOneCompanyLinkInvitation(data: $data) { id email relation } }';
const SENT = '{ findManyCompanyLinkInvitation { id email relation } }';
const BY_TOKEN = 'query ($token: String!) { findCompanyLinkInvitationByToken(token: $token) { email relation companyName inviterName } }';
const ACCEPT = 'mutation ($token: String!) { acceptCompanyLinkInvitation(token: $token) { id partnerName relation status } }';
const DECLINE = 'mutation ($token: String!) { declineCompanyLinkInvitation(token: $token) }';
const WITHDRAW = 'mutation ($id: ID!) { deleteOneCompanyLinkInvitation(id: $id) }';
type Answer = { body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> } };
const reason = (answer: Answer) => answer.body.errors?.[0]?.extensions?.reason ?? answer.body.errors?.[0]?.extensions?.code;

describeEachDatabase('company link invitations by e-mail', (kind) => {
  let f: CompaniesFixture;
  let outboxDir: string;
  let d: string;
  const tokenIn = (address: string) => {
    const mail = readOutbox(outboxDir).filter((entry) => entry.to.toLowerCase().includes(address.toLowerCase())).at(-1);
    return /https:\/\/talentplace\.test\/company\/partners\?invitation=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  /** A user whose provider vouches (or not) for the address, calling in a company. */
  const person = (subject: string, email: string, verified: boolean) => async (query: string, variables: Record<string, unknown> = {}, companyId?: string) =>
    f.h.call(query, { token: await f.h.issuer.sign({ sub: subject, aud: AUDIENCE, email, email_verified: verified }), variables, headers: companyId ? { 'tp-domain': 'company', 'tp-company': companyId } : {} });
  const partner = person('partner-owner', 'partner@example.test', true);

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'tp-link-mail-'));
    f = await startCompaniesFixture(kind, { mail: { mailer: createOutboxMailer({ directory: outboxDir, from: 'Talentplace <no-reply@talentplace.test>', log: () => {} }) } });
    await f.memberWithRole('reader-a', f.a.id, 'Link reader', { companyLink: { read: true } });
    const created = await partner(CREATE_COMPANY, { data: { name: 'Company D' } });
    d = (created.body.data?.createOneCompany as { id: string }).id;
    await f.h.database.db.update(company).set({ verificationStatus: 'verified' }).where(eq(company.id, d));
  });
  afterAll(async () => {
    await f.h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('mails the address a single-use link whose token only the mail holds, once per address, with companyLink create', async () => {
    expect(reason(await f.as('reader-a', INVITE, { data: { email: 'partner@example.test', relation: 'PROVIDES_TO_US' } }, f.a.id))).toBe('FORBIDDEN');
    const bad = await f.as('owner-a', INVITE, { data: { email: 'nope', relation: 'PROVIDES_TO_US' } }, f.a.id);
    expect(bad.body.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ field: 'data.email', code: 'emailInvalid' })]);
    const sent = await f.as('owner-a', INVITE, { data: { email: 'Partner@Example.test', relation: 'PROVIDES_TO_US' } }, f.a.id);
    expect(sent.body.errors).toBeUndefined();
    const id = (sent.body.data?.createOneCompanyLinkInvitation as { id: string }).id;
    await f.h.eventMail!.settled();
    const token = tokenIn('Partner@Example.test');
    expect(token).toHaveLength(43);
    const [row] = await f.h.database.db.select().from(companyLinkInvitation).where(eq(companyLinkInvitation.id, id));
    expect(row?.tokenHash).toBe(invitationTokenHash(token));
    const logged = await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.toId, f.a.id));
    expect(logged.find((event) => event.eventData.entityId === id)).toMatchObject({ type: 'companyOnProviderCompany.create', eventData: { invitation: true, after: { email: 'Partner@Example.test' } } });
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(reason(await f.as('owner-a', INVITE, { data: { email: 'partner@example.test', relation: 'WE_PROVIDE_TO' } }, f.a.id))).toBe('alreadyInvited');
    expect((await f.as('reader-a', SENT, {}, f.a.id)).body.data?.findManyCompanyLinkInvitation).toEqual([{ id, email: 'Partner@Example.test', relation: 'PROVIDES_TO_US' }]);
    // Another company reads none of A's invitations.
    expect((await f.as('owner-b', SENT, {}, f.b.id)).body.data?.findManyCompanyLinkInvitation).toEqual([]);
  });

  it('lets only the holder of the confirmed address accept, for a company of theirs, and only once', async () => {
    const token = tokenIn('Partner@Example.test');
    expect((await partner(BY_TOKEN, { token })).body.data?.findCompanyLinkInvitationByToken).toEqual({ email: 'Partner@Example.test', relation: 'PROVIDES_TO_US', companyName: 'Company A', inviterName: 'owner-a@example.test' });
    // B's owner holds the link but not the address; an unconfirmed holder of the address neither.
    expect(reason(await f.as('owner-b', ACCEPT, { token }, f.b.id))).toBe('addressUnconfirmed');
    expect(reason(await person('owner-b', 'owner-b@example.test', true)(ACCEPT, { token }, f.b.id))).toBe('wrongAddress');
    expect(reason(await person('partner-owner', 'partner@example.test', false)(ACCEPT, { token }, d))).toBe('addressUnconfirmed');
    expect(reason(await partner(ACCEPT, { token: 'x'.repeat(43) }, d))).toBe('NOT_FOUND');

    const accepted = await partner(ACCEPT, { token }, d);
    expect(accepted.body.data?.acceptCompanyLinkInvitation).toMatchObject({ partnerName: 'Company A', relation: 'WE_PROVIDE_TO', status: 'ACCEPTED' });
    const [link] = await f.h.database.db.select().from(companyOnProviderCompany).where(eq(companyOnProviderCompany.providerCompanyId, d));
    expect(link).toMatchObject({ companyId: f.a.id, status: 'accepted', proposedByCompanyId: f.a.id });
    const told = await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.toId, await f.userId('owner-a')));
    expect(told.find((event) => event.eventData.entityId === link!.id)).toMatchObject({ type: 'companyOnProviderCompany.update', eventData: { companyId: f.a.id, partnerCompanyId: d, after: { status: 'accepted' } } });
    expect(reason(await partner(ACCEPT, { token }, d))).toBe('NOT_FOUND');
    expect((await partner(BY_TOKEN, { token })).body.data?.findCompanyLinkInvitationByToken).toBeNull();
  });

  it('lets the holder decline without a company, and the inviting owners are told; another company cannot withdraw an invitation', async () => {
    await f.as('owner-a', INVITE, { data: { email: 'second@example.test', relation: 'WE_PROVIDE_TO' } }, f.a.id);
    await f.as('owner-a', INVITE, { data: { email: 'third@example.test', relation: 'WE_PROVIDE_TO' } }, f.a.id);
    await f.h.eventMail!.settled();
    const declined = await person('second', 'second@example.test', true)(DECLINE, { token: tokenIn('second@example.test') });
    expect(declined.body.errors).toBeUndefined();
    const told = await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.toId, await f.userId('owner-a')));
    expect(told.some((event) => event.type === 'companyOnProviderCompany.update' && (event.eventData.after as { status?: string })?.status === 'declined')).toBe(true);

    const [third] = (await f.as('owner-a', SENT, {}, f.a.id)).body.data?.findManyCompanyLinkInvitation as Array<{ id: string }>;
    expect(reason(await f.as('owner-b', WITHDRAW, { id: third!.id }, f.b.id))).toBe('NOT_FOUND');
    expect(reason(await f.as('reader-a', WITHDRAW, { id: third!.id }, f.a.id))).toBe('FORBIDDEN');
    expect((await f.as('owner-a', WITHDRAW, { id: third!.id }, f.a.id)).body.data?.deleteOneCompanyLinkInvitation).toBe(third!.id);
    expect((await f.h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'companyOnProviderCompany.delete')))[0]?.eventData).toMatchObject({ entityId: third!.id, invitation: true });
    expect(reason(await person('third', 'third@example.test', true)(DECLINE, { token: tokenIn('third@example.test') }))).toBe('NOT_FOUND');
  });
});
