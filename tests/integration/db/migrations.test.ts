import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { OWNER_ROLE, permissionMatrix, RECRUITER_PERMISSIONS, RECRUITER_ROLE } from '../../../src/lib/companies/company-roles';
import { OWNER_PERMISSIONS } from '../../../src/lib/permissions/resources';
import { defaultMigrationsFolder, migrate } from '../../../src/server/db/migrate';
import { company, companyDefaultPermissions, companyRole } from '../../../src/server/db/schema';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';

// The spec's data model, one table per entity, plus the built-in identity provider's two.
const specTables = [
  'admin',
  'billing',
  'billing_line_item',
  'company',
  'company_credit',
  'company_default_permissions',
  'company_hiring_step',
  'company_invoice_detail',
  'company_on_provider_company',
  'company_on_user',
  'company_permissions',
  'company_rejection_reason',
  'company_role',
  'company_talent_roster',
  'company_saved_talent',
  'company_saved_talent_list',
  'company_talent_note',
  'company_talent_roster',
  'feature_flag',
  'user_feature_flag',
  'idp',
  'invoice',
  'job_ad',
  'job_assignment',
  'job_description',
  'languages_list',
  'general_eventslog',
  'saved_job_ad',
  'skills_list',
  'talent_balance_transaction',
  'talent_invitation',
  'talent_job_application',
  'talent_payment_profile',
  'talent_profile',
  'user',
  'user_notification_preferences',
];
const identityTables = ['identity_account', 'identity_provider_state'];

const softDeleted = [
  'billing',
  'company',
  'company_hiring_step',
  'company_rejection_reason',
  'company_role',
  'company_talent_roster',
  'feature_flag',
  'invoice',
  'job_ad',
  'job_assignment',
  'job_description',
  'talent_invitation',
  'talent_profile',
];

it('migrations name no schema, so they apply inside any schema (drizzle-kit writes "public".)', () => {
  const folder = defaultMigrationsFolder();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
    expect(readFileSync(path.join(folder, file), 'utf8'), file).not.toContain('"public".');
  }
});

describeEachDatabase('migrations', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  async function columns(where: ReturnType<typeof sql>) {
    const result = await database.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and ${where}`);
    return result.rows;
  }

  it('are applied, and applying them again changes nothing', async () => {
    const schema = database.schemaName ?? 'drizzle';
    const applied = async () =>
      (await database.db.execute<{ hash: string }>(sql`select hash from ${sql.identifier(schema)}.__drizzle_migrations`)).rows;
    const before = await applied();
    expect(before.length).toBeGreaterThan(0);
    await migrate(database);
    await migrate(database);
    expect(await applied()).toEqual(before);
  });

  it('create a table for every entity of the data model', async () => {
    const result = await database.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`);
    const tables = result.rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining([...specTables, ...identityTables]));
  });

  it('key every entity by a uuid', async () => {
    const rows = await columns(sql`column_name = 'id'`);
    for (const table of [...specTables, 'identity_account']) {
      expect(rows.find((row) => row.table_name === table)?.data_type, table).toBe('uuid');
    }
  });

  it('give every table created_at and updated_at', async () => {
    const rows = await columns(sql`column_name in ('created_at', 'updated_at')`);
    for (const table of [...specTables, ...identityTables]) {
      expect(rows.filter((row) => row.table_name === table).map((row) => row.column_name).sort(), table).toEqual([
        'created_at',
        'updated_at',
      ]);
    }
  });

  it('add deleted_at exactly where rows are soft-deleted', async () => {
    const rows = await columns(sql`column_name = 'deleted_at'`);
    expect(rows.map((row) => row.table_name).sort()).toEqual([...softDeleted].sort());
  });

  it('0017 gives the Recruiter roles still as shipped the moving of candidates, and leaves edited ones as their owners made them', async () => {
    const db = database.db;
    // The Recruiter template before 0017: it read applications but could neither move them nor read the steps.
    // Matrices as they were then: without the companyLink and idp resources, which came later (0021, 0024).
    const { companyLink: _later, idp: _latest, ...shipped } = permissionMatrix({
      company: { read: true },
      jobDescription: { read: true, create: true, update: true },
      jobAd: { read: true, create: true, update: true },
      talentJobApplication: { read: true },
      talentProfile: { read: true },
      talentInvitation: { read: true, create: true },
      companySavedTalent: { read: true, create: true, update: true, delete: true },
    });
    const edited = { ...shipped, talentProfile: { read: false, create: false, update: false, delete: false } };
    await db.delete(companyDefaultPermissions).where(eq(companyDefaultPermissions.role, RECRUITER_ROLE));
    const [template] = await db.insert(companyDefaultPermissions).values({ role: RECRUITER_ROLE, permissions: shipped }).returning();
    const companies = await db.insert(company).values([{ name: 'Shipped Co' }, { name: 'Edited Co' }]).returning();
    const roles = await db
      .insert(companyRole)
      .values([
        { companyId: companies[0]!.id, role: RECRUITER_ROLE, permissions: shipped, defaultPermissionsId: template!.id },
        { companyId: companies[1]!.id, role: RECRUITER_ROLE, permissions: edited, defaultPermissionsId: template!.id },
      ])
      .returning();
    const file = readdirSync(defaultMigrationsFolder()).find((name) => name.startsWith('0017_'))!;
    const updates = readFileSync(path.join(defaultMigrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(2);
    for (const statement of updates) await db.execute(sql.raw(statement));

    const permissionsOf = async (id: string) => (await db.select({ permissions: companyRole.permissions }).from(companyRole).where(eq(companyRole.id, id)))[0]!.permissions;
    const { companyLink: _none, idp: _noIdp, ...recruiterThen } = RECRUITER_PERMISSIONS;
    expect(await permissionsOf(roles[0]!.id)).toEqual(recruiterThen);
    expect(await permissionsOf(roles[1]!.id)).toEqual(edited);
    expect((await db.select().from(companyDefaultPermissions).where(eq(companyDefaultPermissions.id, template!.id)))[0]!.permissions).toEqual(recruiterThen);
  });

  it('0021 makes the links made before they had a state accepted, and gives every owner role and the Owner template companyLink, no other role', async () => {
    const file = readdirSync(defaultMigrationsFolder()).find((name) => name.startsWith('0021_'))!;
    const statements = readFileSync(path.join(defaultMigrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim());
    // The column arrives holding 'accepted' for the rows already there; new rows start as proposals.
    const added = statements.findIndex((statement) => /ADD COLUMN "status" "company_link_status" DEFAULT 'accepted' NOT NULL/.test(statement));
    const proposedAfter = statements.findIndex((statement) => /ALTER COLUMN "status" SET DEFAULT 'proposed'/.test(statement));
    expect(added).toBeGreaterThanOrEqual(0);
    expect(proposedAfter).toBeGreaterThan(added);

    const db = database.db;
    // Matrices as they were then: idp came later (0024).
    const { companyLink: _owner, idp: _ownerIdp, ...ownerThen } = permissionMatrix(OWNER_PERMISSIONS);
    const { companyLink: _recruiter, idp: _recruiterIdp, ...recruiterThen } = RECRUITER_PERMISSIONS;
    const { idp: _after, ...ownerAfter } = permissionMatrix(OWNER_PERMISSIONS);
    const [linked] = await db.insert(company).values([{ name: 'Linked Co' }]).returning();
    const roles = await db
      .insert(companyRole)
      .values([
        { companyId: linked!.id, role: OWNER_ROLE, permissions: ownerThen, isDefault: true },
        { companyId: linked!.id, role: RECRUITER_ROLE, permissions: recruiterThen },
      ])
      .returning();
    await db.delete(companyDefaultPermissions).where(eq(companyDefaultPermissions.role, OWNER_ROLE));
    await db.insert(companyDefaultPermissions).values({ role: OWNER_ROLE, permissions: ownerThen });
    for (const statement of statements.filter((each) => each.startsWith('UPDATE'))) await db.execute(sql.raw(statement));
    const permissionsOf = async (id: string) => (await db.select({ permissions: companyRole.permissions }).from(companyRole).where(eq(companyRole.id, id)))[0]!.permissions;
    expect(await permissionsOf(roles[0]!.id)).toEqual(ownerAfter);
    expect(await permissionsOf(roles[1]!.id)).toEqual(recruiterThen);
    const [template] = await db.select().from(companyDefaultPermissions).where(eq(companyDefaultPermissions.role, OWNER_ROLE));
    expect(template?.permissions).toEqual(ownerAfter);
  });

  it('0024 gives every owner role and the Owner template idp (single sign-on), no other role', async () => {
    const file = readdirSync(defaultMigrationsFolder()).find((name) => name.startsWith('0024_'))!;
    const statements = readFileSync(path.join(defaultMigrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim());
    const db = database.db;
    const { idp: _owner, ...ownerThen } = permissionMatrix(OWNER_PERMISSIONS);
    const { idp: _recruiter, ...recruiterThen } = RECRUITER_PERMISSIONS;
    const [signing] = await db.insert(company).values([{ name: 'Sign-on Co' }]).returning();
    const roles = await db
      .insert(companyRole)
      .values([
        { companyId: signing!.id, role: OWNER_ROLE, permissions: ownerThen, isDefault: true },
        { companyId: signing!.id, role: RECRUITER_ROLE, permissions: recruiterThen },
      ])
      .returning();
    await db.delete(companyDefaultPermissions).where(eq(companyDefaultPermissions.role, OWNER_ROLE));
    await db.insert(companyDefaultPermissions).values({ role: OWNER_ROLE, permissions: ownerThen });
    for (const statement of statements.filter((each) => each.startsWith('UPDATE'))) await db.execute(sql.raw(statement));
    const permissionsOf = async (id: string) => (await db.select({ permissions: companyRole.permissions }).from(companyRole).where(eq(companyRole.id, id)))[0]!.permissions;
    expect(await permissionsOf(roles[0]!.id)).toEqual(permissionMatrix(OWNER_PERMISSIONS));
    expect(await permissionsOf(roles[1]!.id)).toEqual(recruiterThen);
    const [template] = await db.select().from(companyDefaultPermissions).where(eq(companyDefaultPermissions.role, OWNER_ROLE));
    expect(template?.permissions).toEqual(permissionMatrix(OWNER_PERMISSIONS));
  });

  it('keep the search documents in their rows (storage main), where the searches test each one, not in the TOAST table', async () => {
    const result = await database.db.execute<{ relname: string; attname: string; attstorage: string }>(sql`
      select c.relname, a.attname, a.attstorage from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and (c.relname, a.attname) in (('talent_profile', 'search_document'), ('job_ad', 'search_vector')) order by c.relname`);
    expect(result.rows).toEqual([
      { relname: 'job_ad', attname: 'search_vector', attstorage: 'm' },
      { relname: 'talent_profile', attname: 'search_document', attstorage: 'm' },
    ]);
  });

  it('install pg_trgm', async () => {
    const result = await database.db.execute<{ extname: string }>(sql`select extname from pg_extension`);
    expect(result.rows.map((row) => row.extname)).toContain('pg_trgm');
  });
});
