import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pictureKeyOfUrl } from '../../../../src/lib/uploads/media-urls';
import { company } from '../../../../src/server/db/schema';
import { createMediaEndpoint } from '../../../../src/server/http/media';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import type { GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { pdfBytes, pngBytes } from '../../../support/upload-fixtures';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const UPLOAD = 'mutation ($file: File!) { updateOneCompanyLogo(file: $file) { id logo } }';
const REMOVE = 'mutation { deleteOneCompanyLogo { id logo } }';
const companyHeaders = (companyId: string) => ({ 'tp-domain': 'company', 'tp-company': companyId });

describeEachDatabase('company logo: upload, replace, remove', (kind) => {
  let f: CompaniesFixture;
  let storage: FileStorage;
  let folder: string;
  let media: Server;
  let origin: string;

  const uploadAs = async (subject: string, companyId: string, file: { bytes: Uint8Array; name: string; type: string }) =>
    f.h.upload(UPLOAD, await f.h.token(subject), file, {}, companyHeaders(companyId));
  const logoOf = async (companyId: string) => (await f.h.database.db.select({ logo: company.logo }).from(company).where(eq(company.id, companyId)))[0]!.logo;
  const logoEvents = async (companyId: string) => (await f.events('company.update', companyId)).filter((event) => JSON.stringify(event.eventData.changedFields) === '["logo"]');
  const fileError = (body: GraphqlBody) => (body.errors?.[0]?.extensions?.fieldErrors as unknown[] | undefined)?.[0];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-logo-api-'));
    storage = await createDiskFileStorage(folder);
    // A small upload allowance, so the last test can spend it.
    f = await startCompaniesFixture(kind, { storage, uploadsPerWindow: 6 });
    // The web server's own /media endpoint over the same storage: what a browser loads.
    const serveMedia = createMediaEndpoint(storage);
    media = createServer((req, res) => {
      void serveMedia(req, res, new URL(req.url ?? '/', 'http://localhost').pathname).then((served) => {
        if (!served) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => media.close(resolve));
    await f.h.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores a wide PNG as one 256 px square WebP served at its /media URL, sets company.logo and logs company.update', async () => {
    const ownerId = await f.userId('owner-a');
    const { body } = await uploadAs('owner-a', f.a.id, { bytes: await pngBytes(400, 100), name: 'logo.png', type: 'image/png' });
    expect(body.errors).toBeUndefined();
    const logo = (body.data?.updateOneCompanyLogo as { id: string; logo: string }).logo;
    expect(logo).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(await logoOf(f.a.id)).toBe(logo);

    const served = await fetch(`${origin}${logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    // Fitted whole (not cropped) into the square: the rest is transparent.
    expect([meta.format, meta.width, meta.height, meta.hasAlpha, meta.exif]).toEqual(['webp', 256, 256, true, undefined]);

    const events = await logoEvents(f.a.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromId: ownerId, toId: f.a.id, eventData: { companyId: f.a.id, before: { logo: null }, after: { logo } } });
  });

  it('a new logo replaces the old one and deletes its file; only the tp-company company changes', async () => {
    const first = (await logoOf(f.a.id))!;
    const { body } = await uploadAs('owner-a', f.a.id, { bytes: await pngBytes(64, 64), name: 'new.png', type: 'image/png' });
    const second = (body.data?.updateOneCompanyLogo as { logo: string }).logo;
    expect(second).not.toBe(first);
    expect(await storage.get(pictureKeyOfUrl(first)!)).toBeNull();
    expect(await logoOf(f.b.id)).toBeNull();
    expect(await logoEvents(f.b.id)).toHaveLength(0);

    // B is not owner-a's company: the selection itself is refused, and B keeps no logo.
    const other = await uploadAs('owner-a', f.b.id, { bytes: await pngBytes(), name: 'b.png', type: 'image/png' });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await logoOf(f.b.id)).toBeNull();
    expect(await logoOf(f.a.id)).toBe(second);
  });

  it('needs company update: a member who may only read the company is FORBIDDEN and nothing is stored', async () => {
    await f.memberWithRole('reader-a', f.a.id, 'Reader', { company: { read: true } });
    const before = await logoOf(f.a.id);
    const upload = await uploadAs('reader-a', f.a.id, { bytes: await pngBytes(), name: 'logo.png', type: 'image/png' });
    expect(upload.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const removal = await f.as('reader-a', REMOVE, {}, f.a.id);
    expect(removal.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await logoOf(f.a.id)).toBe(before);
  });

  it('refuses a PDF and a broken PNG as BAD_USER_INPUT on the file field with a code, keeping the logo', async () => {
    const before = await logoOf(f.a.id);
    const png = await pngBytes();
    const pdf = await uploadAs('owner-a', f.a.id, { bytes: pdfBytes(), name: 'logo.png', type: 'image/png' });
    expect(pdf.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(fileError(pdf.body)).toEqual({ field: 'file', code: 'wrongType', message: 'The picture must be a JPEG, PNG or WebP image' });
    const broken = await uploadAs('owner-a', f.a.id, { bytes: Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]), name: 'broken.png', type: 'image/png' });
    expect(broken.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(fileError(broken.body)).toMatchObject({ field: 'file', code: 'unreadable' });
    expect(await logoOf(f.a.id)).toBe(before);
  });

  it('removal sets the logo to null, deletes its file and logs it; removing again changes nothing', async () => {
    const current = (await logoOf(f.a.id))!;
    const eventsBefore = (await logoEvents(f.a.id)).length;
    const { body } = await f.as('owner-a', REMOVE, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    expect(body.data?.deleteOneCompanyLogo).toEqual({ id: f.a.id, logo: null });
    expect(await storage.get(pictureKeyOfUrl(current)!)).toBeNull();
    expect((await fetch(`${origin}${current}`)).status).toBe(404);
    expect(await logoEvents(f.a.id)).toHaveLength(eventsBefore + 1);

    const again = await f.as('owner-a', REMOVE, {}, f.a.id);
    expect(again.body.data?.deleteOneCompanyLogo).toEqual({ id: f.a.id, logo: null });
    expect(await logoEvents(f.a.id)).toHaveLength(eventsBefore + 1);
  });

  it("spends the caller's upload allowance: past it, TOO_MANY_REQUESTS and the logo stays as it is", async () => {
    const answers: Array<string | undefined> = [];
    let last: string | null = await logoOf(f.a.id);
    for (let attempt = 0; attempt < 6; attempt++) {
      const { body } = await uploadAs('owner-a', f.a.id, { bytes: await pngBytes(32, 32), name: 'logo.png', type: 'image/png' });
      const code = body.errors?.[0]?.extensions?.code as string | undefined;
      answers.push(code);
      if (code) break;
      last = (body.data?.updateOneCompanyLogo as { logo: string }).logo;
    }
    expect(answers.at(-1)).toBe('TOO_MANY_REQUESTS');
    expect(await logoOf(f.a.id)).toBe(last);
  });
});
