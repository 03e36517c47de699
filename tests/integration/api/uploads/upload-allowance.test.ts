import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDiskFileStorage } from '../../../../src/server/storage/disk-file-storage';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { pdfBytes, pngBytes } from '../../../support/upload-fixtures';

// Uploads are limited per user (re-encoding a picture keeps a core busy),
// counted before the file is read; another user keeps their own allowance.
const UPLOAD_PICTURE = 'mutation($file: File!) { uploadMyProfilePicture(file: $file) { id } }';
const UPLOAD_DOCUMENT = 'mutation($field: TalentDocumentField!, $file: File!) { uploadMyTalentDocument(field: $field, file: $file) { id } }';

describeEachDatabase('upload allowance per user', (kind) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startApiHarness(kind, { storage: await createDiskFileStorage(mkdtempSync(path.join(tmpdir(), 'tp-allowance-'))), uploadsPerWindow: 3 });
    for (const who of ['busy', 'other']) {
      tokens[who] = await h.token(`allowance-${who}-${kind}`, { email: `${who}@example.test` });
      await h.call('mutation { createOneTalentProfile(data: { email: "a@example.test", profileName: "Allowance" }) { id } }', { token: tokens[who] });
    }
  });
  afterAll(() => h?.close());

  it('refuses the upload past the allowance with TOO_MANY_REQUESTS and says when to try again; another user still uploads', async () => {
    const picture = { bytes: await pngBytes(), name: 'me.png', type: 'image/png' };
    const pdf = { bytes: pdfBytes(), name: 'cv.pdf', type: 'application/pdf' };
    const answers = [
      await h.upload(UPLOAD_PICTURE, tokens.busy!, picture),
      await h.upload(UPLOAD_DOCUMENT, tokens.busy!, pdf, { field: 'cv' }),
      await h.upload(UPLOAD_PICTURE, tokens.busy!, picture),
      await h.upload(UPLOAD_DOCUMENT, tokens.busy!, pdf, { field: 'resume' }),
    ];
    expect(answers.slice(0, 3).map((answer) => answer.body.errors)).toEqual([undefined, undefined, undefined]);
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Too many uploads.*Try again in \d+ minutes?/), extensions: { code: 'TOO_MANY_REQUESTS', reason: 'tooManyUploads' } });
    expect((await h.upload(UPLOAD_PICTURE, tokens.other!, picture)).body.errors).toBeUndefined();
  });
});
