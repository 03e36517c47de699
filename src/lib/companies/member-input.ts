import { z } from 'zod';
import { emailAddress } from '../forms/field-rules';

// Inviting someone to a company (the companyOnUser entity): an e-mail address and a role.

// A missing role is the user's to fix (roleRequired); an id that is no role of the company
// is the API's NOT_FOUND, like any unknown id.
export const memberInviteSchema = z.object({ email: emailAddress, roleId: z.string({ error: 'roleRequired' }).min(1, 'roleRequired') });
