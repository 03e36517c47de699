import { describe, expect, it } from 'vitest';
import { companyPermissionSetSchema, limitedResources } from '../../../src/lib/admin/company-permission-input';
import { companyReviewActions, companyReviewMove, readAdminCompanyFilters, rejectCompanySchema } from '../../../src/lib/admin/company-verification';
import { REJECTION_REASON_MAX } from '../../../src/lib/forms/field-rules';
import { ERASED_ROWS, ERASED_TALENT_PROFILE, KEPT_ROWS, erasedEmail, erasedUserFields } from '../../../src/lib/admin/personal-data';
import { maySignIn, userStatusActions, userStatusMove } from '../../../src/lib/admin/user-status';
import { companyPermissionRows } from '../../../src/lib/companies/company-roles';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { PERMISSION_RESOURCES } from '../../../src/lib/permissions/resources';
import { talentProfile } from '../../../src/server/db/schema';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.message));

describe('company review (the verification status)', () => {
  it('a pending company is verified, rejected or deleted', () => {
    expect(companyReviewActions('pending')).toEqual(['verify', 'reject', 'delete']);
  });

  it('a verified company may lose its verification or be deleted, and a rejected one be verified after all', () => {
    expect(companyReviewActions('verified')).toEqual(['reject', 'delete']);
    expect(companyReviewActions('rejected')).toEqual(['verify', 'delete']);
  });

  it('deleted is final, and nothing moves a company to where it already is', () => {
    expect(companyReviewActions('deleted')).toEqual([]);
    expect(companyReviewMove('deleted', 'verify')).toEqual({ ok: false, reason: 'companyDeleted' });
    expect(companyReviewMove('verified', 'verify')).toEqual({ ok: false, reason: 'alreadyInStatus' });
    expect(companyReviewMove('pending', 'reject')).toEqual({ ok: true, to: 'rejected' });
    expect(companyReviewMove('rejected', 'delete')).toEqual({ ok: true, to: 'deleted' });
    expect(companyReviewActions('unknown')).toEqual([]);
  });

  it('a rejection needs a reason its owners can read: trimmed, at most 1,000 characters, line breaks kept', () => {
    expect(rejectCompanySchema.parse({ reason: '  No such company at this address.\nSend the register extract. ' }).reason).toBe('No such company at this address.\nSend the register extract.');
    expect(issues(rejectCompanySchema.safeParse({ reason: '   ' }))).toEqual(['reasonRequired']);
    expect(issues(rejectCompanySchema.safeParse({}))).toEqual(['reasonRequired']);
    expect(issues(rejectCompanySchema.safeParse({ reason: 'x'.repeat(REJECTION_REASON_MAX + 1) }))).toEqual(['reasonTooLong']);
    expect(issues(rejectCompanySchema.safeParse({ reason: 'bad\u0000' }))).toEqual(['controlCharacters']);
  });

  it('reads the list filters from the address; anything unknown is no filter', () => {
    expect(readAdminCompanyFilters(new URL('http://x/admin/companies?q=%20Kite%20&status=pending&duplicate=yes&country=pt'))).toEqual({ q: 'Kite', status: 'pending', possibleDuplicate: true, country: 'PT' });
    expect(readAdminCompanyFilters(new URL('http://x/admin/companies?status=lost&duplicate=maybe&country=XX'))).toEqual({ q: '', status: null, possibleDuplicate: false, country: null });
  });
});

describe("a company's own permission set, edited by admins only", () => {
  const row = (resource: string, limited: boolean, read = false, create = false, update = false, del = false) => ({ resource, limited, read, create, update, delete: del });

  it('stores only the limited resources, each with all four actions explicit; the rest is left to the roles', () => {
    const set = companyPermissionSetSchema.parse([row('jobAd', true, true), row('company', false, true, true, true, true)]);
    expect(set).toEqual({ jobAd: { read: true, create: false, update: false, delete: false } });
    expect(limitedResources(set)).toEqual(['jobAd']);
  });

  it('reads back as the rows it was written from', () => {
    const set = companyPermissionSetSchema.parse(PERMISSION_RESOURCES.map((resource) => row(resource, resource === 'talentProfile', true)));
    expect(companyPermissionRows(set).find((entry) => entry.resource === 'talentProfile')).toEqual(row('talentProfile', true, true));
    expect(companyPermissionRows(set).filter((entry) => entry.limited)).toHaveLength(1);
  });

  it('refuses an unknown resource and a resource named twice', () => {
    expect(issues(companyPermissionSetSchema.safeParse([row('payroll', true)]))).toEqual(['permissionResourceUnknown']);
    expect(issues(companyPermissionSetSchema.safeParse([row('jobAd', true), row('jobAd', false)]))).toEqual(['permissionResourceRepeated']);
  });
});

describe("a user's status, set by admins", () => {
  const user = (status: string, extra: Partial<{ isSelf: boolean; isAdmin: boolean }> = {}) => ({ status, isSelf: false, isAdmin: false, ...extra });

  it('an active user is blocked or deleted; a blocked one unblocked or deleted', () => {
    expect(userStatusActions(user('active'))).toEqual(['block', 'delete']);
    expect(userStatusActions(user('blocked'))).toEqual(['unblock', 'delete']);
    expect(userStatusMove(user('active'), 'block')).toEqual({ ok: true, to: 'blocked' });
    expect(userStatusMove(user('blocked'), 'unblock')).toEqual({ ok: true, to: 'active' });
    expect(userStatusMove(user('blocked'), 'block')).toEqual({ ok: false, reason: 'alreadyInStatus' });
  });

  it('deleted is final', () => {
    expect(userStatusActions(user('deleted'))).toEqual([]);
    expect(userStatusMove(user('deleted'), 'unblock')).toEqual({ ok: false, reason: 'userDeleted' });
  });

  it('an admin never blocks or deletes their own account, nor another admin', () => {
    expect(userStatusMove(user('active', { isSelf: true, isAdmin: true }), 'block')).toEqual({ ok: false, reason: 'ownAccount' });
    expect(userStatusMove(user('active', { isAdmin: true }), 'delete')).toEqual({ ok: false, reason: 'adminAccount' });
    expect(userStatusActions(user('active', { isAdmin: true }))).toEqual([]);
  });

  it('only an active user may sign in', () => {
    expect(maySignIn('active')).toBe(true);
    expect(maySignIn('blocked')).toBe(false);
    expect(maySignIn('deleted')).toBe(false);
  });

  it('words every refusal and review code', () => {
    const t = getTranslator();
    const codes = ['companyDeleted', 'alreadyInStatus', 'userDeleted', 'ownAccount', 'adminAccount', 'reasonRequired', 'reasonTooLong', 'controlCharacters'];
    expect(codes.filter((code) => t(`admin.errors.${code}`) === `admin.errors.${code}`)).toEqual([]);
  });
});

describe('erasure of a deleted user (docs/personal-data.md)', () => {
  it("replaces the address by a unique placeholder that is never delivered, and empties the user's personal fields", () => {
    expect(erasedEmail('0b4c')).toBe('deleted-0b4c@users.invalid');
    expect(erasedUserFields('0b4c')).toEqual({ email: 'deleted-0b4c@users.invalid', displayName: null, phoneNumber: null, redirect: null, preferences: {}, lastVisit: null });
  });

  it('hides the profile, takes it out of search and empties every field about the person', () => {
    expect(ERASED_TALENT_PROFILE).toMatchObject({ isVisible: false, isAvailableForHire: false, verificationStatus: 'deleted', profileName: null, email: null, profilePicture: null, cv: null, resume: null, pdf: null, description: null });
  });

  it('places every talent profile column: erased, or kept because it names no one (ids, links, dates, generated search columns)', () => {
    const kept = ['id', 'userId', 'createdAt', 'updatedAt', 'deletedAt', 'skillKeys', 'languageKeys', 'searchDocument', 'profileCompleteness'];
    const columns = Object.keys(talentProfile).filter((key) => !key.startsWith('_') && key !== 'enableRLS' && key !== 'getSQL');
    expect(columns.filter((column) => !kept.includes(column) && !(column in ERASED_TALENT_PROFILE))).toEqual([]);
  });

  it('keeps the money rows (bookkeeping retention) and erases no table it keeps', () => {
    expect(KEPT_ROWS).toEqual(expect.arrayContaining(['billing', 'invoice', 'talent_balance_transaction']));
    expect(ERASED_ROWS.filter((table) => (KEPT_ROWS as readonly string[]).includes(table))).toEqual([]);
  });
});
