import { describe, expect, it } from 'vitest';
import { mayReachTalent, showsContactDetails } from '../../../src/server/api/auth/company-talent-access';

// What a company sees of a talent, from what links the two.
const none = { holdsApplication: false, onRoster: false };
const applied = { holdsApplication: true, onRoster: false };
const rostered = { holdsApplication: false, onRoster: true };

describe('a talent as a company sees it', () => {
  it('contact details stay hidden until the talent applies or accepts an invitation', () => {
    // An accepted invitation is an application to the company's ad or job description.
    expect(showsContactDetails(applied)).toBe(true);
    expect(showsContactDetails({ holdsApplication: true, onRoster: true })).toBe(true);
    expect(showsContactDetails(none)).toBe(false);
    expect(showsContactDetails(rostered)).toBe(false);
  });

  it('reaches a visible profile, or a hidden one linked by an application or the roster; nothing else', () => {
    expect(mayReachTalent({ isVisible: true }, none)).toBe(true);
    expect(mayReachTalent({ isVisible: false }, applied)).toBe(true);
    expect(mayReachTalent({ isVisible: false }, rostered)).toBe(true);
    expect(mayReachTalent({ isVisible: false }, none)).toBe(false);
  });
});
