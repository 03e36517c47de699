import { describe, expect, it } from 'vitest';
import { RECRUITER_PERMISSIONS, permissionRows } from '../../../src/lib/companies/company-roles';
import { newRoleValues, roleFormRows, roleValues, submitRoleWrite } from '../../../src/lib/companies/role-pages';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { successNotice } from '../../../src/lib/notifications/notice-cookie';
import { OWNER_PERMISSIONS, PERMISSION_RESOURCES } from '../../../src/lib/permissions/resources';
import companies from '../../../src/locales/en/common/companies.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

const t = getTranslator();
const { errors, roles: words } = companies.companies;
const ROLE = '11111111-1111-4111-8111-111111111111';

const conflict = (reason: string) => ({ status: 200, body: { data: null, errors: [{ message: 'English text', extensions: { code: 'CONFLICT', reason } }] } });

/** The role form as the page posts it: every row's hidden resource, and only the ticked boxes. */
function roleForm(name: string, ticked: Record<string, string[]>, extra: Record<string, string> = {}): FormData {
  const fields: Record<string, string> = { name, ...extra };
  PERMISSION_RESOURCES.forEach((resource, index) => {
    fields[`permissions[${index}].resource`] = resource;
    for (const action of ticked[resource] ?? []) fields[`permissions[${index}].${action}`] = 'on';
  });
  return formOf(fields);
}

const sentRow = (variables: Record<string, unknown> | undefined, resource: string) =>
  (variables?.data as { permissions: Array<{ resource: string }> }).permissions.find((row) => row.resource === resource);

describe('roles page: a new role starts from the default permissions', () => {
  it('opens the new-role form on the Recruiter template of companyDefaultPermissions, with an empty name', () => {
    expect(newRoleValues(OWNER_PERMISSIONS)).toEqual({ name: '', permissions: permissionRows(RECRUITER_PERMISSIONS) });
    const companyRole = newRoleValues(OWNER_PERMISSIONS).permissions.find((row) => row.resource === 'companyRole');
    expect(companyRole).toEqual({ resource: 'companyRole', read: false, create: false, update: false, delete: false });
  });

  it('leaves out of the template what the viewer does not hold (no self-granted power)', () => {
    const values = newRoleValues({ companyRole: { read: true, create: true }, jobAd: { read: true } });
    expect(values.permissions.filter((row) => row.read || row.create || row.update || row.delete)).toEqual([{ resource: 'jobAd', read: true, create: false, update: false, delete: false }]);
  });

  it("opens an edited role's form on its own matrix", () => {
    const values = roleValues({ name: 'Sourcer', permissions: permissionRows({ talentProfile: { read: true } }) });
    expect(values.name).toBe('Sourcer');
    expect(values.permissions.filter((row) => row.read).map((row) => row.resource)).toEqual(['talentProfile']);
  });
});

describe('roles page: no self-granted power in the form', () => {
  const rows = permissionRows({ jobAd: { read: true, delete: true }, company: { read: true } });
  const held = { jobAd: { read: true, create: true }, companyRole: { read: true, update: true } };

  it('fixes the boxes of permissions the viewer does not hold, ticked or not, and leaves the rest free', () => {
    const jobAd = roleFormRows(rows, held, false).find((row) => row.resource === 'jobAd')!;
    expect(jobAd).toEqual({ resource: 'jobAd', read: true, create: false, update: false, delete: true, fixed: { read: false, create: false, update: true, delete: true } });
    const company = roleFormRows(rows, held, false).find((row) => row.resource === 'company')!;
    expect(company.fixed).toEqual({ read: true, create: true, update: true, delete: true });
  });

  it("fixes every box of the viewer's own role, even those they hold", () => {
    expect(roleFormRows(rows, OWNER_PERMISSIONS, true).every((row) => Object.values(row.fixed).every(Boolean))).toBe(true);
    expect(roleFormRows(rows, OWNER_PERMISSIONS, false).some((row) => Object.values(row.fixed).some(Boolean))).toBe(false);
  });

  it('shows each refusal of the rule above the form, worded from companies.errors, with 403 and what was ticked', async () => {
    for (const [intent, reason, extra] of [['create', 'permissionNotHeld', {}], ['update', 'permissionNotHeld', { id: ROLE }], ['update', 'roleHeldByYou', { id: ROLE }]] as const) {
      const refused = apiAnswering({ status: 403, body: { data: null, errors: [{ message: 'English text', extensions: { code: 'FORBIDDEN', reason } }] } });
      const outcome = await submitRoleWrite(intent, roleForm('Sourcer', { jobAd: ['delete'] }, extra), refused.send, t);
      expect(outcome).toMatchObject({ kind: 'refused', intent, status: 403, form: { formError: errors[reason], fieldErrors: {}, values: { name: 'Sourcer' } } });
      if (outcome.kind !== 'refused') throw new Error('refused expected');
      expect(outcome.form?.values.permissions.find((row) => row.resource === 'jobAd')?.delete).toBe(true);
    }
  });
});

describe('roles page: the permission matrix (15 resources × read/create/update/delete)', () => {
  it('sends the whole matrix, an unticked box (not posted at all) as false', async () => {
    const api = apiAnswering({ status: 200, body: { data: { createOneCompanyRole: { id: ROLE } } } });
    const outcome = await submitRoleWrite('create', roleForm(' Sourcer ', { jobAd: ['read', 'create'], talentProfile: ['read'] }), api.send, t);
    expect(outcome).toEqual({ kind: 'done', noticeKey: 'notices.companies.roleCreated', target: `role-${ROLE}` });
    // The notice names the role's row by its element id: a bare id may start with a digit, which no notice target may.
    expect(successNotice('notices.companies.roleCreated', `role-${ROLE}`)).toBe(`notices.companies.roleCreated@role-${ROLE}`);
    expect(() => successNotice('notices.companies.roleCreated', ROLE)).toThrow();
    const variables = api.sent[0]?.variables;
    expect(api.sent[0]?.operationName).toBe('CreateOneCompanyRole');
    expect((variables?.data as { name: string }).name).toBe('Sourcer');
    expect((variables?.data as { permissions: unknown[] }).permissions).toHaveLength(15);
    expect(sentRow(variables, 'jobAd')).toEqual({ resource: 'jobAd', read: true, create: true, update: false, delete: false });
    expect(sentRow(variables, 'companyRole')).toEqual({ resource: 'companyRole', read: false, create: false, update: false, delete: false });
  });

  it('an edit sends the role id with the name and the whole matrix, which replaces the stored one', async () => {
    const api = apiAnswering({ status: 200, body: { data: { updateOneCompanyRole: { id: ROLE } } } });
    expect(await submitRoleWrite('update', roleForm('Panel', { talentJobApplication: ['read', 'update'] }, { id: ROLE }), api.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.companies.roleUpdated', target: `role-${ROLE}` });
    expect(api.sent[0]).toMatchObject({ operationName: 'UpdateOneCompanyRole', variables: { id: ROLE, data: { name: 'Panel' } } });
    expect(sentRow(api.sent[0]?.variables, 'talentJobApplication')).toEqual({ resource: 'talentJobApplication', read: true, create: false, update: true, delete: false });
  });

  it('a matrix naming an area the spec does not have (a form not the page’s own) is refused before sending, saying to reload', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const form = roleForm('Sourcer', {});
    form.set('permissions[0].resource', 'payroll');
    const outcome = await submitRoleWrite('create', form, api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', status: 422, form: { formError: words.matrixInvalid } });
    expect(api.sent).toEqual([]);
  });
});

describe('roles page: validation keeps what was typed', () => {
  it('refuses an empty name before sending, keeping the ticked boxes', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const outcome = await submitRoleWrite('create', roleForm('  ', { jobAd: ['delete'] }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', intent: 'create', status: 422, form: { fieldErrors: { name: errors.roleNameRequired }, formError: null } });
    if (outcome.kind !== 'refused') throw new Error('refused expected');
    expect(outcome.form?.values.name).toBe('  ');
    expect(outcome.form?.values.permissions.find((row) => row.resource === 'jobAd')).toEqual({ resource: 'jobAd', read: false, create: false, update: false, delete: true });
    // An empty field is not posted at all: the same words.
    expect(await submitRoleWrite('create', roleForm('', {}), api.send, t)).toMatchObject({ form: { fieldErrors: { name: errors.roleNameRequired } } });
    expect(api.sent).toEqual([]);
  });

  it("maps the API's field codes (data.name) to the name field", async () => {
    const api = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.name', code: 'roleNameTooLong', message: 'English' }] } }] } });
    expect(await submitRoleWrite('create', roleForm('Sourcer', {}), api.send, t)).toMatchObject({ form: { fieldErrors: { name: errors.roleNameTooLong } } });
  });
});

describe('roles page: refusals (roleNameTaken, ownerRoleLocked, roleInUse, FORBIDDEN)', () => {
  it('words roleNameTaken at the name field, from companies.errors, never the API text, with 409', async () => {
    for (const [intent, extra] of [['create', {}], ['update', { id: ROLE }]] as const) {
      const outcome = await submitRoleWrite(intent, roleForm('Recruiter', {}, extra), apiAnswering(conflict('roleNameTaken')).send, t);
      expect(outcome).toMatchObject({ kind: 'refused', intent, status: 409, form: { fieldErrors: { name: errors.roleNameTaken }, values: { name: 'Recruiter' } } });
    }
  });

  it('words ownerRoleLocked for an edit (above the form) and a delete (on the row)', async () => {
    const edited = await submitRoleWrite('update', roleForm('Boss', {}, { id: ROLE }), apiAnswering(conflict('ownerRoleLocked')).send, t);
    expect(edited).toMatchObject({ kind: 'refused', rowId: ROLE, status: 409, form: { formError: errors.ownerRoleLocked } });
    const deleted = await submitRoleWrite('delete', formOf({ id: ROLE }), apiAnswering(conflict('ownerRoleLocked')).send, t);
    expect(deleted).toEqual({ kind: 'refused', intent: 'delete', rowId: ROLE, message: errors.ownerRoleLocked, status: 409, roleInUse: false, form: null });
  });

  it('a role in use cannot be deleted: the refusal says to move its members and marks it for the Members link', async () => {
    const outcome = await submitRoleWrite('delete', formOf({ id: ROLE }), apiAnswering(conflict('roleInUse')).send, t);
    expect(outcome).toEqual({ kind: 'refused', intent: 'delete', rowId: ROLE, message: errors.roleInUse, status: 409, roleInUse: true, form: null });
  });

  it('deletes an unused role and says so', async () => {
    const api = apiAnswering({ status: 200, body: { data: { deleteOneCompanyRole: ROLE } } });
    expect(await submitRoleWrite('delete', formOf({ id: ROLE }), api.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.companies.roleDeleted', target: null });
    expect(api.sent[0]).toEqual({ operationName: 'DeleteOneCompanyRole', variables: { id: ROLE } });
  });

  it('answers FORBIDDEN with the page words and 403, NOT_FOUND as gone, and a malformed id as gone without sending', async () => {
    const forbidden = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] } });
    expect(await submitRoleWrite('delete', formOf({ id: ROLE }), forbidden.send, t)).toMatchObject({ message: words.forbidden, status: 403 });
    expect(await submitRoleWrite('create', roleForm('Sourcer', {}), forbidden.send, t)).toMatchObject({ status: 403, form: { formError: words.forbidden } });
    const gone = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'NOT_FOUND' } }] } });
    expect(await submitRoleWrite('delete', formOf({ id: ROLE }), gone.send, t)).toMatchObject({ message: words.gone, status: 422 });
    const api = apiAnswering({ status: 200, body: { data: null } });
    for (const intent of ['update', 'delete'] as const) {
      expect(await submitRoleWrite(intent, roleForm('X', {}, { id: 'not-a-uuid' }), api.send, t)).toMatchObject({ kind: 'refused', message: words.gone, rowId: null });
    }
    expect(api.sent).toEqual([]);
  });
});
