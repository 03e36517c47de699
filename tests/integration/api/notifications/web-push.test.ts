import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TTL_SECONDS, createPushSender } from '../../../../src/server/push/push-sender';
import { loadOrCreateVapidKeys, type VapidKeys } from '../../../../src/server/push/vapid-keys';
import { jobAd, talentProfile, user, webPushKey, webPushSubscription } from '../../../../src/server/db/schema';
import { startImpersonating } from '../../../support/api-harness';
import { browserKeys, decryptPush, startPushService, verifyVapid, type BrowserKeys, type PushService } from '../../../support/push-service';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

// Web push end to end against a push service on loopback: a talent subscribes a browser
// and turns push on for invitations; a company invites her; the push service gets one
// push whose VAPID token verifies against the site's public key, for its own origin, not
// expired, and whose payload, decrypted with the browser's private key (RFC 8291), is the
// notification's title, sentence and page. A push service answering 404 or 410 has the
// subscription removed; nobody is pushed what their settings leave off.

const SUBSCRIBE = 'mutation ($data: PushSubscriptionInput!) { subscribePush(data: $data) }';
const UNSUBSCRIBE = 'mutation ($endpoint: String!) { unsubscribePush(endpoint: $endpoint) }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const PREFERENCES = 'mutation ($data: [NotificationPreferenceInput!]!) { updateMyNotificationPreferences(data: $data) { type } }';
const INVITE = `mutation ($data: CreateManyTalentInvitationInput!) {
  createManyTalentInvitation(data: $data) { refusal invitation { id } }
}`;
const AD_TITLE = 'Frontend developer';
const DAY = 86_400_000;

interface Talent {
  subject: string;
  profileId: string;
  userId: string;
}

describeEachDatabase('web push through a push service on loopback', (kind) => {
  let f: CompaniesFixture;
  let service: PushService;
  let vapid: VapidKeys;
  let tara: Talent;
  let tom: Talent;
  let adIds: string[] = [];

  const subscribe = async (subject: string, pathname: string, keys: BrowserKeys, headers: Record<string, string> = {}, token?: string) =>
    f.h.call(SUBSCRIBE, { token: token ?? (await f.h.token(subject)), headers, variables: { data: { endpoint: `${service.origin}${pathname}`, p256dh: keys.p256dh, auth: keys.auth } } });
  const pushOn = (subject: string, type: string) => f.as(subject, PREFERENCES, { data: [{ type, email: false, ui: true, push: true }] });
  /** Company A invites the talent to a new ad; waits until its pushes are handed over. */
  const invite = async (talent: Talent) => {
    const [ad] = await f.h.database.db
      .insert(jobAd)
      .values({ title: AD_TITLE, publisherCompanyId: f.a.id, publishedAt: new Date(Date.now() - DAY), publishedUntil: new Date(Date.now() + 10 * DAY) })
      .returning({ id: jobAd.id });
    adIds = [...adIds, ad!.id];
    const { body } = await f.as('owner-a', INVITE, { data: { talentProfileIds: [talent.profileId], jobAdId: ad!.id } }, f.a.id);
    const [outcome] = body.data?.createManyTalentInvitation as Array<{ refusal: string | null; invitation: { id: string } | null }>;
    expect(outcome?.refusal).toBeNull();
    await f.h.eventPush!.settled();
    return outcome!.invitation!.id;
  };
  const subscriptionsOf = (userId: string) => f.h.database.db.select({ endpoint: webPushSubscription.endpoint }).from(webPushSubscription).where(eq(webPushSubscription.userId, userId));

  beforeAll(async () => {
    service = await startPushService();
    // The fixture's database is made first: the keys are the ones kept in it.
    let sender: ReturnType<typeof createPushSender> | null = null;
    f = await startCompaniesFixture(kind, { push: { sender: { send: (target, message) => sender!.send(target, message) } } });
    vapid = await loadOrCreateVapidKeys(f.h.database.db, {});
    sender = createPushSender({ vapid: { ...vapid, subject: 'mailto:push@talentplace.test' }, agent: service.agent });
    const talent = async (subject: string, name: string): Promise<Talent> => {
      await f.as(subject, CREATE_PROFILE, { data: { email: `${subject}@example.test`, profileName: name } });
      const [row] = await f.h.database.db.select({ profileId: talentProfile.id, userId: user.id }).from(user).innerJoin(talentProfile, eq(talentProfile.userId, user.id)).where(eq(user.externalId, subject));
      return { subject, ...row! };
    };
    tara = await talent('push-tara', 'Tara Talent');
    tom = await talent('push-tom', 'Tom Typescript');
  });
  afterAll(async () => {
    await f.h.close();
    await service.close();
  });

  describe('the key pair', () => {
    it('is generated once and kept in the database: every later load reads the same pair', async () => {
      expect(await loadOrCreateVapidKeys(f.h.database.db, {})).toEqual(vapid);
      expect(await f.h.database.db.select({ publicKey: webPushKey.publicKey }).from(webPushKey)).toEqual([{ publicKey: vapid.publicKey }]);
    });

    it('is taken from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, and refused when one is missing or malformed', async () => {
      const configured = { publicKey: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), privateKey: Buffer.alloc(32, 2).toString('base64url') };
      expect(await loadOrCreateVapidKeys(f.h.database.db, { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey })).toEqual(configured);
      await expect(loadOrCreateVapidKeys(f.h.database.db, { VAPID_PUBLIC_KEY: configured.publicKey })).rejects.toThrow(/go together/);
      await expect(loadOrCreateVapidKeys(f.h.database.db, { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: configured.privateKey })).rejects.toThrow(/public key/);
    });
  });

  it('pushes an invitation to the subscribed browser: VAPID signed for the endpoint origin, payload decrypted with the browser key', async () => {
    const keys = browserKeys();
    expect((await subscribe(tara.subject, '/push/tara', keys)).body).toEqual({ data: { subscribePush: true } });
    await pushOn(tara.subject, 'talentInvitation.create');
    const before = service.received.length;
    const invitationId = await invite(tara);

    const pushes = service.received.slice(before);
    expect(pushes.map((push) => push.path)).toEqual(['/push/tara']);
    const [push] = pushes;
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    const token = await verifyVapid(push!.headers.authorization as string, service.origin);
    expect(token.alg).toBe('ES256');
    expect(token.publicKey).toBe(vapid.publicKey);
    expect(token.claims.aud).toBe(service.origin);
    expect(token.claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(token.claims.sub).toBe('mailto:push@talentplace.test');

    const message = JSON.parse(decryptPush(push!.body, keys)) as Record<string, string>;
    expect(message).toEqual({ title: 'Talentplace', body: expect.stringContaining('Company A') as string, url: `/talent/invitation?id=${invitationId}` });
    expect(message.body).toContain(AD_TITLE);
    // Another browser's key cannot read it: the payload is encrypted to this subscription.
    expect(() => decryptPush(push!.body, browserKeys())).toThrow();
  });

  it('pushes nobody whose settings leave push off, and nobody without a subscribed browser', async () => {
    await subscribe(tom.subject, '/push/tom', browserKeys());
    const before = service.received.length;
    await invite(tom);
    expect(service.received.slice(before)).toEqual([]);
  });

  it("pushes a company's event to the readers its mail goes to: the owners hear their company verified, each as their settings say", async () => {
    const { body } = await f.as('push-owner', 'mutation ($data: CreateOneCompanyInput!) { createOneCompany(data: $data) { id } }', { data: { name: 'Pushed Company' } });
    const companyId = (body.data?.createOneCompany as { id: string }).id;
    const keys = browserKeys();
    await subscribe('push-owner', '/push/owner', keys);
    await pushOn('push-owner', 'company.update');
    const admin = await f.h.token('push-admin', { roles: ['super:admin'], email: 'push-admin@example.test' });
    const before = service.received.length;
    const verified = await f.h.call('mutation ($id: ID!) { verifyOneCompany(id: $id) { id } }', { token: admin, variables: { id: companyId } });
    expect(verified.body.errors).toBeUndefined();
    await f.h.eventPush!.settled();
    const pushes = service.received.slice(before);
    expect(pushes.map((push) => push.path)).toEqual(['/push/owner']);
    const message = JSON.parse(decryptPush(pushes[0]!.body, keys)) as Record<string, string>;
    expect(message.body).toContain('Pushed Company');
    expect(message.url).toBe('/company/my-companies');
    // Push off for the type: the owner of another company verified hears nothing by push.
    const other = await f.as('push-quiet-owner', 'mutation ($data: CreateOneCompanyInput!) { createOneCompany(data: $data) { id } }', { data: { name: 'Quiet Company' } });
    await subscribe('push-quiet-owner', '/push/quiet', browserKeys());
    const quietBefore = service.received.length;
    await f.h.call('mutation ($id: ID!) { verifyOneCompany(id: $id) { id } }', { token: admin, variables: { id: (other.body.data?.createOneCompany as { id: string }).id } });
    await f.h.eventPush!.settled();
    expect(service.received.slice(quietBefore)).toEqual([]);
  });

  it("renews a browser's subscription from its service worker without a session: the old endpoint is the proof, the user and the pushes follow", async () => {
    const RENEW = 'mutation ($oldEndpoint: String!, $data: PushSubscriptionInput!) { renewPushSubscription(oldEndpoint: $oldEndpoint, data: $data) }';
    const oldKeys = browserKeys();
    const newKeys = browserKeys();
    await subscribe(tara.subject, '/push/tara-old', oldKeys);
    const renewed = { endpoint: `${service.origin}/push/tara-renewed`, p256dh: newKeys.p256dh, auth: newKeys.auth };
    // Without a token, as the worker sends it; an endpoint nobody keeps changes nothing.
    expect((await f.h.call(RENEW, { variables: { oldEndpoint: `${service.origin}/push/nobody`, data: renewed } })).body).toEqual({ data: { renewPushSubscription: false } });
    expect((await f.h.call(RENEW, { variables: { oldEndpoint: `${service.origin}/push/tara-old`, data: { ...renewed, endpoint: 'http://insecure.example/x' } } })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await f.h.call(RENEW, { variables: { oldEndpoint: `${service.origin}/push/tara-old`, data: renewed } })).body).toEqual({ data: { renewPushSubscription: true } });
    const endpoints = (await subscriptionsOf(tara.userId)).map((row) => row.endpoint);
    expect(endpoints).toContain(renewed.endpoint);
    expect(endpoints).not.toContain(`${service.origin}/push/tara-old`);

    const before = service.received.length;
    await invite(tara);
    const push = service.received.slice(before).find((received) => received.path === '/push/tara-renewed');
    expect(push).toBeDefined();
    expect(JSON.parse(decryptPush(push!.body, newKeys)) as Record<string, string>).toMatchObject({ title: 'Talentplace' });
    // The old endpoint proves nothing any more.
    expect((await f.h.call(RENEW, { variables: { oldEndpoint: `${service.origin}/push/tara-old`, data: renewed } })).body).toEqual({ data: { renewPushSubscription: false } });
    await f.h.call(UNSUBSCRIBE, { token: await f.h.token(tara.subject), variables: { endpoint: renewed.endpoint } });
  });

  for (const status of [410, 404]) {
    it(`removes a subscription when the push service answers ${status}, and keeps the user's others`, async () => {
      const gone = `/push/tara-gone-${status}`;
      await subscribe(tara.subject, gone, browserKeys());
      service.answer(gone, status);
      const before = service.received.length;
      await invite(tara);
      expect(service.received.slice(before).map((push) => push.path).sort()).toEqual([gone, '/push/tara'].sort());
      expect((await subscriptionsOf(tara.userId)).map((row) => row.endpoint)).toEqual([`${service.origin}/push/tara`]);
    });
  }

  it('keeps a subscription the push service failed for otherwise (500): it is tried again, not removed', async () => {
    const flaky = '/push/tara-flaky';
    await subscribe(tara.subject, flaky, browserKeys());
    service.answer(flaky, 500);
    await invite(tara);
    expect((await subscriptionsOf(tara.userId)).map((row) => row.endpoint)).toContain(`${service.origin}${flaky}`);
    await f.as(tara.subject, UNSUBSCRIBE, { endpoint: `${service.origin}${flaky}` });
  });

  it('unsubscribes only the caller: another user cannot remove a subscription that is not theirs', async () => {
    const endpoint = `${service.origin}/push/tara`;
    expect((await f.as(tom.subject, UNSUBSCRIBE, { endpoint })).body).toEqual({ data: { unsubscribePush: false } });
    expect(await subscriptionsOf(tara.userId)).toEqual([{ endpoint }]);
    expect((await f.as(tara.subject, UNSUBSCRIBE, { endpoint })).body).toEqual({ data: { unsubscribePush: true } });
    expect(await subscriptionsOf(tara.userId)).toEqual([]);
    const before = service.received.length;
    await invite(tara);
    expect(service.received.slice(before)).toEqual([]);
  });

  it('refuses an endpoint that is not https and keys of the wrong length, each by its field', async () => {
    const keys = browserKeys();
    const { body } = await f.as(tara.subject, SUBSCRIBE, { data: { endpoint: 'http://127.0.0.1:9/push', p256dh: keys.p256dh.slice(0, 20), auth: keys.auth } });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; code: string }>).map(({ field, code }) => [field, code])).toEqual([
      ['data.endpoint', 'endpointInvalid'],
      ['data.p256dh', 'keyInvalid'],
    ]);
    expect(await subscriptionsOf(tara.userId)).toEqual([]);
  });

  it('refuses to subscribe a browser for someone while acting as them (their pushes would reach the impersonator)', async () => {
    const support = await f.h.token('push-support', { roles: ['super:impersonate'] });
    await startImpersonating(f.h, support, tara.subject);
    const { body } = await subscribe(tara.subject, '/push/impersonator', browserKeys(), { 'x-impersonate-as': tara.subject }, support);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'impersonating' });
    expect(await subscriptionsOf(tara.userId)).toEqual([]);
  });

  it('asks for a signed-in user', async () => {
    const { body } = await f.h.call(SUBSCRIBE, { variables: { data: { endpoint: `${service.origin}/push/anon`, p256dh: browserKeys().p256dh, auth: browserKeys().auth } } });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
