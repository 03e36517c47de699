import { companyTalentRoster } from '../schema';
import type { SeededAccounts } from './accounts';
import type { SeededCompany } from './companies';
import { insertRows, type SeedContext, type SeedTx } from './context';
import { addDays } from './dates';
import type { SeededTalents } from './talents';

// Other talents on Northwind's roster besides the demo talent (billing.ts seeds hers).

/** A few more people on Northwind's roster, so the roster page is not a list of one. */
export async function seedNorthwindRoster(
  ctx: SeedContext,
  tx: SeedTx,
  accounts: SeededAccounts,
  northwind: SeededCompany,
  talents: SeededTalents,
): Promise<void> {
  const { faker, now } = ctx;
  const members = talents.others.filter((talent) => talent.tier !== 'sparse').slice(0, 5);
  await insertRows(
    ctx,
    tx,
    companyTalentRoster,
    members.map((talent, index) => ({
      externalId: `roster-nw-${String(index + 1).padStart(4, '0')}`,
      talentProfileId: talent.id,
      managerId: accounts.owner.userId,
      companyId: northwind.id,
      balance: '0.00',
      currency: 'EUR',
      employmentType: faker.helpers.arrayElement(['freelancer', 'employee'] as const),
      employeeNumber: `NW-${String(index + 1).padStart(4, '0')}`,
      consent: 'accepted' as const,
      createdAt: addDays(now, -faker.number.int({ min: 30, max: 300 })),
    })),
  );
}
