import { PgTable, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { EXPORTED_COLUMNS, EXPORTED_THROUGH, NOT_EXPORTED_COLUMNS, undecidedPersonColumns } from '../../../src/server/api/account/personal-data-tables';
import * as schema from '../../../src/server/db/schema';

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

describe('the personal data schema walk', () => {
  it('decides every column of the database that names a person: exported in the archive, or left out with its reason', () => {
    expect(tables.length).toBeGreaterThan(50);
    expect(undecidedPersonColumns(tables)).toEqual([]);
  });

  it('fails on a table added without a decision, by its foreign key or by a column named like a person', () => {
    const added = pgTable('talent_reference_check', {
      id: uuid('id').primaryKey(),
      talentProfileId: uuid('talent_profile_id').references(() => schema.talentProfile.id),
      referee: text('referee'),
      checkedById: uuid('checked_by_id'),
    });
    expect(undecidedPersonColumns([...tables, added as unknown as PgTable])).toEqual(['talent_reference_check.talent_profile_id', 'talent_reference_check.checked_by_id']);
  });

  it('gives every column one decision, and every left-out column a reason', () => {
    const columns = [...EXPORTED_COLUMNS, ...EXPORTED_THROUGH, ...NOT_EXPORTED_COLUMNS].map((entry) => entry.column);
    expect(new Set(columns).size).toBe(columns.length);
    for (const entry of NOT_EXPORTED_COLUMNS) expect(entry.reason.length).toBeGreaterThan(20);
  });

  it('names each file once, and reads a file through a parent exported before it', () => {
    const files = [...EXPORTED_COLUMNS, ...EXPORTED_THROUGH].map((entry) => entry.file);
    expect(new Set(files).size).toBe(files.length);
    for (const through of EXPORTED_THROUGH) expect(EXPORTED_COLUMNS.map((entry) => entry.file)).toContain(through.parent);
  });
});
