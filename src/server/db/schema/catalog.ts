import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

// Public pick lists behind the skills and languages comboboxes.

export const skillsList = pgTable(
  'skills_list',
  {
    id: id(),
    department: text('department'),
    label: text('label').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('skills_list_label_lower_unique').on(sql`lower(${t.label})`),
    index('skills_list_department_idx').on(t.department),
    index('skills_list_label_trgm_idx').using('gin', sql`lower(${t.label}) gin_trgm_ops`),
  ],
);

export const languagesList = pgTable(
  'languages_list',
  {
    id: id(),
    label: text('label').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('languages_list_label_lower_unique').on(sql`lower(${t.label})`)],
);
