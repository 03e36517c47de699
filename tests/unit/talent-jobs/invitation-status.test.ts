import { describe, expect, it } from 'vitest';
import { INVITATION_FILTERS, invitationStatus, readInvitationFilter } from '../../../src/lib/talent-jobs/invitation-status';

describe('invitation status', () => {
  it('is new while neither applied to nor ignored', () => {
    expect(invitationStatus({ ignored: false, applied: false, withdrawn: false })).toBe('new');
  });

  it('is ignored once ignored', () => {
    expect(invitationStatus({ ignored: true, applied: false, withdrawn: false })).toBe('ignored');
  });

  it('is applied once applied to, also after ignoring: applying answers it for good', () => {
    expect(invitationStatus({ ignored: false, applied: true, withdrawn: false })).toBe('applied');
    expect(invitationStatus({ ignored: true, applied: true, withdrawn: false })).toBe('applied');
  });

  it('is withdrawn once the company withdrew it, whatever follows: it no longer stands', () => {
    expect(invitationStatus({ ignored: false, applied: false, withdrawn: true })).toBe('withdrawn');
    expect(invitationStatus({ ignored: false, applied: true, withdrawn: true })).toBe('withdrawn');
  });
});

describe('invitation list filters', () => {
  it('are New, Ignored and All', () => {
    expect(INVITATION_FILTERS).toEqual(['new', 'ignored', 'all']);
  });
});

describe('invitation filter in the address', () => {
  it('reads new, ignored and all; anything else shows all', () => {
    expect(readInvitationFilter('new')).toBe('new');
    expect(readInvitationFilter('ignored')).toBe('ignored');
    expect(readInvitationFilter('all')).toBe('all');
    for (const value of [null, '', 'NEW', 'applied', 'drop table']) expect(readInvitationFilter(value)).toBe('all');
  });
});
