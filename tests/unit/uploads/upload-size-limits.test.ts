import { describe, expect, it } from 'vitest';
import { checkUpload, factsOfFile } from '../../../src/lib/uploads/check-upload';
import { DOCUMENT_RULE, MAX_REQUEST_BODY_BYTES, PICTURE_RULE, uploadRequestLimit, uploadRuleOf } from '../../../src/lib/uploads/upload-rules';
import { pdfBytes, pngBytes } from '../../support/upload-fixtures';

const MB = 1024 * 1024;

describe('upload size limits and accepted types', () => {
  it('a picture is a JPEG, PNG or WebP of at most 5 MB; a document a PDF of at most 10 MB', () => {
    expect(PICTURE_RULE).toMatchObject({ maxBytes: 5 * MB, maxMegabytes: 5, types: ['image/jpeg', 'image/png', 'image/webp'] });
    expect(DOCUMENT_RULE).toMatchObject({ maxBytes: 10 * MB, maxMegabytes: 10, types: ['application/pdf'] });
    expect(uploadRuleOf('picture')).toBe(PICTURE_RULE);
    for (const slot of ['cv', 'resume', 'pdf'] as const) expect(uploadRuleOf(slot)).toBe(DOCUMENT_RULE);
  });

  it('accepts a file of exactly the limit and refuses one byte more, before looking at its type', async () => {
    const head = (await pngBytes()).subarray(0, 16);
    expect(checkUpload(PICTURE_RULE, { size: 5 * MB, head })).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkUpload(PICTURE_RULE, { size: 5 * MB + 1, head })).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkUpload(PICTURE_RULE, { size: 6 * MB, head: new Uint8Array(16) })).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkUpload(DOCUMENT_RULE, { size: 10 * MB, head: pdfBytes().subarray(0, 16) })).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(checkUpload(DOCUMENT_RULE, { size: 10 * MB + 1, head: pdfBytes().subarray(0, 16) })).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('refuses no file, an empty file and a type of the other slot', async () => {
    expect(checkUpload(PICTURE_RULE, null)).toEqual({ ok: false, reason: 'missing' });
    expect(checkUpload(DOCUMENT_RULE, { size: 0, head: new Uint8Array(0) })).toEqual({ ok: false, reason: 'empty' });
    expect(checkUpload(DOCUMENT_RULE, await factsOfFile(new Blob([new Uint8Array(await pngBytes())])))).toEqual({ ok: false, reason: 'wrongType' });
    expect(checkUpload(PICTURE_RULE, await factsOfFile(new Blob([new Uint8Array(pdfBytes())])))).toEqual({ ok: false, reason: 'wrongType' });
  });

  it('reads only the first bytes of a file to decide its type', async () => {
    const facts = await factsOfFile(new Blob([new Uint8Array(pdfBytes())]));
    expect(facts.size).toBe(pdfBytes().length);
    expect(facts.head.length).toBe(16);
  });

  it('lets a form body exceed its file limit by the form overhead only', () => {
    expect(uploadRequestLimit('picture')).toBe(5 * MB + 64 * 1024);
    expect(uploadRequestLimit('cv')).toBe(10 * MB + 64 * 1024);
    expect(MAX_REQUEST_BODY_BYTES).toBe(uploadRequestLimit('pdf'));
  });
});
