import { describe, expect, it } from 'vitest';
import { linkColumns, mayAct, mayPropose, relationFor, STATUS_AFTER } from '../../../src/lib/company-links/company-link-rules';
import { linksInOrder, linkStateKey } from '../../../src/lib/company-links/company-link-pages';

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';

describe('a company link: one company proposes, the other answers, either ends it', () => {
  it('stores the proposer as client when the other is to provide to it, and as provider when it is to provide to the other', () => {
    expect(linkColumns(A, B, 'PROVIDES_TO_US')).toEqual({ companyId: A, providerCompanyId: B });
    expect(linkColumns(A, B, 'WE_PROVIDE_TO')).toEqual({ companyId: B, providerCompanyId: A });
    expect(relationFor(A, { companyId: A })).toBe('PROVIDES_TO_US');
    expect(relationFor(B, { companyId: A })).toBe('WE_PROVIDE_TO');
  });

  it('lets only the company proposed to accept or decline a proposal: nobody agrees with themselves', () => {
    const proposed = { status: 'proposed' as const, proposedByCompanyId: A };
    expect(mayAct(proposed, B, 'accept')).toBe(true);
    expect(mayAct(proposed, B, 'decline')).toBe(true);
    expect(mayAct(proposed, A, 'accept')).toBe(false);
    expect(mayAct(proposed, A, 'decline')).toBe(false);
  });

  it('lets the proposer take a proposal back, and either side end an accepted link', () => {
    expect(mayAct({ status: 'proposed', proposedByCompanyId: A }, A, 'end')).toBe(true);
    expect(mayAct({ status: 'proposed', proposedByCompanyId: A }, B, 'end')).toBe(false);
    for (const side of [A, B]) expect(mayAct({ status: 'accepted', proposedByCompanyId: A }, side, 'end')).toBe(true);
    expect(mayAct({ status: 'accepted', proposedByCompanyId: A }, B, 'accept')).toBe(false);
  });

  it('keeps declined and ended links as history: nothing acts on them but a new proposal', () => {
    for (const status of ['declined', 'ended'] as const) {
      for (const action of ['accept', 'decline', 'end'] as const) expect(mayAct({ status, proposedByCompanyId: A }, B, action)).toBe(false);
      expect(mayPropose({ status })).toBe(true);
    }
    expect(mayPropose(null)).toBe(true);
    expect(mayPropose({ status: 'proposed' })).toBe(false);
    expect(mayPropose({ status: 'accepted' })).toBe(false);
    expect(STATUS_AFTER).toEqual({ accept: 'accepted', decline: 'declined', end: 'ended' });
  });

  it('lists first what waits for our answer, then partners, then our proposals, then history', () => {
    const row = (partnerName: string, status: 'PROPOSED' | 'ACCEPTED' | 'DECLINED' | 'ENDED', proposedByUs = false) => ({ partnerName, status, proposedByUs });
    const ordered = linksInOrder([row('Zed', 'ENDED'), row('Yak', 'PROPOSED', true), row('Box', 'ACCEPTED'), row('Ant', 'ACCEPTED'), row('Cat', 'PROPOSED')]);
    expect(ordered.map((link) => [link.partnerName, linkStateKey(link)])).toEqual([
      ['Cat', 'proposedToUs'],
      ['Ant', 'accepted'],
      ['Box', 'accepted'],
      ['Yak', 'proposedByUs'],
      ['Zed', 'ended'],
    ]);
  });
});
