import { z } from 'zod';
import { requiredName } from '../forms/field-rules';
import { OWNER_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionAction, type PermissionResource, type PermissionSet } from '../permissions/resources';

// A company's roles (the companyRole and companyDefaultPermissions entities): the templates every
// company starts from, shared by the demo seed and createOneCompany, and the rules of a
// role's name and permission matrix.

/** The role a company's creator gets: the company's default role (isDefault), all permissions. */
export const OWNER_ROLE = 'Owner';
export const RECRUITER_ROLE = 'Recruiter';

/** Every resource with every action, each true or false: what roles store. */
export type PermissionMatrix = Record<string, Record<string, boolean>>;

/**
 * The full matrix (15 resources × read/create/update/delete) with explicit `false`s: in
 * the permission merge a role's false wins over a company ceiling that grants, and nothing
 * (absent) would let the ceiling decide.
 */
export function permissionMatrix(grants: PermissionSet): PermissionMatrix {
  return Object.fromEntries(
    PERMISSION_RESOURCES.map((resource) => [resource, Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, grants[resource]?.[action] === true]))]),
  );
}

/**
 * Reads what a recruiter works with, writes job descriptions, posts job ads, moves
 * candidates through the hiring steps (reading the steps, never changing them), keeps talent
 * shortlists and invites talents (the demo recruiter does); may see the company it
 * works for but not change it, and sees neither members nor roles.
 */
export const RECRUITER_PERMISSIONS: PermissionMatrix = permissionMatrix({
  company: { read: true },
  companyHiringStep: { read: true },
  jobDescription: { read: true, create: true, update: true },
  jobAd: { read: true, create: true, update: true },
  talentJobApplication: { read: true, update: true },
  talentProfile: { read: true },
  talentInvitation: { read: true, create: true },
  companySavedTalent: { read: true, create: true, update: true, delete: true },
});

/** The platform-wide companyDefaultPermissions templates, by role name. */
export const DEFAULT_ROLE_TEMPLATES: Readonly<Record<string, PermissionMatrix>> = {
  [OWNER_ROLE]: permissionMatrix(OWNER_PERMISSIONS),
  [RECRUITER_ROLE]: RECRUITER_PERMISSIONS,
};

/** The longest role name, in characters as people count them. */
export const ROLE_NAME_MAX = 100;

/** One row of the matrix as forms and the API send it. */
export interface RolePermissionRow {
  resource: PermissionResource;
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** The stored matrix as rows, in the spec's resource order; what is not granted is false. */
export function permissionRows(set: PermissionSet | null | undefined): RolePermissionRow[] {
  return PERMISSION_RESOURCES.map((resource) => {
    const actions = set?.[resource];
    const row = { resource } as RolePermissionRow;
    for (const action of PERMISSION_ACTIONS) row[action as PermissionAction] = actions?.[action] === true;
    return row;
  });
}

/**
 * One row of the company's own set (the company permissions): `limited` when the set
 * names the resource, and then an action it leaves out is denied; a resource it leaves
 * out is the roles' alone to decide, so the company allows every action there.
 */
export interface CompanyPermissionRow extends RolePermissionRow {
  limited: boolean;
}

export function companyPermissionRows(set: PermissionSet | null | undefined): CompanyPermissionRow[] {
  return permissionRows(set).map((row) =>
    set?.[row.resource] ? { ...row, limited: true } : { resource: row.resource, limited: false, read: true, create: true, update: true, delete: true },
  );
}

// A form posts an empty field as nothing at all: a missing name is the same mistake as a blank one.
const roleName = requiredName(ROLE_NAME_MAX, { required: 'roleNameRequired', tooLong: 'roleNameTooLong' });

/** One posted row of a permission matrix (role or company set): its resource and four actions. */
export const permissionRow = z.object({
  resource: z.string().refine((value) => (PERMISSION_RESOURCES as readonly string[]).includes(value), { message: 'permissionResourceUnknown' }),
  // The API requires all four; a form's unticked checkbox is not posted at all, and means no.
  read: z.boolean().default(false),
  create: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
});

/**
 * The matrix as rows; a resource left out grants nothing, a resource listed twice is an
 * error (which of the two would count?). Stored as the full matrix with explicit falses.
 */
/** A matrix names each resource once: a resource listed twice is an error (which of the two would count?). */
export function eachResourceOnce(rows: ReadonlyArray<{ resource: string }>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (seen.has(row.resource)) ctx.addIssue({ code: 'custom', message: 'permissionResourceRepeated', path: [index, 'resource'] });
    seen.add(row.resource);
  });
}

const permissions = z
  .array(permissionRow)
  .superRefine(eachResourceOnce)
  .transform((rows) => {
    const grants: PermissionSet = {};
    for (const { resource, ...actions } of rows) grants[resource] = actions;
    return permissionMatrix(grants);
  });

export const roleCreateSchema = z.object({ role: roleName, permissions });
/** A partial edit: what is left out stays as it is. */
export const roleUpdateSchema = roleCreateSchema.partial();
/** The roles page's form: the same rules under the API's field names (`name`), so its issues and the API's name the same fields. */
export const roleFormSchema = z.object({ name: roleName, permissions });
