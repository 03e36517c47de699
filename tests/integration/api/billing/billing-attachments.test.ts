import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodOf, type BillingPeriod } from '../../../../src/lib/billing/billing-period';
import { submitAttachment, type AttachmentContext } from '../../../../src/lib/billing/billing-attachment-submission';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { billing, billingLineItem, company, generalEventslog, jobAssignment } from '../../../../src/server/db/schema';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import { startApiHarness, type ApiHarness, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { pdfBytes, pngBytes } from '../../../support/upload-fixtures';

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const LINE_FIELDS = 'lineItems { id attachments { name url key contentType size } }';
const CREATE = `mutation($data: CreateMyBillingInput!) { createMyBilling(data: $data) { id status ${LINE_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $data: UpdateMyBillingInput!) { updateMyBilling(id: $id, data: $data) { id ${LINE_FIELDS} } }`;
const SEND = 'mutation($id: ID!) { sendMyBilling(id: $id) { id status } }';
const ONE = `query($id: ID!) { myBilling(id: $id) { id ${LINE_FIELDS} } }`;
const ADD = `mutation($billingId: ID!, $lineId: ID!, $file: File!) { addMyBillingLineAttachment(billingId: $billingId, lineId: $lineId, file: $file) { id ${LINE_FIELDS} } }`;
const REMOVE = `mutation($billingId: ID!, $lineId: ID!, $attachmentKey: String!) {
  removeMyBillingLineAttachment(billingId: $billingId, lineId: $lineId, attachmentKey: $attachmentKey) { id ${LINE_FIELDS} }
}`;
const FIND = 'query($billingId: ID!, $lineId: ID!, $key: String!) { findBillingAttachment(billingId: $billingId, lineId: $lineId, key: $key) { name url key contentType size } }';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const MEGABYTE = 1024 * 1024;

interface AttachmentView {
  name: string;
  url: string;
  key: string | null;
  contentType: string | null;
  size: number | null;
}
interface BillingView {
  id: string;
  status?: string;
  lineItems: Array<{ id: string; attachments: AttachmentView[] }>;
}
interface UploadFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

function monthsAgo(count: number): BillingPeriod {
  const now = periodOf(new Date());
  const index = now.year * 12 + now.month - 1 - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const billingAttachmentKey = (url: string) => url.split('/').pop()!;
const codeOf = (body: GraphqlBody) => body.errors?.[0]?.extensions?.code;
const fileMessage = (body: GraphqlBody) => (body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; message: string }> | undefined)?.[0];
const line = (description: string) => ({ description, unit: 'HOUR', quantity: '8', price: '50.00' });
const pdf = (name = 'timesheet.pdf'): UploadFile => ({ bytes: pdfBytes('Timesheet'), name, type: 'application/pdf' });

describeEachDatabase('billing line attachments', (kind) => {
  let h: ApiHarness;
  let storage: FileStorage;
  let folder: string;
  let first: { token: string; profileId: string };
  let second: { token: string; profileId: string };
  let firstAssignment: string;
  let secondAssignment: string;
  let monthsUsed = 0;

  async function talent(subject: string) {
    const token = await h.token(subject);
    const { body } = await h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
    return { token, profileId: (body.data?.createOneTalentProfile as { id: string }).id };
  }

  /** A new draft of two lines, each in a month of its own. */
  async function draft(token: string, assignmentId: string): Promise<BillingView> {
    const { body } = await h.call(CREATE, { token, variables: { data: { jobAssignmentId: assignmentId, ...monthsAgo(monthsUsed++), lines: [line('Development'), line('Travel')] } } });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data?.createMyBilling as BillingView;
  }

  /** A GraphQL multipart request (the spec clients use), in-process. */
  async function upload(token: string | null, variables: Record<string, unknown>, file: UploadFile, query = ADD) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const response = await h.api.fetch('http://api.test/graphql', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
    return { status: response.status, body: (await response.json()) as GraphqlBody };
  }

  async function attached(token: string, billingId: string, lineId: string, file: UploadFile = pdf()): Promise<BillingView> {
    const { body } = await upload(token, { billingId, lineId }, file);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data?.addMyBillingLineAttachment as BillingView;
  }

  async function bytesOf(key: string): Promise<Buffer | null> {
    const stored = await storage.get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  const storedAttachments = async (lineId: string) => (await h.database.db.select().from(billingLineItem).where(eq(billingLineItem.id, lineId)))[0]!.attachments;
  const attachmentEvents = async (billingId: string) =>
    (await h.database.db.select().from(generalEventslog).where(eq(generalEventslog.type, 'billing.update'))).filter(
      (event) => event.eventData.entityId === billingId && JSON.stringify(event.eventData.changedFields) === '["attachments"]',
    );

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-billing-attachments-'));
    storage = await createDiskFileStorage(folder);
    h = await startApiHarness(kind, { storage });
    first = await talent('attachment-first');
    second = await talent('attachment-second');
    const [northwind] = await h.database.db.insert(company).values({ name: 'Northwind Labs', verificationStatus: 'verified' }).returning();
    const start = monthsAgo(30);
    const startDate = `${start.year}-${String(start.month).padStart(2, '0')}-01`;
    const assignments = await h.database.db
      .insert(jobAssignment)
      .values([
        { talentProfileId: first.profileId, clientCompanyId: northwind!.id, assignmentCurrency: 'EUR', startDate },
        { talentProfileId: second.profileId, clientCompanyId: northwind!.id, assignmentCurrency: 'EUR', startDate },
      ])
      .returning();
    [firstAssignment, secondAssignment] = assignments.map((row) => row.id) as [string, string];
  });
  afterAll(async () => {
    await h.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("attaches a PDF and a PNG to a line of the talent's own draft: stored under random keys, listed with a clean name, logged", async () => {
    const created = await draft(first.token, firstAssignment);
    const [lineOne, lineTwo] = created.lineItems.map((item) => item.id) as [string, string];
    const withPdf = await attached(first.token, created.id, lineOne, pdf('../../Time\u0000sheet March.pdf'));
    const [stored] = withPdf.lineItems[0]!.attachments;
    expect(stored).toMatchObject({ name: 'Timesheet March.pdf', contentType: 'application/pdf', size: pdfBytes('Timesheet').length });
    expect(stored!.key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(stored!.url).toBe(`/api/billing-attachments/${created.id}/${lineOne}/${stored!.key}`);
    expect((await bytesOf(stored!.key!))?.equals(pdfBytes('Timesheet'))).toBe(true);
    expect(withPdf.lineItems[1]!.attachments).toEqual([]);

    const png = await pngBytes();
    const withPng = await attached(first.token, created.id, lineTwo, { bytes: png, name: 'receipt.png', type: 'image/png' });
    const receipt = withPng.lineItems[1]!.attachments[0]!;
    expect(receipt).toMatchObject({ name: 'receipt.png', contentType: 'image/png', size: png.length });
    expect(receipt.key).toMatch(/\.png$/);
    const storedReceipt = await storage.get(receipt.key!);
    storedReceipt?.body.destroy();
    expect(storedReceipt?.contentType).toBe('image/png');
    expect(await storedAttachments(lineOne)).toEqual([{ url: stored!.url, name: 'Timesheet March.pdf', contentType: 'application/pdf', size: stored!.size }]);

    const events = await attachmentEvents(created.id);
    expect(events).toHaveLength(2);
    expect(events[0]!.eventData).toMatchObject({ lineId: lineOne, before: { attachments: 0 }, after: { attachments: 1, attachment: { name: 'Timesheet March.pdf' } } });

    // Only its owner finds it; the same key under another line, a missing key, another talent: not found.
    const address = { billingId: created.id, lineId: lineOne, key: stored!.key };
    expect((await h.call(FIND, { token: first.token, variables: address })).body.data?.findBillingAttachment).toMatchObject({ name: 'Timesheet March.pdf', url: stored!.url });
    for (const [token, variables] of [
      [second.token, address],
      [first.token, { ...address, lineId: lineTwo }],
      [first.token, { ...address, key: '00000000-0000-4000-8000-000000000000.pdf' }],
      [first.token, { ...address, billingId: 'not-a-uuid' }],
      [first.token, { ...address, key: '../secret.pdf' }],
    ] as const) {
      expect(codeOf((await h.call(FIND, { token, variables })).body), JSON.stringify(variables)).toBe('NOT_FOUND');
    }
    expect((await h.call(FIND, { variables: address })).status).toBe(401);
  });

  it('removes an attachment: the line lets go of it, the stored file is deleted, billing.update is logged', async () => {
    const created = await draft(first.token, firstAssignment);
    const lineId = created.lineItems[0]!.id;
    await attached(first.token, created.id, lineId, pdf('keep.pdf'));
    const withTwo = await attached(first.token, created.id, lineId, pdf('drop.pdf'));
    const [keep, drop] = withTwo.lineItems[0]!.attachments as [AttachmentView, AttachmentView];

    const { body } = await h.call(REMOVE, { token: first.token, variables: { billingId: created.id, lineId, attachmentKey: drop.key } });
    expect(body.errors).toBeUndefined();
    expect((body.data?.removeMyBillingLineAttachment as BillingView).lineItems[0]!.attachments.map((file) => file.name)).toEqual(['keep.pdf']);
    expect(await storage.get(drop.key!)).toBeNull();
    expect(await bytesOf(keep.key!)).not.toBeNull();
    const events = await attachmentEvents(created.id);
    expect(events.at(-1)!.eventData).toMatchObject({ lineId, before: { attachments: 2, attachment: { name: 'drop.pdf' } }, after: { attachments: 1 } });

    // Removing it again: it is gone.
    const again = await h.call(REMOVE, { token: first.token, variables: { billingId: created.id, lineId, attachmentKey: drop.key } });
    expect(codeOf(again.body)).toBe('NOT_FOUND');
  });

  it('takes the type from the content (a PNG renamed .pdf is a PNG) and refuses what is not PDF, PNG, JPEG or WebP, empty or over 10 MB, on the file field', async () => {
    const created = await draft(first.token, firstAssignment);
    const lineId = created.lineItems[0]!.id;
    // The type comes from the content: a PNG named .pdf is stored (and served) as a PNG.
    const renamed = await attached(first.token, created.id, lineId, { bytes: await pngBytes(), name: 'scan.pdf', type: 'application/pdf' });
    expect(renamed.lineItems[0]!.attachments[0]).toMatchObject({ name: 'scan.pdf', contentType: 'image/png' });
    expect(renamed.lineItems[0]!.attachments[0]!.key).toMatch(/\.png$/);

    const oversize = new Uint8Array(10 * MEGABYTE + 1);
    oversize.set(pdfBytes().subarray(0, 16));
    const cases: Array<[UploadFile, string]> = [
      [{ bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'logo.pdf', type: 'application/pdf' }, 'The file must be a PDF, PNG, JPEG or WebP'],
      [{ bytes: new TextEncoder().encode('GIF89a.....'), name: 'anim.gif', type: 'image/gif' }, 'The file must be a PDF, PNG, JPEG or WebP'],
      [{ bytes: new Uint8Array(0), name: 'empty.pdf', type: 'application/pdf' }, 'The file is empty'],
      [{ bytes: oversize, name: 'huge.pdf', type: 'application/pdf' }, 'The file is larger than 10 MB'],
    ];
    for (const [file, message] of cases) {
      const { body } = await upload(first.token, { billingId: created.id, lineId }, file);
      expect(codeOf(body), file.name).toBe('BAD_USER_INPUT');
      expect(fileMessage(body), file.name).toMatchObject({ field: 'file', message });
    }
    expect(await storedAttachments(lineId)).toHaveLength(1);
  });

  it('a line holds at most five files: the sixth is refused and nothing of it is stored', async () => {
    const created = await draft(first.token, firstAssignment);
    const lineId = created.lineItems[0]!.id;
    for (let index = 1; index <= 5; index++) await attached(first.token, created.id, lineId, pdf(`day-${index}.pdf`));
    const { body } = await upload(first.token, { billingId: created.id, lineId }, pdf('day-6.pdf'));
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(fileMessage(body)).toEqual({ field: 'file', code: 'tooManyFiles', message: 'A line holds at most 5 files: remove one before adding another' });
    expect((await storedAttachments(lineId)).map((file) => file.name)).toEqual(['day-1.pdf', 'day-2.pdf', 'day-3.pdf', 'day-4.pdf', 'day-5.pdf']);
    // The other line still takes files.
    await attached(first.token, created.id, created.lineItems[1]!.id);
  });

  it('only a draft: once sent, adding and removing are refused with CONFLICT and nothing changes', async () => {
    const created = await draft(first.token, firstAssignment);
    const lineId = created.lineItems[0]!.id;
    const key = (await attached(first.token, created.id, lineId)).lineItems[0]!.attachments[0]!.key!;
    expect((await h.call(SEND, { token: first.token, variables: { id: created.id } })).body.data?.sendMyBilling).toMatchObject({ status: 'SENT' });

    const add = await upload(first.token, { billingId: created.id, lineId }, pdf());
    expect(codeOf(add.body)).toBe('CONFLICT');
    const remove = await h.call(REMOVE, { token: first.token, variables: { billingId: created.id, lineId, attachmentKey: key } });
    expect(codeOf(remove.body)).toBe('CONFLICT');
    expect(await storedAttachments(lineId)).toHaveLength(1);
    expect(await bytesOf(key)).not.toBeNull();
    // Sent billings still show and serve their files.
    const one = await h.call(ONE, { token: first.token, variables: { id: created.id } });
    expect((one.body.data?.myBilling as BillingView).lineItems[0]!.attachments).toHaveLength(1);
    expect(codeOf((await h.call(FIND, { token: first.token, variables: { billingId: created.id, lineId, key } })).body)).toBeUndefined();
  });

  it("another talent's billing or line, unknown and malformed ids: NOT_FOUND, and the rows and files are unchanged", async () => {
    const mine = await draft(first.token, firstAssignment);
    const lineId = mine.lineItems[0]!.id;
    const key = (await attached(first.token, mine.id, lineId)).lineItems[0]!.attachments[0]!.key!;
    const theirs = await draft(second.token, secondAssignment);
    const theirLine = theirs.lineItems[0]!.id;
    const before = await storedAttachments(lineId);
    const updatedAt = (await h.database.db.select().from(billing).where(eq(billing.id, mine.id)))[0]!.updatedAt;

    const probes: Array<[string, Record<string, unknown>]> = [
      [second.token, { billingId: mine.id, lineId }],
      // Their own billing with my line, my billing with their line.
      [second.token, { billingId: theirs.id, lineId }],
      [first.token, { billingId: mine.id, lineId: theirLine }],
      [first.token, { billingId: MISSING_ID, lineId }],
      [first.token, { billingId: mine.id, lineId: MISSING_ID }],
      [first.token, { billingId: 'not-a-uuid', lineId }],
      [first.token, { billingId: mine.id, lineId: '42' }],
    ];
    for (const [token, ids] of probes) {
      const add = await upload(token, ids, pdf());
      expect(codeOf(add.body), `add ${JSON.stringify(ids)}`).toBe('NOT_FOUND');
      const remove = await h.call(REMOVE, { token, variables: { ...ids, attachmentKey: key } });
      expect(codeOf(remove.body), `remove ${JSON.stringify(ids)}`).toBe('NOT_FOUND');
    }
    for (const attachmentKey of ['../../etc/passwd', `${key}.exe`, '00000000-0000-4000-8000-000000000000.pdf']) {
      expect(codeOf((await h.call(REMOVE, { token: first.token, variables: { billingId: mine.id, lineId, attachmentKey } })).body), attachmentKey).toBe('NOT_FOUND');
    }
    expect(await storedAttachments(lineId)).toEqual(before);
    expect(await storedAttachments(theirLine)).toEqual([]);
    expect(await bytesOf(key)).not.toBeNull();
    expect((await h.database.db.select().from(billing).where(eq(billing.id, mine.id)))[0]!.updatedAt).toEqual(updatedAt);
    const guest = await upload(null, { billingId: mine.id, lineId }, pdf());
    expect(guest.status).toBe(401);
  });

  it('an update that removes a line deletes its files once saved; kept lines keep theirs', async () => {
    const created = await draft(first.token, firstAssignment);
    const [kept, dropped] = created.lineItems.map((item) => item.id) as [string, string];
    const keptKey = (await attached(first.token, created.id, kept)).lineItems[0]!.attachments[0]!.key!;
    const droppedKey = (await attached(first.token, created.id, dropped)).lineItems[1]!.attachments[0]!.key!;
    const { body } = await h.call(UPDATE, { token: first.token, variables: { id: created.id, data: { lines: [{ id: kept, ...line('Development'), quantity: '9' }] } } });
    expect(body.errors).toBeUndefined();
    expect((body.data?.updateMyBilling as BillingView).lineItems.map((item) => item.attachments.length)).toEqual([1]);
    expect(await bytesOf(keptKey)).not.toBeNull();
    expect(await storage.get(droppedKey)).toBeNull();
  });

  it("the page's forms: its own words for a wrong, empty or missing file, the API's for a full line, PRG on success, an alert once sent", async () => {
    const t = getTranslator();
    const token = first.token;
    const context: AttachmentContext = {
      t,
      send: (request) => h.call(request.query, { token, variables: request.variables }),
      upload: async (request, file) => upload(token, request.variables ?? {}, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, type: file.type }, request.query),
    };
    const created = await draft(token, firstAssignment);
    const lineId = created.lineItems[0]!.id;
    const post = (entries: Record<string, string | File>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ billingId: created.id, lineId, ...entries })) form.append(name, value);
      return form;
    };
    const pdfFile = (name: string) => new File([new Uint8Array(pdfBytes())], name, { type: 'application/pdf' });

    expect(await submitAttachment(post({ file: new File(['plain text'], 'notes.pdf') }), context, 'add')).toEqual({
      kind: 'refused', billingId: created.id, lineId, message: t('billing.attachments.errors.wrongType'), status: 422,
    });
    expect(await submitAttachment(post({ file: new File([], 'empty.pdf') }), context, 'add')).toMatchObject({ message: t('billing.attachments.errors.empty') });
    expect(await submitAttachment(post({ file: new File([], '') }), context, 'add')).toMatchObject({ message: t('billing.attachments.errors.missing') });
    expect(await storedAttachments(lineId)).toEqual([]);

    for (let index = 1; index <= 5; index++) {
      expect(await submitAttachment(post({ file: pdfFile(`day-${index}.pdf`) }), context, 'add')).toEqual({
        kind: 'done', location: `/talent/billing?id=${created.id}#line-${lineId}-attachments`, noticeKey: 'notices.talentBilling.attachmentAdded',
      });
    }
    expect(await submitAttachment(post({ file: pdfFile('day-6.pdf') }), context, 'add')).toMatchObject({ kind: 'refused', lineId, status: 422, message: t('billing.attachments.errors.tooManyFiles', { max: 5 }) });
    const key = billingAttachmentKey((await storedAttachments(lineId))[0]!.url);
    expect(await submitAttachment(post({ key }), context, 'remove')).toMatchObject({ kind: 'done', noticeKey: 'notices.talentBilling.attachmentRemoved' });
    expect(await submitAttachment(post({ key }), context, 'remove')).toEqual({ kind: 'refused', billingId: created.id, lineId: null, message: t('billing.attachments.errors.fileGone'), status: 409 });
    expect(await submitAttachment(post({ lineId: MISSING_ID, file: pdfFile('x.pdf') }), context, 'add')).toMatchObject({ kind: 'refused', message: t('billing.attachments.errors.lineGone') });
    expect(await submitAttachment(post({ billingId: 'nope' }), context, 'remove')).toEqual({ kind: 'refused', billingId: null, lineId: null, message: t('billing.notFound.heading'), status: 404 });

    await h.call(SEND, { token, variables: { id: created.id } });
    expect(await submitAttachment(post({ file: pdfFile('late.pdf') }), context, 'add')).toEqual({ kind: 'refused', billingId: created.id, lineId: null, message: t('billing.errors.notADraft'), status: 409 });
  });
});
