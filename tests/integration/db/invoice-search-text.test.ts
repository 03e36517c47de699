import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { company, invoice, talentProfile } from '../../../src/server/db/schema';
import { describeEachDatabase, useSeededTestDatabase } from '../../support/test-database';

// The invoice search text (migration 0055): the database keeps on each invoice its number
// and its talent's name in lower case, apart, whoever writes the invoice or the profile (an
// older release's code during a rolling upgrade names none of it), and erasing her name
// erases it there.

const SEPARATOR = String.fromCharCode(31);

describeEachDatabase("an invoice's search text", (kind) => {
  const database = useSeededTestDatabase(kind);

  const searchOf = async (id: string) => (await database.db.select({ text: invoice.searchText }).from(invoice).where(eq(invoice.id, id)))[0]!.text;

  it("is its number and its talent's name, in lower case, for every seeded invoice", async () => {
    const { rows } = await database.db.execute<{ wrong: number; invoices: number }>(sql`
      select count(*) filter (where i.search_text is distinct from lower(concat_ws(chr(31), i.number, p.profile_name)))::int as wrong, count(*)::int as invoices
      from invoice i left join talent_profile p on p.id = i.talent_profile_id`);
    expect(rows[0]!.invoices).toBeGreaterThan(0);
    expect(rows[0]!.wrong).toBe(0);
  });

  it('is set on an insert that does not name it, follows the number and the name, is erased with the name, and cannot be written wrong', async () => {
    const [issuer] = await database.db.select({ id: company.id }).from(company).limit(1);
    const [profile] = await database.db.insert(talentProfile).values({ profileName: 'Élodie Facture', email: 'invoice-search@talents.test' }).returning({ id: talentProfile.id });
    const [draft] = await database.db
      .insert(invoice)
      .values({ issuerCompanyId: issuer!.id, fromCompanyId: issuer!.id, talentProfileId: profile!.id, currency: 'EUR', total: '10.00' })
      .returning({ id: invoice.id });
    expect(await searchOf(draft!.id)).toBe('élodie facture');
    await database.db.update(invoice).set({ number: 'SB-2026-0042', year: 2026, sequence: 90_042, issuedAt: new Date() }).where(eq(invoice.id, draft!.id));
    expect(await searchOf(draft!.id)).toBe(['sb-2026-0042', 'élodie facture'].join(SEPARATOR));
    await database.db.update(talentProfile).set({ profileName: 'Élodie Martin' }).where(eq(talentProfile.id, profile!.id));
    expect(await searchOf(draft!.id)).toBe(['sb-2026-0042', 'élodie martin'].join(SEPARATOR));
    await database.db.update(invoice).set({ searchText: 'anything' }).where(eq(invoice.id, draft!.id));
    expect(await searchOf(draft!.id)).toBe(['sb-2026-0042', 'élodie martin'].join(SEPARATOR));
    await database.db.update(talentProfile).set({ profileName: null }).where(eq(talentProfile.id, profile!.id));
    expect(await searchOf(draft!.id)).toBe('sb-2026-0042');
    await database.db.delete(invoice).where(eq(invoice.id, draft!.id));
    await database.db.delete(talentProfile).where(eq(talentProfile.id, profile!.id));
  });
});
