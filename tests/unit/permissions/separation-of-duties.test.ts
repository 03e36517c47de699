import { describe, expect, it } from 'vitest';
import { concernsActing, mayActOnMoneyOf } from '../../../src/lib/permissions/separation-of-duties';

const TALENT = 'user-talent';

describe('separation of duties: nobody approves, invoices or books money concerning themselves', () => {
  it('refuses the talent acting on their own billing, invoice or balance, whatever their role', () => {
    expect(concernsActing({ userId: TALENT, impersonatorUserId: null }, TALENT)).toBe(true);
    expect(mayActOnMoneyOf({ userId: TALENT, impersonatorUserId: null }, TALENT)).toBe(false);
  });

  it('refuses an impersonator acting for themselves through the account they act as', () => {
    expect(mayActOnMoneyOf({ userId: 'user-owner', impersonatorUserId: TALENT }, TALENT)).toBe(false);
  });

  it('lets anyone else act, the member impersonated included when the money is not theirs', () => {
    expect(mayActOnMoneyOf({ userId: 'user-owner', impersonatorUserId: null }, TALENT)).toBe(true);
    expect(mayActOnMoneyOf({ userId: 'user-owner', impersonatorUserId: 'user-support' }, TALENT)).toBe(true);
  });

  it('a talent profile without an account concerns nobody', () => {
    expect(concernsActing({ userId: TALENT, impersonatorUserId: null }, null)).toBe(false);
  });
});
