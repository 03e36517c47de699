import { describe, expect, it } from 'vitest';
import { readCompanyProfileAnswer, readEmployersAnswer, readProviderCompaniesAnswer } from '../../../src/lib/talent/company-operations';

const page = { total: 0, page: 1, perPage: 20, pageCount: 1, items: [] };

describe("reading the talent's company pages' answers", () => {
  it('reads the lists and fails loudly when the API failed, so the page shows its error', () => {
    expect(readEmployersAnswer({ status: 200, data: { myEmployers: page }, errors: [] })).toEqual(page);
    expect(readProviderCompaniesAnswer({ status: 200, data: { myProviderCompanies: page }, errors: [] })).toEqual(page);
    expect(() => readEmployersAnswer({ status: 200, data: null, errors: [{ message: 'Pages are numbered from 1' }] })).toThrow('Pages are numbered from 1');
    expect(() => readProviderCompaniesAnswer({ status: 502, data: null, errors: [] })).toThrow('502');
  });

  it('turns NOT_FOUND for a company into "no such company" and any other failure into an error', () => {
    expect(readCompanyProfileAnswer({ status: 200, data: null, errors: [{ message: 'This company was not found', extensions: { code: 'NOT_FOUND' } }] })).toBeNull();
    expect(() => readCompanyProfileAnswer({ status: 400, data: null, errors: [{ message: 'Ask for 1 to 100 rows per page', extensions: { code: 'BAD_USER_INPUT' } }] })).toThrow('rows per page');
    const profile = {
      id: 'c1',
      name: 'Northwind Labs',
      logo: null,
      description: null,
      industry: null,
      size: null,
      type: null,
      website: null,
      country: null,
      city: null,
      isVerified: false,
      openJobAds: page,
    };
    expect(readCompanyProfileAnswer({ status: 200, data: { companyPublicProfile: profile }, errors: [] })).toEqual(profile);
  });
});
