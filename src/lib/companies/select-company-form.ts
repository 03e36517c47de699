import { z } from 'zod';
import { requiredId } from '../forms/form-values';

// Apart from select-company.ts, whose constants the shell's current-user store imports on
// every page: zod stays out of what a guest loads before interacting.

/**
 * The company switcher's post: the company to select, as the id format the API gives it.
 * Whether it is one of the user's selectable companies only their list can tell.
 */
export const selectCompanyFormSchema = z.object({ companyId: requiredId({ required: 'companyRequired', unknown: 'companyUnknown' }) });
