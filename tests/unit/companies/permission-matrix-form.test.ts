import { describe, expect, it } from 'vitest';
import { submitAdminCompanyWrite } from '../../../src/lib/admin/admin-company-pages';
import { postedPermissionRows } from '../../../src/lib/companies/permission-matrix-form';
import { submitRoleWrite } from '../../../src/lib/companies/role-pages';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { PERMISSION_RESOURCES } from '../../../src/lib/permissions/resources';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

// The permission matrix a form posts (roles page, admin company page) is read by the form
// kit with one schema, to show a refused matrix again as ticked.

const t = getTranslator();
const ID = '11111111-1111-4111-8111-111111111111';
const nothingSent = () => apiAnswering({ status: 200, body: { data: null } });

describe('permission matrix of a refused form: one schema for the roles page and the admin company page', () => {
  /** As the form posts it: every row's resource (hidden), and the boxes ticked. */
  const matrixForm = (fields: Record<string, string>) =>
    formOf({ id: ID, ...Object.fromEntries(PERMISSION_RESOURCES.map((resource, index) => [`permissions[${index}].resource`, resource])), ...fields });
  const jobAd = PERMISSION_RESOURCES.indexOf('jobAd');

  it('reads row i as the i-th resource of the spec, ticked boxes as true and the rest as false', () => {
    const rows = postedPermissionRows(matrixForm({ [`permissions[${jobAd}].limited`]: 'on', [`permissions[${jobAd}].delete`]: 'on' }));
    expect(rows.map((row) => row.resource)).toEqual([...PERMISSION_RESOURCES]);
    expect(rows[jobAd]).toEqual({ resource: 'jobAd', limited: true, read: false, create: false, update: false, delete: true });
    expect(rows.filter((row) => row.limited || row.read || row.create || row.update || row.delete)).toHaveLength(1);
  });

  it('a post that is not a matrix of boxes reads as nothing ticked, never as an error', () => {
    const odd = formOf({ 'permissions[0]': 'x', 'permissions[1].read': 'yes', [`permissions[${PERMISSION_RESOURCES.length}].read`]: 'on', 'permissions[999].read': 'on' });
    expect(postedPermissionRows(odd).every((row) => !row.limited && !row.read && !row.create && !row.update && !row.delete)).toBe(true);
    expect(postedPermissionRows(formOf({}))).toHaveLength(PERMISSION_RESOURCES.length);
  });

  it('the admin company page shows the refused matrix as ticked and sends it as ticked', async () => {
    const refusal = { status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] } };
    const api = apiAnswering(refusal);
    const outcome = await submitAdminCompanyWrite('permissions', matrixForm({ [`permissions[${jobAd}].limited`]: 'on', [`permissions[${jobAd}].read`]: 'on' }), api.send, t);
    const expected = { resource: 'jobAd', limited: true, read: true, create: false, update: false, delete: false };
    expect(outcome.kind === 'refused' && outcome.permissions?.[jobAd]).toEqual(expected);
    expect((api.sent[0]?.variables?.permissions as unknown[])[jobAd]).toEqual(expected);
  });

  it('the roles page shows the refused matrix as ticked, without the Limit column', async () => {
    const api = nothingSent();
    const outcome = await submitRoleWrite('create', matrixForm({ name: '', [`permissions[${jobAd}].limited`]: 'on', [`permissions[${jobAd}].update`]: 'on' }), api.send, t);
    expect(outcome.kind === 'refused' && outcome.form?.values.permissions[jobAd]).toEqual({ resource: 'jobAd', read: false, create: false, update: true, delete: false });
    expect(api.sent).toEqual([]);
  });
});
