import { describe, expect, it } from 'vitest';
import { memberName, submitMemberForm } from '../../../src/lib/companies/member-pages';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import companies from '../../../src/locales/en/common/companies.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';

const t = getTranslator();
const { errors, members: words } = companies.companies;
const ROLE = '11111111-1111-4111-8111-111111111111';
const MEMBER = '22222222-2222-4222-8222-222222222222';

const conflict = (reason: string) => ({ status: 200, body: { data: null, errors: [{ message: 'English text', extensions: { code: 'CONFLICT', reason } }] } });

describe('members page: invite by e-mail', () => {
  it('refuses a malformed address and a missing role before sending anything, keeping what was typed', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const bad = await submitMemberForm('invite', formOf({ email: 'not-an-address', roleId: ROLE }), api.send, t);
    expect(bad).toMatchObject({ kind: 'refused', intent: 'invite', invite: { values: { email: 'not-an-address', roleId: ROLE }, fieldErrors: { email: errors.emailInvalid } } });
    const empty = await submitMemberForm('invite', formOf({ email: '', roleId: ROLE }), api.send, t);
    expect(empty).toMatchObject({ kind: 'refused', invite: { fieldErrors: { email: errors.emailInvalid } } });
    const noRole = await submitMemberForm('invite', formOf({ email: 'ana@example.com', roleId: '' }), api.send, t);
    expect(noRole).toMatchObject({ kind: 'refused', invite: { fieldErrors: { roleId: errors.roleRequired } } });
    expect(api.sent).toEqual([]);
  });

  it('says "invitation created" whatever the address: the API answers an invitation either way', async () => {
    const invited = apiAnswering({ status: 200, body: { data: { createOneCompanyOnUser: { id: 'inv-1' } } } });
    expect(await submitMemberForm('invite', formOf({ email: ' ana@example.com ', roleId: ROLE }), invited.send, t)).toEqual({ kind: 'done', noticeKey: 'notices.companies.memberInvited', target: 'invitation-inv-1' });
    expect(invited.sent[0]?.variables).toEqual({ data: { email: 'ana@example.com', roleId: ROLE } });
  });

  it('words alreadyMember at the address field, from companies.errors, never the API text, with status 409', async () => {
    const api = apiAnswering(conflict('alreadyMember'));
    const outcome = await submitMemberForm('invite', formOf({ email: 'ana@example.com', roleId: ROLE }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'refused', status: 409, invite: { fieldErrors: { email: errors.alreadyMember } } });
  });
});

describe('members page: last owner (never removed or demoted)', () => {
  it('words the lastOwner conflict of a role change and of a removal on the member row', async () => {
    for (const intent of ['changeRole', 'remove'] as const) {
      const api = apiAnswering(conflict('lastOwner'));
      const outcome = await submitMemberForm(intent, formOf({ id: MEMBER, roleId: ROLE }), api.send, t);
      expect(outcome).toEqual({ kind: 'refused', intent, rowId: MEMBER, message: errors.lastOwner, status: 409, invite: null });
    }
  });

  it('answers FORBIDDEN with the page words and 403, and an unknown id with "gone"', async () => {
    const forbidden = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] } });
    expect(await submitMemberForm('changeRole', formOf({ id: MEMBER, roleId: ROLE }), forbidden.send, t)).toMatchObject({ message: words.forbidden, status: 403 });
    const api = apiAnswering({ status: 200, body: { data: null } });
    expect(await submitMemberForm('remove', formOf({ id: 'not-a-uuid' }), api.send, t)).toMatchObject({ kind: 'refused', message: words.gone });
    expect(api.sent).toEqual([]);
  });

  it('sends the membership id and role of a role change', async () => {
    const api = apiAnswering({ status: 200, body: { data: { updateOneCompanyOnUser: { id: MEMBER, roleId: ROLE } } } });
    expect(await submitMemberForm('changeRole', formOf({ id: MEMBER, roleId: ROLE }), api.send, t)).toMatchObject({ kind: 'done', noticeKey: 'notices.companies.memberRoleChanged', target: `member-${MEMBER}` });
    expect(api.sent[0]).toEqual({ operationName: 'UpdateOneCompanyOnUser', variables: { id: MEMBER, data: { roleId: ROLE } } });
  });
});

describe('members page: names', () => {
  it('shows the display name, else the e-mail address', () => {
    expect(memberName({ displayName: 'Ana', email: 'ana@example.com' })).toBe('Ana');
    expect(memberName({ displayName: '  ', email: 'ana@example.com' })).toBe('ana@example.com');
    expect(memberName({ displayName: null, email: 'ana@example.com' })).toBe('ana@example.com');
  });
});
