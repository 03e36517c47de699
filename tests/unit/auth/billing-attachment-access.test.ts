import { describe, expect, it } from 'vitest';
import { mayReadBillingAttachment } from '../../../src/server/api/auth/billing-attachment-access';

describe('billing attachment access: who may download the files of a billing', () => {
  it("the billing's own talent may", () => {
    expect(mayReadBillingAttachment({ userId: 'talent-user' }, { talentUserId: 'talent-user' })).toBe(true);
  });

  it('anyone else may not, nor anyone for a talent without an account', () => {
    expect(mayReadBillingAttachment({ userId: 'other-user' }, { talentUserId: 'talent-user' })).toBe(false);
    expect(mayReadBillingAttachment({ userId: '' }, { talentUserId: null })).toBe(false);
    expect(mayReadBillingAttachment({ userId: 'talent-user' }, { talentUserId: null })).toBe(false);
  });
});
