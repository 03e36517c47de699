import { describe, expect, it } from 'vitest';
import { mayReadTalentDocument } from '../../../src/server/api/auth/talent-document-access';

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

describe('talent document access: a company while it works with the talent', () => {
  const company = (link: Partial<{ mayReadProfiles: boolean; holdsApplication: boolean; onRoster: boolean }>) => ({ mayReadProfiles: true, holdsApplication: false, onRoster: false, ...link });

  it('may read the documents of a talent who applied to it, through a role that reads talent profiles', () => {
    expect(mayReadTalentDocument({ userId: SOMEONE_ELSE }, { userId: TALENT }, company({ holdsApplication: true }))).toBe(true);
  });

  it('may read those of a talent on its roster, signed up or not', () => {
    expect(mayReadTalentDocument({ userId: SOMEONE_ELSE }, { userId: null }, company({ onRoster: true }))).toBe(true);
  });

  it('may not without the role permission, nor without a link to the talent', () => {
    expect(mayReadTalentDocument({ userId: SOMEONE_ELSE }, { userId: TALENT }, company({ holdsApplication: true, mayReadProfiles: false }))).toBe(false);
    expect(mayReadTalentDocument({ userId: SOMEONE_ELSE }, { userId: TALENT }, company({}))).toBe(false);
  });
});
