import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitPersonalDataExportRequest } from '../../../../src/lib/account/account-operations';
import type { SendGraphql } from '../../../../src/lib/graphql/send-document';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { documentUrl, pictureUrl } from '../../../../src/lib/uploads/media-urls';
import { preparePersonalDataExport, sweepExpiredPersonalDataExports } from '../../../../src/server/api/account/personal-data-export-work';
import { EXPORTED_COLUMNS, EXPORTED_THROUGH } from '../../../../src/server/api/account/personal-data-tables';
import { identityAccount, invoice, personalDataExport, talentProfile, user, userNotificationPreferences } from '../../../../src/server/db/schema';
import { invoiceDocumentOf, MY_INVOICE_QUERY } from '../../../../src/lib/invoices/invoicing-pages';
import { invoiceDocumentSourceOf } from '../../../../src/server/api/invoices/invoice-document-source';
import { NO_COMPANY, selectInvoices, type InvoiceRow } from '../../../../src/server/api/invoices/invoice-rows';
import { invoicePdfOf } from '../../../../src/server/bff/page/invoice-download';
import type { InvoiceDocument } from '../../../../src/lib/invoices/invoice-document';
import type { Language } from '../../../../src/lib/i18n/namespaces';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import type { MailMessage } from '../../../../src/server/mail/mailer';
import { startApiHarness, startImpersonating, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

// The personal data export (docs/personal-data.md, "Downloading your data"): asked for by the
// user, prepared by the queue's work into one zip of JSON records and stored files, offered
// seven days through findMyPersonalDataExport, then swept. Nobody acting as the user gets it.

const t = getTranslator();
const LIST = '{ myPersonalDataExports { id status expiresAt size downloadUrl } }';
const REQUEST = 'mutation { requestMyPersonalDataExport { id status } }';
const FIND = 'query ($id: ID!, $key: String!) { findMyPersonalDataExport(id: $id, key: $key) }';
const FIND_ME = '{ findMe { id } }';

interface Listed { id: string; status: string; expiresAt: string | null; size: number | null; downloadUrl: string | null }

describeEachDatabase('the personal data export', (kind) => {
  let h: ApiHarness;
  let storage: FileStorage;
  const mails: MailMessage[] = [];
  beforeAll(async () => {
    storage = await createDiskFileStorage(mkdtempSync(path.join(tmpdir(), 'tp-personal-data-')));
    h = await startApiHarness(kind, { storage });
  });
  afterAll(() => h.close());

  // The invoices are drawn as the server draws them (services.ts), fonts and all.
  const invoicePdf = (document: InvoiceDocument, language: Language) => invoicePdfOf(document, getTranslator(['common'], language), language);
  const work = () => ({ db: h.database.db, storage, site: { origin: 'https://talentplace.example', productName: 'Talentplace' }, sendMail: async (message: MailMessage) => void mails.push(message), log: () => {}, invoicePdf });
  /** An invoice issued in the talent's name (self-billed), as a company issues it from her billing. */
  const selfBilledInvoice = (talentProfileId: string, number: string | null) => ({
    talentProfileId,
    selfBilled: true,
    number,
    issuedAt: number ? new Date('2026-11-02T09:00:00Z') : null,
    dueDate: '2026-12-02',
    currency: 'EUR',
    netTotal: '1000.00',
    vatRate: '20.00',
    vatTotal: '200.00',
    total: '1200.00',
    lines: [{ description: 'Data engineering, October 2026', quantity: '10', unitCode: 'DAY', price: '100.00', amount: '1000.00' }],
    seller: { name: 'Tala T.', address: { street: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' } },
    buyer: { name: 'Northwind Labs', legalName: 'Northwind Labs SAS', vatNumber: 'FR40303265045', address: { street: '5 avenue Anatole France', postalCode: '75007', city: 'Paris', country: 'FR' } },
  });
  const signedIn = async (name: string, roles: string[] = []) => {
    const externalId = randomUUID();
    const email = `${name}-${externalId.slice(0, 8)}@example.test`;
    const token = await h.token(externalId, { email, roles });
    expect((await h.call(FIND_ME, { token })).body.errors).toBeUndefined();
    const [row] = await h.database.db.select().from(user).where(eq(user.externalId, externalId));
    return { token, externalId, email, userId: row!.id };
  };
  const list = async (token: string) => (await h.call(LIST, { token })).body.data?.myPersonalDataExports as Listed[];
  const request = async (token: string, headers: Record<string, string> = {}) => (await h.call(REQUEST, { token, headers })).body;

  it("gathers every kind of the talent's records and her files into one zip, offered seven days, and mails her a link in her language", async () => {
    const talent = await signedIn('tala');
    const db = h.database.db;
    // Her sign-in account at the built-in provider, whose secrets stay out.
    await db.insert(identityAccount).values({ id: talent.externalId, email: talent.email, name: 'Tala', passwordHash: 'scrypt$secret-hash' });
    await db.update(user).set({ preferences: { language: 'fr' } }).where(eq(user.id, talent.userId));
    const picture = `${randomUUID()}.webp`;
    const cv = `${randomUUID()}.pdf`;
    await storage.put(picture, new Uint8Array([1, 2, 3]), 'image/webp');
    await storage.put(cv, new TextEncoder().encode('%PDF-1.7 the CV'), 'application/pdf');
    const [profile] = await db
      .insert(talentProfile)
      .values({ userId: talent.userId, externalUserId: talent.externalId, email: talent.email, profileName: 'Tala T.', jobTitle: 'Data engineer', identificationToken: 'internal-token', profilePicture: { url: pictureUrl(picture) } as never })
      .returning({ id: talentProfile.id });
    await db.update(talentProfile).set({ cv: { url: documentUrl(profile!.id, cv), name: 'cv.pdf' } as never }).where(eq(talentProfile.id, profile!.id));
    await db.insert(userNotificationPreferences).values({ userId: talent.userId, type: 'billing.create', email: false, ui: true, push: false });
    // Her copy of an invoice issued in her name goes in as its PDF; a draft, never issued, does not.
    await db.insert(invoice).values([selfBilledInvoice(profile!.id, 'SB-2026-0007'), selfBilledInvoice(profile!.id, null)] as never);

    const asked = await request(talent.token);
    expect(asked.errors).toBeUndefined();
    const { id } = (asked.data?.requestMyPersonalDataExport as { id: string; status: string });
    expect((await list(talent.token)).map((archive) => archive.status)).toEqual(['preparing']);
    // One at a time: a second click while it is prepared is refused.
    expect((await request(talent.token)).errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'exportPreparing' });

    await preparePersonalDataExport(work(), id);
    const [ready] = await list(talent.token);
    expect(ready).toMatchObject({ id, status: 'ready' });
    expect(new Date(ready!.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const [stored] = await db.select().from(personalDataExport).where(eq(personalDataExport.id, id));
    expect(ready!.downloadUrl).toBe(`/api/personal-data-exports/${id}/${stored!.fileKey}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: talent.email, subject: 'Vos données Talentplace sont prêtes à être téléchargées' });
    expect(mails[0]!.text).toContain('https://talentplace.example/fr/edit-account#personal-data-heading');

    const zip = await storage.get(stored!.fileKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of zip!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    // Every kind is there, an empty list when she has none.
    expect(Object.keys(entries).filter((name) => name.startsWith('records/')).sort()).toEqual([...EXPORTED_COLUMNS, ...EXPORTED_THROUGH].map((entry) => `records/${entry.file}.json`).sort());
    const records = (file: string) => JSON.parse(strFromU8(entries[`records/${file}.json`]!)) as Array<Record<string, unknown>>;
    expect(strFromU8(entries['README.txt']!)).toMatch(/^Vos données Talentplace au /);
    expect(records('account')).toMatchObject([{ id: talent.userId, email: talent.email }]);
    expect(records('talent-profile')).toMatchObject([{ id: profile!.id, profileName: 'Tala T.', jobTitle: 'Data engineer' }]);
    expect(records('talent-profile')[0]).not.toHaveProperty('identificationToken');
    expect(records('sign-in-account')).toMatchObject([{ email: talent.email, name: 'Tala' }]);
    expect(JSON.stringify(records('sign-in-account'))).not.toContain('secret-hash');
    expect(records('notification-preferences')).toMatchObject([{ type: 'billing.create', email: false }]);
    expect(records('saved-jobs')).toEqual([]);
    // Her activity: the archive she asked for.
    expect(records('activity').map((event) => event.type)).toContain('user.update');
    expect(entries[`files/${picture}`]).toEqual(new Uint8Array([1, 2, 3]));
    expect(strFromU8(entries[`files/${cv}`]!)).toBe('%PDF-1.7 the CV');
    expect(Object.keys(entries).filter((name) => name.startsWith('invoices/'))).toEqual(['invoices/SB-2026-0007.pdf']);
    const pdf = strFromU8(entries['invoices/SB-2026-0007.pdf']!, true);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // Factur-X: the invoice's data travels inside its PDF.
    expect(pdf).toContain('factur-x.xml');
    expect(records('invoices')).toHaveLength(2);

    // The download's check: hers, ready and on time.
    expect((await h.call(FIND, { token: talent.token, variables: { id, key: stored!.fileKey } })).body.data?.findMyPersonalDataExport).toMatch(/^talentplace-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  it("draws the archive's invoice from the same values as her download on /talent/billing (myInvoice)", async () => {
    const talent = await signedIn('tina');
    const db = h.database.db;
    const [profile] = await db.insert(talentProfile).values({ userId: talent.userId, externalUserId: talent.externalId, email: talent.email, profileName: 'Tina T.' }).returning({ id: talentProfile.id });
    const [issued] = await db.insert(invoice).values(selfBilledInvoice(profile!.id, 'SB-2026-0008') as never).returning({ id: invoice.id });
    const { body } = await h.call(MY_INVOICE_QUERY, { token: talent.token, variables: { id: issued!.id } });
    expect(body.errors).toBeUndefined();
    const [row] = await selectInvoices(db, NO_COMPANY).where(eq(invoice.id, issued!.id));
    const fromRow = invoiceDocumentOf(invoiceDocumentSourceOf(row as InvoiceRow));
    expect(fromRow).not.toBeNull();
    expect(fromRow).toEqual(invoiceDocumentOf(body.data!.myInvoice!));
  });

  it("refuses another user's archive, a wrong key, and anyone acting as the user (attack: support downloading a talent's whole data)", async () => {
    const owner = await signedIn('olive');
    const other = await signedIn('oscar');
    const { id } = (await request(owner.token)).data?.requestMyPersonalDataExport as { id: string };
    await preparePersonalDataExport(work(), id);
    const [stored] = await h.database.db.select().from(personalDataExport).where(eq(personalDataExport.id, id));
    const find = (token: string, key: string, headers: Record<string, string> = {}) => h.call(FIND, { token, variables: { id, key }, headers });
    expect((await find(other.token, stored!.fileKey!)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await find(owner.token, `${randomUUID()}.zip`)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await list(other.token)).toEqual([]);

    const support = await signedIn('sam', ['super:impersonate']);
    await startImpersonating(h, support.token, owner.externalId);
    const asOwner = { 'x-impersonate-as': owner.externalId };
    expect((await find(support.token, stored!.fileKey!, asOwner)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await request(support.token, asOwner)).errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'impersonating' });
    expect((await h.call(LIST, { token: support.token, headers: asOwner })).body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'impersonating' });
  });

  it('allows three archives a day: the fourth is refused, worded on the page', async () => {
    const person = await signedIn('nora');
    for (let asked = 0; asked < 3; asked += 1) {
      const { id } = (await request(person.token)).data?.requestMyPersonalDataExport as { id: string };
      await preparePersonalDataExport(work(), id);
    }
    expect((await request(person.token)).errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'exportLimit' });
    const send: SendGraphql = (body) => h.call(body.query, { token: person.token, variables: body.variables });
    expect(await submitPersonalDataExportRequest(send, t)).toEqual({ kind: 'refused', message: t('account.errors.exportLimit'), status: 409 });
    expect(await list(person.token)).toHaveLength(3);
  });

  it('keeps a ready archive when its mail fails, and marks one that cannot be stored failed, swept with the others', async () => {
    const person = await signedIn('mona');
    const first = (await request(person.token)).data?.requestMyPersonalDataExport as { id: string };
    await expect(preparePersonalDataExport({ ...work(), sendMail: async () => Promise.reject(new Error('mail server down')) }, first.id)).rejects.toThrow('mail server down');
    expect((await list(person.token))[0]).toMatchObject({ id: first.id, status: 'ready' });

    const second = (await request(person.token)).data?.requestMyPersonalDataExport as { id: string };
    await preparePersonalDataExport({ ...work(), storage: null }, second.id);
    const [failed] = await h.database.db.select().from(personalDataExport).where(eq(personalDataExport.id, second.id));
    expect(failed).toMatchObject({ status: 'failed', fileKey: null });
    expect(failed!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    await sweepExpiredPersonalDataExports({ db: h.database.db, storage }, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(await h.database.db.select().from(personalDataExport).where(eq(personalDataExport.userId, person.userId))).toEqual([]);
  });

  it('sweeps an expired archive with its file, after which it is neither listed nor downloaded', async () => {
    const person = await signedIn('pia');
    const { id } = (await request(person.token)).data?.requestMyPersonalDataExport as { id: string };
    await preparePersonalDataExport(work(), id);
    const [stored] = await h.database.db.select().from(personalDataExport).where(eq(personalDataExport.id, id));
    expect(await sweepExpiredPersonalDataExports({ db: h.database.db, storage }, new Date(Date.now() + 6 * 24 * 3600 * 1000))).toBe(0);
    expect(await sweepExpiredPersonalDataExports({ db: h.database.db, storage }, new Date(Date.now() + 8 * 24 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await storage.get(stored!.fileKey!)).toBeNull();
    expect(await list(person.token)).toEqual([]);
    expect((await h.call(FIND, { token: person.token, variables: { id, key: stored!.fileKey } })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
