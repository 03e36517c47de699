import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../src/lib/account/current-user';
import {
  COMPANY_FORM_FIELDS,
  countryOptions,
  myCompanyRows,
  submitCreateCompanyForm,
  submitLeaveCompanyForm,
  typedCompanyForm,
} from '../../../src/lib/companies/company-pages';
import { COUNTRY_CODES } from '../../../src/lib/places/country-codes';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import companies from '../../../src/locales/en/common/companies.json';
import { apiAnswering, formOf } from '../../support/page-handler-fakes';
import { membershipFixture } from '../../support/current-user-fixture';

const t = getTranslator();
const errors = companies.companies.errors;

describe('create company form', () => {
  it('refuses an empty name and a bad website before sending anything, worded from companies.errors, keeping the values as typed', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const outcome = await submitCreateCompanyForm(formOf({ name: '  ', website: 'not a site', 'address.city': 'Lisbon' }), api.send, t);
    expect(api.sent).toEqual([]);
    expect(outcome).toMatchObject({
      kind: 'invalid',
      formError: null,
      fieldErrors: { name: errors.nameRequired, website: errors.websiteInvalid },
      values: { name: '  ', website: 'not a site', 'address.city': 'Lisbon', country: '' },
    });
  });

  it('refuses a country that is not an ISO code', async () => {
    const api = apiAnswering({ status: 200, body: { data: null } });
    const outcome = await submitCreateCompanyForm(formOf({ name: 'Acme', country: 'XX' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', fieldErrors: { country: errors.countryUnknown } });
    expect(api.sent).toEqual([]);
  });

  it('sends the checked input (address nested, website normalised, blanks absent) and answers the new id', async () => {
    const api = apiAnswering({ status: 200, body: { data: { createOneCompany: { id: 'c-new', name: 'Acme', verificationStatus: 'pending' } } } });
    const outcome = await submitCreateCompanyForm(
      formOf({ name: ' Acme ', website: 'acme.example', 'address.city': 'Lisbon', country: 'pt', accountingCurrency: 'eur', industry: '' }),
      api.send,
      t,
    );
    expect(outcome).toEqual({ kind: 'done', companyId: 'c-new' });
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.operationName).toBe('CreateOneCompany');
    const data = api.sent[0]!.variables!.data as Record<string, unknown>;
    expect(data).toMatchObject({ name: 'Acme', website: 'https://acme.example/', address: { city: 'Lisbon' }, country: 'PT', accountingCurrency: 'EUR' });
    expect(data.industry ?? null).toBeNull();
  });

  it('words the API issue codes beside their fields', async () => {
    const api = apiAnswering({
      status: 200,
      body: { data: null, errors: [{ message: 'Invalid', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'data.address.street', code: 'tooLong', message: 'x' }] } }] },
    });
    const outcome = await submitCreateCompanyForm(formOf({ name: 'Acme', 'address.street': 'Rua 1' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', formError: null, fieldErrors: { 'address.street': errors.tooLong }, values: { 'address.street': 'Rua 1' } });
  });

  it('says a failure that names no field once, above the form', async () => {
    const api = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } });
    const outcome = await submitCreateCompanyForm(formOf({ name: 'Acme' }), api.send, t);
    expect(outcome).toMatchObject({ kind: 'invalid', fieldErrors: {}, formError: companies.companies.create.failed });
  });

  it('reads every form field as typed, missing ones as empty', () => {
    const values = typedCompanyForm(formOf({ name: 'Acme', 'address.region': 'Norte' }));
    expect(Object.keys(values)).toEqual([...COMPANY_FORM_FIELDS]);
    expect(values).toMatchObject({ name: 'Acme', 'address.region': 'Norte', website: '' });
  });
});

describe('country choices', () => {
  it('offers an empty choice, then every assigned ISO code once, by English name', () => {
    const options = countryOptions('Choose a country', 'en');
    expect(options[0]).toEqual({ value: '', label: 'Choose a country' });
    const countries = options.slice(1);
    expect(countries.map((option) => option.value).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(countries.find((option) => option.value === 'PT')?.label).toBe('Portugal');
    const labels = countries.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('leave company form', () => {
  const COMPANY_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
  it('leaves when the API answers the id', async () => {
    const api = apiAnswering({ status: 200, body: { data: { leaveCompany: COMPANY_ID } } });
    expect(await submitLeaveCompanyForm(formOf({ intent: 'leave', companyId: COMPANY_ID }), api.send, t)).toEqual({ kind: 'done' });
    expect(api.sent).toEqual([{ operationName: 'LeaveCompany', variables: { companyId: COMPANY_ID } }]);
  });

  it('words the last-owner refusal (CONFLICT reason lastOwner) from companies.errors', async () => {
    const api = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'English from the API', extensions: { code: 'CONFLICT', reason: 'lastOwner' } }] } });
    expect(await submitLeaveCompanyForm(formOf({ companyId: COMPANY_ID }), api.send, t)).toEqual({ kind: 'refused', reason: 'lastOwner', message: errors.lastOwner, status: 409 });
  });

  it('gives any other failure the general message, and sends nothing without a company id (blank or no UUID)', async () => {
    const failing = apiAnswering({ status: 200, body: { data: null, errors: [{ message: 'The company was not found', extensions: { code: 'NOT_FOUND' } }] } });
    const general = companies.companies.myCompanies.leaveFailed;
    expect(await submitLeaveCompanyForm(formOf({ companyId: COMPANY_ID }), failing.send, t)).toEqual({ kind: 'refused', reason: 'failed', message: general, status: 422 });
    const unused = apiAnswering({ status: 200, body: { data: null } });
    expect(await submitLeaveCompanyForm(formOf({}), unused.send, t)).toEqual({ kind: 'refused', reason: 'failed', message: general, status: 400 });
    expect(await submitLeaveCompanyForm(formOf({ companyId: 'c1' }), unused.send, t)).toEqual({ kind: 'refused', reason: 'failed', message: general, status: 400 });
    expect(unused.sent).toEqual([]);
  });
});

describe('my companies rows (only verified companies are selectable)', () => {
  const membership = (id: string, verificationStatus: string, deletedAt: string | null = null) => membershipFixture({ id, name: `Company ${id}`, verificationStatus, deletedAt });

  it('lists every membership with its status; only verified, not deleted ones are selectable', () => {
    const user = { companies: [membership('a', 'verified'), membership('b', 'pending'), membership('c', 'verified', '2026-01-01T00:00:00Z'), membership('d', 'rejected')] } as CurrentUser;
    expect(myCompanyRows(user).map(({ id, status, selectable }) => [id, status, selectable])).toEqual([
      ['a', 'verified', true],
      ['b', 'pending', false],
      ['c', 'deleted', false],
      ['d', 'rejected', false],
    ]);
  });

  it('is empty without a user or memberships', () => {
    expect(myCompanyRows(null)).toEqual([]);
    expect(myCompanyRows({ companies: [] } as unknown as CurrentUser)).toEqual([]);
  });
});
