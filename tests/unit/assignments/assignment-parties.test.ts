import { describe, expect, it } from 'vitest';
import { involvesCompany, partyChoices, partyIssues } from '../../../src/lib/assignments/company-assignment-input';

// Which companies a company may name on an assignment it writes: the client is
// itself or a company it provides talents to, the provider itself or a company providing
// to it, the sales company itself or any partner; and it must take one of the parts.
const SELF = 'self';
const partners = { clients: ['client-1', 'client-2'], providers: ['provider-1'] };
const none = { clientCompanyId: null, providerCompanyId: null, salesCompanyId: null };

describe('assignment parties', () => {
  it('offers each part its companies, the writer first', () => {
    expect(partyChoices(SELF, partners)).toEqual({
      client: ['self', 'client-1', 'client-2'],
      provider: ['self', 'provider-1'],
      sales: ['self', 'client-1', 'client-2', 'provider-1'],
    });
    expect(partyChoices(SELF, { clients: [], providers: [] })).toEqual({ client: ['self'], provider: ['self'], sales: ['self'] });
  });

  it('an assignment belongs to a company that is its client, provider or sales company', () => {
    expect(involvesCompany({ ...none, clientCompanyId: SELF }, SELF)).toBe(true);
    expect(involvesCompany({ ...none, providerCompanyId: SELF }, SELF)).toBe(true);
    expect(involvesCompany({ ...none, salesCompanyId: SELF }, SELF)).toBe(true);
    expect(involvesCompany({ clientCompanyId: 'client-1', providerCompanyId: 'provider-1', salesCompanyId: null }, SELF)).toBe(false);
  });

  it('accepts the writer as client, or as provider for a client of its own', () => {
    expect(partyIssues({ ...none, clientCompanyId: SELF }, SELF, partners)).toEqual([]);
    expect(partyIssues({ clientCompanyId: 'client-1', providerCompanyId: SELF, salesCompanyId: SELF }, SELF, partners)).toEqual([]);
    expect(partyIssues({ clientCompanyId: SELF, providerCompanyId: 'provider-1', salesCompanyId: 'provider-1' }, SELF, partners)).toEqual([]);
  });

  it('refuses a company the writer may not name for that part, whoever it is', () => {
    expect(partyIssues({ clientCompanyId: 'provider-1', providerCompanyId: 'client-1', salesCompanyId: 'stranger' }, SELF, partners)).toEqual([
      { path: 'clientCompanyId', code: 'clientCompanyUnknown' },
      { path: 'providerCompanyId', code: 'providerCompanyUnknown' },
      { path: 'salesCompanyId', code: 'salesCompanyUnknown' },
    ]);
  });

  it('refuses an assignment the writer takes no part in', () => {
    expect(partyIssues({ clientCompanyId: 'client-1', providerCompanyId: 'provider-1', salesCompanyId: 'client-2' }, SELF, partners)).toEqual([
      { path: 'clientCompanyId', code: 'companyNotInvolved' },
    ]);
    expect(partyIssues(none, SELF, partners)).toEqual([{ path: 'clientCompanyId', code: 'companyNotInvolved' }]);
  });

  it('lets an edit keep the company a part already has, and only that part', () => {
    const kept = { clientCompanyId: SELF, providerCompanyId: 'former-provider', salesCompanyId: null };
    expect(partyIssues(kept, SELF, partners, kept)).toEqual([]);
    expect(partyIssues({ ...kept, salesCompanyId: 'former-provider' }, SELF, partners, kept)).toEqual([{ path: 'salesCompanyId', code: 'salesCompanyUnknown' }]);
  });
});
