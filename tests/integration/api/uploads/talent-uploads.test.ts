import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentAddressOfUrl, pictureKeyOfUrl } from '../../../../src/lib/uploads/media-urls';
import { generalEventslog, talentProfile } from '../../../../src/server/db/schema';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import type { FileStorage } from '../../../../src/server/storage/file-storage';
import { startApiHarness, type ApiHarness, type GraphqlBody } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { jpegWithExif, pdfBytes, pngBytes, pngLargerThan } from '../../../support/upload-fixtures';

const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const PROFILE = 'query { findMyTalentProfile { id profilePicture profileScore cv { url name contentType size } resume { url } pdf { url } } }';
const UPLOAD_PICTURE = 'mutation($file: File!) { uploadMyProfilePicture(file: $file) { profilePicture profileScore } }';
const REMOVE_PICTURE = 'mutation { removeMyProfilePicture { profilePicture profileScore } }';
const UPLOAD_DOCUMENT = 'mutation($field: TalentDocumentField!, $file: File!) { uploadMyTalentDocument(field: $field, file: $file) { cv { url name contentType size } resume { url } pdf { url } } }';
const REMOVE_DOCUMENT = 'mutation($field: TalentDocumentField!) { removeMyTalentDocument(field: $field) { cv { url } resume { url } pdf { url } } }';
const FIND_DOCUMENT = 'query($talentProfileId: ID!, $key: String!) { findTalentDocument(talentProfileId: $talentProfileId, key: $key) { url name contentType size } }';

interface Picture {
  url: string;
  optimizedUrl: string;
}

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeEachDatabase('talent uploads (picture and documents)', (kind) => {
  let h: ApiHarness;
  let storage: FileStorage;
  let folder: string;
  let owner: string;
  let other: string;
  let profileId: string;

  const upload: ApiHarness['upload'] = (...args) => h.upload(...args);

  const fieldMessage = (body: GraphqlBody) => (body.errors?.[0]?.extensions?.fieldErrors as Array<{ field: string; message: string }> | undefined)?.[0];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-uploads-api-'));
    storage = await createDiskFileStorage(folder);
    h = await startApiHarness(kind, { storage });
    owner = await h.token('owner-talent');
    other = await h.token('other-talent');
    const created = await h.call(CREATE_PROFILE, { token: owner, variables: { data: { email: 'owner@example.test', profileName: 'Olga Owner' } } });
    profileId = (created.body.data?.createOneTalentProfile as { id: string }).id;
    await h.call(CREATE_PROFILE, { token: other, variables: { data: { email: 'other@example.test', profileName: 'Otto Other' } } });
  });
  afterAll(async () => {
    await h.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores a picture as two re-encoded WebP copies without EXIF, and the score counts it (5 points)', async () => {
    const before = (await h.call(PROFILE, { token: owner })).body.data?.findMyTalentProfile as { profileScore: number };
    const { body } = await upload(UPLOAD_PICTURE, owner, { bytes: await jpegWithExif(2000, 1000), name: 'me.jpg', type: 'image/jpeg' });
    expect(body.errors).toBeUndefined();
    const result = body.data?.uploadMyProfilePicture as { profilePicture: Picture; profileScore: number };
    expect(result.profileScore).toBe(before.profileScore + 5);
    expect(result.profilePicture.url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(result.profilePicture.optimizedUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);

    const original = await storage.get(pictureKeyOfUrl(result.profilePicture.url)!);
    expect(original?.contentType).toBe('image/webp');
    original?.body.destroy();
    const originalMeta = await sharp((await bytesOf(storage, pictureKeyOfUrl(result.profilePicture.url)!))!).metadata();
    expect([originalMeta.format, originalMeta.width, originalMeta.height, originalMeta.exif]).toEqual(['webp', 1024, 512, undefined]);
    const optimizedMeta = await sharp((await bytesOf(storage, pictureKeyOfUrl(result.profilePicture.optimizedUrl)!))!).metadata();
    expect([optimizedMeta.format, optimizedMeta.width, optimizedMeta.height, optimizedMeta.exif]).toEqual(['webp', 256, 256, undefined]);

    const events = await h.database.db.select().from(generalEventslog).where(and(eq(generalEventslog.toId, profileId), eq(generalEventslog.type, 'talentProfile.update')));
    expect(events.some((event) => JSON.stringify(event.eventData.changedFields) === '["profilePicture"]')).toBe(true);
  });

  it('a new picture replaces the old one and deletes its files; removing deletes the rest', async () => {
    const first = ((await h.call(PROFILE, { token: owner })).body.data?.findMyTalentProfile as { profilePicture: Picture }).profilePicture;
    const { body } = await upload(UPLOAD_PICTURE, owner, { bytes: await pngBytes(), name: 'new.png', type: 'image/png' });
    const second = (body.data?.uploadMyProfilePicture as { profilePicture: Picture }).profilePicture;
    expect(second.url).not.toBe(first.url);
    expect(await storage.get(pictureKeyOfUrl(first.url)!)).toBeNull();
    expect(await storage.get(pictureKeyOfUrl(first.optimizedUrl)!)).toBeNull();

    const removed = await h.call(REMOVE_PICTURE, { token: owner });
    expect(removed.body.data?.removeMyProfilePicture).toMatchObject({ profilePicture: null });
    expect(await storage.get(pictureKeyOfUrl(second.url)!)).toBeNull();
    expect(await storage.get(pictureKeyOfUrl(second.optimizedUrl)!)).toBeNull();
  });

  it('refuses a PNG renamed .pdf, a 6 MB image, an empty file and a PDF as a picture, on the file field', async () => {
    const png = await pngBytes();
    const cases = [
      { query: UPLOAD_DOCUMENT, variables: { field: 'cv' }, file: { bytes: png, name: 'cv.pdf', type: 'application/pdf' }, message: 'The file must be a PDF' },
      { query: UPLOAD_PICTURE, variables: {}, file: { bytes: await pngLargerThan(6 * 1024 * 1024), name: 'big.png', type: 'image/png' }, message: 'The file is larger than 5 MB' },
      { query: UPLOAD_PICTURE, variables: {}, file: { bytes: new Uint8Array(0), name: 'empty.png', type: 'image/png' }, message: 'The file is empty' },
      { query: UPLOAD_DOCUMENT, variables: { field: 'resume' }, file: { bytes: new Uint8Array(0), name: 'empty.pdf', type: 'application/pdf' }, message: 'The file is empty' },
      { query: UPLOAD_PICTURE, variables: {}, file: { bytes: pdfBytes(), name: 'me.png', type: 'image/png' }, message: 'The picture must be a JPEG, PNG or WebP image' },
      { query: UPLOAD_PICTURE, variables: {}, file: { bytes: Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]), name: 'broken.png', type: 'image/png' }, message: 'The picture could not be read: try another JPEG, PNG or WebP file' },
    ];
    for (const { query, variables, file, message } of cases) {
      const { body } = await upload(query, owner, file, variables);
      expect(body.errors?.[0]?.extensions?.code, file.name).toBe('BAD_USER_INPUT');
      expect(fieldMessage(body), file.name).toMatchObject({ field: 'file', message });
    }
    const profile = (await h.call(PROFILE, { token: owner })).body.data?.findMyTalentProfile as Record<string, unknown>;
    expect(profile).toMatchObject({ profilePicture: null, cv: null, resume: null });
  });

  it('stores a PDF per document field under a key of its own, with a clean name; only its owner finds it', async () => {
    const { body } = await upload(UPLOAD_DOCUMENT, owner, { bytes: pdfBytes(), name: '../../etc/My CV\u0000 2025.pdf', type: 'application/octet-stream' }, { field: 'cv' });
    expect(body.errors).toBeUndefined();
    const cv = (body.data?.uploadMyTalentDocument as { cv: { url: string; name: string; contentType: string; size: number } }).cv;
    expect(cv).toMatchObject({ name: 'My CV 2025.pdf', contentType: 'application/pdf', size: pdfBytes().length });
    const address = { ...documentAddressOfUrl(cv.url)! };
    expect(address.talentProfileId).toBe(profileId);
    expect(address.key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect((await bytesOf(storage, address.key))?.equals(pdfBytes())).toBe(true);

    const mine = await h.call(FIND_DOCUMENT, { token: owner, variables: address });
    expect(mine.body.data?.findTalentDocument).toMatchObject({ url: cv.url, name: 'My CV 2025.pdf' });

    // A second talent probing the first one's document, and ids that are not right.
    for (const variables of [address, { ...address, key: `${address.key.slice(0, -4)}.webp` }, { talentProfileId: 'not-a-uuid', key: address.key }]) {
      const { body: probe } = await h.call(FIND_DOCUMENT, { token: other, variables });
      expect(probe.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const wrongKey = await h.call(FIND_DOCUMENT, { token: owner, variables: { ...address, key: '00000000-0000-4000-8000-000000000000.pdf' } });
    expect(wrongKey.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await h.call(FIND_DOCUMENT, { variables: address })).status).toBe(401);
  });

  it("a second talent's uploads and removals reach only their own profile", async () => {
    const before = await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, profileId));
    await upload(UPLOAD_DOCUMENT, other, { bytes: pdfBytes('Other'), name: 'other.pdf', type: 'application/pdf' }, { field: 'cv' });
    await h.call(REMOVE_DOCUMENT, { token: other, variables: { field: 'cv' } });
    await h.call(REMOVE_PICTURE, { token: other });
    const after = await h.database.db.select().from(talentProfile).where(eq(talentProfile.id, profileId));
    expect(after[0]?.cv).toEqual(before[0]?.cv);
    expect(await storage.get(documentAddressOfUrl(before[0]!.cv!.url)!.key)).not.toBeNull();
  });

  it('removing a document clears its field and deletes the file', async () => {
    const cvUrl = ((await h.call(PROFILE, { token: owner })).body.data?.findMyTalentProfile as { cv: { url: string } }).cv.url;
    const { body } = await h.call(REMOVE_DOCUMENT, { token: owner, variables: { field: 'cv' } });
    expect(body.data?.removeMyTalentDocument).toMatchObject({ cv: null });
    expect(await storage.get(documentAddressOfUrl(cvUrl)!.key)).toBeNull();
  });

  it('needs a signed-in talent with a profile, and a file sent as a file part', async () => {
    const png = { bytes: await pngBytes(), name: 'me.png', type: 'image/png' };
    expect((await upload(UPLOAD_PICTURE, null, png)).status).toBe(401);
    const noProfile = await upload(UPLOAD_PICTURE, await h.token('no-profile'), png);
    expect(noProfile.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'noProfile' });
    const asText = await h.call(UPLOAD_PICTURE, { token: owner, variables: { file: 'iVBORw0KGgo=' } });
    expect(asText.body.errors?.[0]?.message).toMatch(/File must be sent as a file part/);
  });
});
