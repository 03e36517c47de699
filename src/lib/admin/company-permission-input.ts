import { z } from 'zod';
import { eachResourceOnce, permissionRow } from '../companies/company-roles';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionSet } from '../permissions/resources';

// The company's own permission set (the companyPermissions entity), which only a platform
// admin edits. Per resource the set either leaves the decision to the company's
// roles (not named in the set) or limits it: then only the actions ticked are allowed,
// whatever a role says (the spec's AND). Issue codes are worded in companies.errors.

/** One row as the admin form and the API send it: `limited` names the resource in the set. */
export const companyPermissionRow = permissionRow.extend({ limited: z.boolean().default(false) });

/** The rows as the set to store: limited resources only, each with all four actions explicit. */
export const companyPermissionSetSchema = z
  .array(companyPermissionRow)
  .superRefine(eachResourceOnce)
  .transform((rows): Record<string, Record<string, boolean>> => {
    const set: Record<string, Record<string, boolean>> = {};
    for (const { resource, limited, ...actions } of rows) {
      if (limited) set[resource] = Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, actions[action]]));
    }
    return set;
  });

export const companyPermissionsFormSchema = z.object({ permissions: companyPermissionSetSchema });

/** The resources a set limits, in the spec's order: what the admin page summarises. */
export function limitedResources(set: PermissionSet | null | undefined): string[] {
  return PERMISSION_RESOURCES.filter((resource) => Boolean(set?.[resource]));
}
