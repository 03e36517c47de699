import { z } from 'zod';
import { checkbox } from '../forms/form-values';
import { parseForm } from '../forms/parse-form';
import { PERMISSION_RESOURCES } from '../permissions/resources';
import type { CompanyPermissionRow } from './company-roles';

// The permission matrix as a form posts it (components/companies/PermissionMatrix): row i
// is the i-th resource of the spec's list, its boxes `permissions[i].<action>` and, in the
// admin's form of a company's own set, `permissions[i].limited`. One reading for the roles
// page and the admin's company page, to show a refused matrix again as ticked.

const NOTHING_TICKED = { limited: false, read: false, create: false, update: false, delete: false };

/** One row's boxes; a row that is not a row of boxes (a post that was not the form's) reads as nothing ticked. */
const postedRow = z.object({ limited: checkbox, read: checkbox, create: checkbox, update: checkbox, delete: checkbox }).catch(NOTHING_TICKED);

/**
 * The posted matrix, one row per resource in the order the form draws them: a ticked box
 * posts "on", an unticked one nothing (false). It never fails: a row missing from the post,
 * or one beyond the spec's resources, is not a row of the form.
 */
export const postedPermissionMatrixSchema = z
  .object({ permissions: z.array(postedRow).catch([]) })
  .transform(({ permissions }): CompanyPermissionRow[] => PERMISSION_RESOURCES.map((resource, index) => ({ resource, ...(permissions[index] ?? NOTHING_TICKED) })));

/** The matrix of a post as ticked (with the Limit column, unticked when the form has none). */
export function postedPermissionRows(form: FormData): CompanyPermissionRow[] {
  const parsed = parseForm(form, postedPermissionMatrixSchema, { coerce: false });
  return parsed.ok ? parsed.value : postedPermissionMatrixSchema.parse({});
}
