import { describe, expect, it } from 'vitest';
import { mayReadTalentDocument } from '../../src/server/api/auth/talent-document-access';

const TALENT = '11111111-1111-4111-8111-111111111111';
const SOMEONE_ELSE = '22222222-2222-4222-8222-222222222222';

describe('talent document access: who may download a CV, resume or PDF', () => {
  it('the talent who owns the profile may', () => {
    expect(mayReadTalentDocument({ userId: TALENT }, { userId: TALENT })).toBe(true);
  });

  it('another signed-in user may not', () => {
    expect(mayReadTalentDocument({ userId: SOMEONE_ELSE }, { userId: TALENT })).toBe(false);
  });

  it('nobody reads through a profile without an owner (added by a company before sign-up)', () => {
    expect(mayReadTalentDocument({ userId: TALENT }, { userId: null })).toBe(false);
  });
});
