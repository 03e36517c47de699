import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { personalDataTableNames } from '../../../src/server/api/account/personal-data-tables';
import * as schema from '../../../src/server/db/schema';

// docs/personal-data.md, "Where personal data lives": one row per table that holds a person's
// data, saying how long it is kept and how the archive and the erasure reach it.

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/personal-data.md'), 'utf8');
const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

/** The first cells of the map's rows: the tables it describes. */
function mappedTables(markdown: string): string[] {
  const section = markdown.split('## Where personal data lives')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]!).sort();
}

describe('the personal data map', () => {
  it('describes every table that holds a person’s data, and no other', () => {
    expect(mappedTables(doc)).toEqual(personalDataTableNames(tables));
  });

  it('fills every cell of every row', () => {
    const section = doc.split('## Where personal data lives')[1]!.split('\n## ')[0]!;
    for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
      const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
      expect(cells, row).toHaveLength(5);
      for (const cell of cells) expect(cell.length, row).toBeGreaterThan(1);
    }
  });

  it('fails on a table left out of the map', () => {
    expect(mappedTables(doc.replace(/^\| `job_alert` \|.*\n/m, ''))).not.toContain('job_alert');
    expect(mappedTables(doc.replace(/^\| `job_alert` \|.*\n/m, ''))).not.toEqual(personalDataTableNames(tables));
  });
});
