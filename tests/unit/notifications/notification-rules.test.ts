import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../src/lib/notifications/notification-preferences';
import {
  eventTypesOnChannel,
  isMailedEvent,
  mailAudienceOf,
  mailRecipientOf,
  companyReaderHears,
  recipientOf,
  unreadCountText,
  wantsOnChannel,
} from '../../../src/lib/notifications/notification-rules';

const TALENT = 'b1f7a0c2-0000-4000-8000-000000000001';
const OWNER = 'b1f7a0c2-0000-4000-8000-000000000002';
const COMPANY = 'b1f7a0c2-0000-4000-8000-000000000003';

const moved = { type: 'talentJobApplication.update', toId: TALENT, fromId: OWNER, actorUserId: OWNER };
const off = (type: string, channel: 'email' | 'ui') => ({ type, email: channel !== 'email', ui: channel !== 'ui', push: false });

describe('an event notifies the user it is addressed to', () => {
  it('notifies the addressee of a company action', () => {
    expect(recipientOf(moved)).toBe(TALENT);
  });

  it('notifies nobody of what they did themselves (actor, else fromId, is the addressee)', () => {
    expect(recipientOf({ ...moved, actorUserId: TALENT })).toBeNull();
    expect(recipientOf({ type: 'talentProfile.update', toId: TALENT, fromId: TALENT })).toBeNull();
  });

  it('notifies the impersonated user of what an impersonator did as someone else', () => {
    expect(recipientOf({ ...moved, fromId: TALENT, actorUserId: OWNER })).toBe(TALENT);
  });

  it('notifies nobody when the event is addressed to no one', () => {
    expect(recipientOf({ type: 'invoice.create', toId: null, fromId: OWNER })).toBeNull();
  });
});

describe('the channels a user hears an event type on (userNotificationPreferences, defaults when none saved)', () => {
  it('has every event type in the app by default', () => {
    expect(eventTypesOnChannel([], 'ui')).toEqual(EVENT_TYPES);
  });

  it('mails by default only invitations, applications, assignments and billing', () => {
    const mailed = eventTypesOnChannel([], 'email');
    expect(mailed).toContain('talentJobApplication.update');
    expect(mailed).toContain('talentInvitation.create');
    expect(mailed).toContain('billing.update');
    expect(mailed).not.toContain('companyRole.update');
  });

  it('follows a saved choice over the default, type by type', () => {
    const stored = [off('billing.update', 'ui')];
    expect(wantsOnChannel(stored, 'billing.update', 'ui')).toBe(false);
    expect(wantsOnChannel(stored, 'billing.update', 'email')).toBe(true);
    expect(wantsOnChannel(stored, 'billing.create', 'ui')).toBe(true);
  });
});

describe('which events are e-mailed', () => {
  it('mails every move of an application, rejection included, and an invitation received', () => {
    expect(isMailedEvent(moved)).toBe(true);
    expect(isMailedEvent({ type: 'talentInvitation.create', toId: TALENT, fromId: OWNER })).toBe(true);
  });

  it('mails an invitation withdrawn to the talent, as their "Invitation withdrawn" setting says (on by default)', () => {
    const withdrawn = { type: 'talentInvitation.delete', toId: TALENT, fromId: OWNER };
    expect(mailAudienceOf(withdrawn)).toBe('addressee');
    expect(mailRecipientOf(withdrawn, [])).toBe(TALENT);
    expect(mailRecipientOf(withdrawn, [off('talentInvitation.delete', 'email')])).toBeNull();
  });

  it('mails a billing approved, rejected, invoiced or paid, not its other edits', () => {
    for (const status of ['APPROVED', 'REJECTED', 'INVOICED', 'PAID']) {
      expect(isMailedEvent({ type: 'billing.update', toId: TALENT, fromId: OWNER, status }), status).toBe(true);
    }
    expect(isMailedEvent({ type: 'billing.update', toId: TALENT, fromId: OWNER, status: 'SENT' })).toBe(false);
    expect(isMailedEvent({ type: 'billing.update', toId: TALENT, fromId: OWNER })).toBe(false);
  });

  it('mails nothing else, even where e-mail is on by default', () => {
    expect(isMailedEvent({ type: 'jobAssignment.create', toId: TALENT, fromId: OWNER })).toBe(false);
    expect(isMailedEvent({ type: 'talentJobApplication.create', toId: COMPANY, fromId: TALENT })).toBe(false);
  });

  it('mails the addressee only while their e-mail channel is on for the type', () => {
    expect(mailRecipientOf(moved, [])).toBe(TALENT);
    expect(mailRecipientOf(moved, [off('talentJobApplication.update', 'email')])).toBeNull();
    expect(mailRecipientOf({ ...moved, actorUserId: TALENT }, [])).toBeNull();
  });
});

describe('the bell count', () => {
  it('shows the number up to 99, then 99+', () => {
    expect(unreadCountText(3)).toBe('3');
    expect(unreadCountText(99)).toBe('99');
    expect(unreadCountText(100)).toBe('99+');
  });
});

describe('the company side is mailed its review and its members', () => {
  const review = (action: string) => ({ type: 'company.update', toId: COMPANY, fromId: OWNER, action });

  it('mails the owners of a company the platform verified or rejected, not its other updates', () => {
    expect(mailAudienceOf(review('verify'))).toBe('companyOwners');
    expect(mailAudienceOf(review('reject'))).toBe('companyOwners');
    expect(isMailedEvent(review('delete'))).toBe(false);
    expect(isMailedEvent(review('permissions'))).toBe(false);
    expect(isMailedEvent({ type: 'company.update', toId: COMPANY, fromId: OWNER })).toBe(false);
  });

  it('mails a member invitation to the invited address, and a user who joined at once to that user', () => {
    expect(mailAudienceOf({ type: 'companyOnUser.create', toId: COMPANY, fromId: OWNER, invitation: true })).toBe('invitedAddress');
    expect(mailAudienceOf({ type: 'companyOnUser.create', toId: COMPANY, fromId: OWNER })).toBe('addedMember');
  });

  it("mails a company's reader as their settings say, never for what they did themselves", () => {
    const event = review('verify');
    expect(companyReaderHears(event, TALENT, [], 'email')).toBe(true);
    expect(companyReaderHears(event, TALENT, [off('company.update', 'email')], 'email')).toBe(false);
    // Push is never on unasked.
    expect(companyReaderHears(event, TALENT, [], 'push')).toBe(false);
    expect(companyReaderHears(event, OWNER, [], 'email')).toBe(false);
  });
});

describe('a company link is mailed to the owners of the company it is proposed to, and an invitation to its address', () => {
  const link = (extra: object = {}) => ({ type: 'companyOnProviderCompany.create', toId: OWNER, fromId: TALENT, ...extra });

  it("mails each owner's copy of a proposal, not the proposing company's own row", () => {
    expect(mailAudienceOf(link({ invitee: true }))).toBe('addressee');
    expect(mailAudienceOf(link({ toId: COMPANY }))).toBeNull();
  });

  it('mails an invitation to link to the invited address, and never its answers or ends', () => {
    expect(mailAudienceOf(link({ toId: COMPANY, invitation: true }))).toBe('invitedAddress');
    expect(isMailedEvent({ type: 'companyOnProviderCompany.update', toId: OWNER, fromId: TALENT, invitee: true })).toBe(false);
  });
});
