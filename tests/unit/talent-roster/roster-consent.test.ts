import { describe, expect, it } from 'vitest';
import {
  consentOnAddingAgain,
  HOLDING_CONSENTS,
  ledgerRefusalOf,
  mayAddAgain,
  mayAnswerRosterRequest,
  ROSTER_CONSENTS,
  rosterHoldsTalent,
} from '../../../src/lib/talent-roster/roster-consent';

// Consent before a company holds a talent (docs/security.md): the rules, one block each.

describe('rosterHoldsTalent', () => {
  it('only an accepted entry links the talent to the company', () => {
    expect(ROSTER_CONSENTS.filter(rosterHoldsTalent)).toEqual(['accepted']);
    expect(HOLDING_CONSENTS).toEqual(['accepted']);
  });
});

describe('mayAnswerRosterRequest', () => {
  it('a request still open is answered, once', () => {
    expect(mayAnswerRosterRequest({ consent: 'requested', removed: false })).toBe(true);
    expect(mayAnswerRosterRequest({ consent: 'accepted', removed: false })).toBe(false);
    expect(mayAnswerRosterRequest({ consent: 'declined', removed: false })).toBe(false);
  });

  it('a request the company withdrew (removed the entry) is no longer hers to answer', () => {
    expect(mayAnswerRosterRequest({ consent: 'requested', removed: true })).toBe(false);
  });
});

describe('consentOnAddingAgain', () => {
  it('an entry she accepted comes back accepted', () => {
    expect(consentOnAddingAgain('accepted')).toBe('accepted');
  });

  it('a request or a declined entry becomes a new request', () => {
    expect(consentOnAddingAgain('requested')).toBe('requested');
    expect(consentOnAddingAgain('declined')).toBe('requested');
  });
});

describe('mayAddAgain', () => {
  it('a removed entry or a declined one may be added again; one on the roster is there already', () => {
    expect(mayAddAgain({ consent: 'accepted', removed: true })).toBe(true);
    expect(mayAddAgain({ consent: 'requested', removed: true })).toBe(true);
    expect(mayAddAgain({ consent: 'declined', removed: false })).toBe(true);
    expect(mayAddAgain({ consent: 'accepted', removed: false })).toBe(false);
    expect(mayAddAgain({ consent: 'requested', removed: false })).toBe(false);
  });
});

describe('ledgerRefusalOf', () => {
  it('books only on an accepted entry on the roster', () => {
    expect(ledgerRefusalOf({ consent: 'accepted', removed: false })).toBeNull();
  });

  it('names why anything else takes no entry', () => {
    expect(ledgerRefusalOf({ consent: 'requested', removed: false })).toBe('rosterAwaitsConsent');
    expect(ledgerRefusalOf({ consent: 'declined', removed: false })).toBe('rosterDeclined');
    expect(ledgerRefusalOf({ consent: 'accepted', removed: true })).toBe('rosterEntryRemoved');
    expect(ledgerRefusalOf({ consent: 'requested', removed: true })).toBe('rosterEntryRemoved');
  });
});
