import { sql } from 'drizzle-orm';
import { char, check, customType, numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column builders shared by every domain file. Column names are written out in
// snake_case (no `casing` option) so that raw SQL, generated columns and expression
// indexes name the same columns the ORM does, whichever drizzle() call opened the db.

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Money: exact decimal, read and written as a string ("12.30"), never a float. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'string' });

/** ISO 4217 code; pair every currency column with `currencyCheck`. */
export const currency = (name: string) => char(name, { length: 3 });

export const currencyCheck = (constraintName: string, column: AnyPgColumn) =>
  check(constraintName, sql`${column} ~ '^[A-Z]{3}$'`);

export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** The shape every role and company permission column holds (the permission matrix). */
export type PermissionSet = Record<string, Record<string, boolean>>;

/**
 * Who made a write that is held before the other side sees it (a message to several
 * applications, a move of an application): its event records them once it goes out.
 */
export interface HeldSender {
  userId: string;
  externalId: string;
  email: string;
  actor: { userId: string; externalId: string; impersonationId: string } | null;
}
