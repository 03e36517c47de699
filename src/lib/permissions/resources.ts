/** The permission resources, with the label the rbac namespace gives each. */
export const PERMISSION_RESOURCES = [
  'company',
  'companyOnUser',
  'companyRole',
  'companyTalentRoster',
  'companySavedTalent',
  'companyTalentNote',
  'companyHiringStep',
  'jobDescription',
  'jobAssignment',
  'jobAd',
  'talentJobApplication',
  'talentInvitation',
  'talentProfile',
  // Beyond the spec's resources: the staffing links with other companies (company links).
  'companyLink',
  // Beyond them too: the company's identity providers and proven domains (single sign-on).
  'idp',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

/**
 * The spec shows `read` on every resource and `update` on company; writes need the
 * rest, so every resource has all four under the same merge rule.
 */
export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** resource → action → allowed. A resource or action that is absent is not granted. */
export type PermissionSet = Partial<Record<string, Partial<Record<string, boolean>>>>;

/** The default owner role: every action on every resource. */
export const OWNER_PERMISSIONS: PermissionSet = Object.fromEntries(
  PERMISSION_RESOURCES.map((resource) => [resource, Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, true]))]),
);
