import { describe, expect, it } from 'vitest';
import { pushRecipientOf } from '../../../src/lib/notifications/notification-rules';
import { notificationPush } from '../../../src/lib/notifications/notification-text';
import { base64UrlBytes, checkPushSubscription, isPushEndpoint, isSubscriptionGone, pushDeviceState } from '../../../src/lib/notifications/push-subscription';
import { getTranslator } from '../../../src/lib/i18n/i18n';

const TALENT = 'b1f7a0c2-0000-4000-8000-000000000001';
const OWNER = 'b1f7a0c2-0000-4000-8000-000000000002';
const moved = { type: 'talentJobApplication.update', toId: TALENT, fromId: OWNER, actorUserId: OWNER };
const pushOn = (type: string) => [{ type, email: false, ui: true, push: true }];

// A real browser key's shape: 0x04 then 64 bytes; a 16-byte secret.
const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const AUTH = Buffer.alloc(16, 9).toString('base64url');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc:def';

describe('who gets a push', () => {
  it('pushes the addressee of an event whose push column they ticked', () => {
    expect(pushRecipientOf(moved, pushOn(moved.type))).toBe(TALENT);
  });

  it('pushes nobody by default: push is off until the user turns it on', () => {
    expect(pushRecipientOf(moved, [])).toBeNull();
  });

  it('pushes nobody for a type whose push column is off, whatever the other channels say', () => {
    expect(pushRecipientOf(moved, [{ type: moved.type, email: true, ui: true, push: false }])).toBeNull();
    expect(pushRecipientOf(moved, pushOn('billing.update'))).toBeNull();
  });

  it('pushes nobody what they did themselves, nor an event addressed to nobody', () => {
    expect(pushRecipientOf({ ...moved, actorUserId: TALENT }, pushOn(moved.type))).toBeNull();
    expect(pushRecipientOf({ ...moved, toId: null }, pushOn(moved.type))).toBeNull();
  });
});

describe('a push subscription kept', () => {
  it('takes an https endpoint with a 65-byte P-256 key and a 16-byte secret', () => {
    expect(checkPushSubscription({ endpoint: ` ${ENDPOINT} `, p256dh: P256DH, auth: AUTH })).toEqual({ ok: true, value: { endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH } });
  });

  it('refuses an endpoint that is not https, carries credentials, or is not a URL', () => {
    for (const endpoint of ['http://push.example.test/x', 'https://user:secret@push.example.test/x', 'not a url', 'javascript:alert(1)', `https://push.example.test/${'a'.repeat(2100)}`]) {
      expect(isPushEndpoint(endpoint), endpoint).toBe(false);
    }
    expect(checkPushSubscription({ endpoint: 'http://push.example.test/x', p256dh: P256DH, auth: AUTH })).toEqual({ ok: false, errors: [{ path: 'endpoint', code: 'endpointInvalid' }] });
  });

  it('refuses keys of the wrong length or form, each by its field', () => {
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 7)]).toString('base64url');
    const result = checkPushSubscription({ endpoint: ENDPOINT, p256dh: compressed, auth: Buffer.alloc(8).toString('base64url') });
    expect(result).toEqual({ ok: false, errors: [{ path: 'p256dh', code: 'keyInvalid' }, { path: 'auth', code: 'authInvalid' }] });
    expect(checkPushSubscription({ endpoint: ENDPOINT, p256dh: 'not base64url!', auth: AUTH }).ok).toBe(false);
  });

  it('reads base64url with or without padding, and nothing else', () => {
    expect([...base64UrlBytes('_-8')!]).toEqual([255, 239]);
    expect([...base64UrlBytes('_-8=')!]).toEqual([255, 239]);
    expect(base64UrlBytes('a+b/')).toBeNull();
    expect(base64UrlBytes('abcde')).toBeNull();
  });
});

describe('an expired subscription is removed', () => {
  it('treats 404 and 410 from the push service as gone, and nothing else', () => {
    expect(isSubscriptionGone(404)).toBe(true);
    expect(isSubscriptionGone(410)).toBe(true);
    for (const status of [201, 400, 401, 403, 413, 429, 500, 503]) expect(isSubscriptionGone(status), String(status)).toBe(false);
  });
});

describe("the push step's state on this device", () => {
  it('says unsupported before anything else, then denied, then whether this browser is subscribed', () => {
    expect(pushDeviceState({ supported: false, permission: 'granted', subscribed: true })).toBe('unsupported');
    expect(pushDeviceState({ supported: true, permission: 'denied', subscribed: true })).toBe('denied');
    expect(pushDeviceState({ supported: true, permission: 'granted', subscribed: true })).toBe('subscribed');
    expect(pushDeviceState({ supported: true, permission: 'default', subscribed: false })).toBe('available');
  });
});

describe('what a push carries', () => {
  it('is the title, the sentence and the page path, without the reason', () => {
    const facts = {
      type: 'talentJobApplication.update',
      entityId: 'a1', companyId: 'c1', companyName: 'Northwind Labs', title: 'Frontend Developer', step: 'Rejected', stepGroup: 'REJECTED',
      reason: 'Private reason', status: null, billingPeriod: null, invoiceNumber: null, document: null,
    };
    const message = notificationPush(facts, getTranslator(['common']), 'Talentplace', 'en');
    expect(message.title).toBe('Talentplace');
    expect(message.body).toContain('Northwind Labs');
    expect(message.url.startsWith('/')).toBe(true);
    expect(JSON.stringify(message)).not.toContain('Private reason');
    expect(Object.keys(message).sort()).toEqual(['body', 'title', 'url']);
  });
});
