import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../client';

// How the large tenant (large-tenant.ts, large-tenant-money.ts) writes its rows: each table
// in one set-based statement that the database runs over generate_series, copying the
// demo's own rows of the kind as templates where they exist, so that a million rows cost
// one round trip and the rows keep the shape the product writes.

/** The columns of a table that an INSERT may name (generated ones are computed). */
async function insertableColumns(db: AppDatabase, table: string): Promise<string[]> {
  const rows = await db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return rows.rows.map((row) => row.column_name);
}

/**
 * Inserts `count` rows into `table`, each a copy of one of the template rows (`templates`:
 * a WHERE on the table, taken in turn), with the columns of `set` computed instead: SQL over
 * `g` (the row's number, 1..count) and `t` (its template). Returns the rows inserted.
 */
export async function copyRows(db: AppDatabase, table: string, count: number, templates: SQL, set: Record<string, SQL>): Promise<number> {
  const columns = await insertableColumns(db, table);
  const unknown = Object.keys(set).filter((column) => !columns.includes(column));
  if (unknown.length) throw new Error(`large tenant: ${table} has no column ${unknown.join(', ')}`);
  const values = columns.map((column) => set[column] ?? sql`t.${sql.identifier(column)}`);
  const result = await db.execute(sql`
    insert into ${sql.identifier(table)} (${sql.join(columns.map((column) => sql.identifier(column)), sql`, `)})
    select ${sql.join(values, sql`, `)}
    from generate_series(1, ${count}::int) g
    join (select *, (row_number() over (order by id) - 1)::int as template_number, count(*) over ()::int as template_count
          from ${sql.identifier(table)} where ${templates}) t
      on t.template_number = g % t.template_count`);
  return affected(result, count);
}

/** Runs one INSERT ... SELECT (or UPDATE) and returns the rows it wrote. */
export async function insertRows(db: AppDatabase, statement: SQL): Promise<number> {
  return affected(await db.execute(statement), 0);
}

/** The rows a statement wrote, as node-postgres (rowCount) or PGlite (affectedRows) tells it. */
const affected = (result: unknown, fallback: number) => {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? fallback;
};

/** A time `g` of `count` steps back over the tenant's years, newest first. */
export const spreadBack = (years: number, count: number) => sql`now() - (g::float8 / ${count}::int) * interval '1 year' * ${years}::int`;
