import { describe, expect, it } from 'vitest';
import { chooseSelectedCompany } from '../../../src/lib/companies/select-company';

const verified = ['c-north', 'c-bright'];

describe('selected company', () => {
  it('takes a valid company_id from the address first, and says so', () => {
    expect(chooseSelectedCompany({ verifiedCompanyIds: verified, fromUrl: 'c-bright', stored: 'c-north' })).toEqual({ companyId: 'c-bright', appliedFromUrl: true });
  });

  it('ignores a company_id that is not one of the user\'s verified companies', () => {
    expect(chooseSelectedCompany({ verifiedCompanyIds: verified, fromUrl: 'c-pending', stored: 'c-north' })).toEqual({ companyId: 'c-north', appliedFromUrl: false });
  });

  it('else keeps the stored company', () => {
    expect(chooseSelectedCompany({ verifiedCompanyIds: verified, fromUrl: null, stored: 'c-bright' }).companyId).toBe('c-bright');
  });

  it('else falls back to the first verified company', () => {
    expect(chooseSelectedCompany({ verifiedCompanyIds: verified, fromUrl: null, stored: 'c-gone' }).companyId).toBe('c-north');
  });

  it('selects nothing without a verified company', () => {
    expect(chooseSelectedCompany({ verifiedCompanyIds: [], fromUrl: 'x', stored: 'y' })).toEqual({ companyId: null, appliedFromUrl: false });
  });
});
