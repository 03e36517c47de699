import { describe, expect, it } from 'vitest';
import { clientAmountForTalent } from '../../../src/lib/assignments/client-prices';

const direct = { salesCompanyId: null, providerCompanyId: null };
const throughProvider = { salesCompanyId: 'sales', providerCompanyId: 'provider' };

describe('client prices are visible to the talent only when the assignment allows it', () => {
  it('shows nothing when the assignment does not allow it, whatever is stored', () => {
    for (const assignment of [direct, throughProvider]) {
      expect(clientAmountForTalent({ ...assignment, clientPricesIsVisibleToTalent: false }, { amount: '100.00', salesAmount: '150.00' })).toBeNull();
      expect(clientAmountForTalent({ ...assignment, clientPricesIsVisibleToTalent: false }, { amount: '100.00', salesAmount: null })).toBeNull();
    }
  });

  it('shows the sales amount when allowed', () => {
    expect(clientAmountForTalent({ ...throughProvider, clientPricesIsVisibleToTalent: true }, { amount: '100.00', salesAmount: '150.00' })).toBe('150.00');
    expect(clientAmountForTalent({ ...direct, clientPricesIsVisibleToTalent: true }, { amount: '100.00', salesAmount: '120.00' })).toBe('120.00');
  });

  it("shows the talent's own amount when nobody sits between talent and client", () => {
    expect(clientAmountForTalent({ ...direct, clientPricesIsVisibleToTalent: true }, { amount: '100.00', salesAmount: null })).toBe('100.00');
  });

  it('shows nothing while a company in between has not priced the billing yet', () => {
    expect(clientAmountForTalent({ ...throughProvider, clientPricesIsVisibleToTalent: true }, { amount: '100.00', salesAmount: null })).toBeNull();
    expect(clientAmountForTalent({ salesCompanyId: null, providerCompanyId: 'provider', clientPricesIsVisibleToTalent: true }, { amount: '1.00', salesAmount: null })).toBeNull();
  });
});
