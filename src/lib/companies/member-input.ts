import { z } from 'zod';

// Inviting someone to a company (the companyOnUser entity): an e-mail address and a role.

/** RFC 5321 caps an address at 254 characters; the shape check is the one browsers apply. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// A form's empty field arrives absent: that is no address either. The roster's "add by
// e-mail" reads addresses with the same rule.
export const emailAddress = z.string({ error: 'emailInvalid' }).transform((raw, ctx) => {
  const value = raw.trim();
  if (value.length > 254 || !EMAIL.test(value)) ctx.addIssue({ code: 'custom', message: 'emailInvalid' });
  return value;
});

// A missing role is the user's to fix (roleRequired); an id that is no role of the company
// is the API's NOT_FOUND, like any unknown id.
export const memberInviteSchema = z.object({ email: emailAddress, roleId: z.string({ error: 'roleRequired' }).min(1, 'roleRequired') });
