import { describe, expect, it } from 'vitest';
import { checkMessageFiles, messageAttachmentAddressOfUrl, messageAttachmentUrl } from '../../../src/lib/messages/message-attachments';
import { DIRECTORY_BYTES, SNIFF_BYTES, sniffContentType } from '../../../src/lib/uploads/sniff-content-type';
import { MAX_MESSAGE_ATTACHMENTS, MESSAGE_ATTACHMENT_RULE } from '../../../src/lib/uploads/upload-rules';
import { docxBytes, pdfBytes, plainZipBytes } from '../../support/upload-fixtures';
import { strToU8, zipSync } from 'fflate';

// The message attachment rule: PDF, pictures and office documents by their content, at most
// MAX_MESSAGE_ATTACHMENTS a message and 10 MB together; and the private address of each file.

const facts = (bytes: Uint8Array) => ({ size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES), directory: bytes.subarray(Math.max(0, bytes.byteLength - DIRECTORY_BYTES)) });
const MESSAGE = '5d0c4b6a-0000-4000-8000-000000000040';
const KEY = '5d0c4b6a-0000-4000-8000-000000000041.docx';

describe('the message attachment rule', () => {
  it('tells a Word, an Excel and a PowerPoint document apart by the parts their ZIP names, never by their names', () => {
    const zip = (main: string) => zipSync({ '[Content_Types].xml': strToU8('<Types/>'), [main]: strToU8('<x/>') });
    const sniff = (bytes: Uint8Array) => sniffContentType(facts(bytes).head, facts(bytes).directory);
    expect(sniff(docxBytes())).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniff(zip('xl/workbook.xml'))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sniff(zip('ppt/presentation.xml'))).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(sniff(plainZipBytes())).toBeNull();
    // Without its last bytes a ZIP is no document: the other upload rules never accept one.
    expect(sniffContentType(facts(docxBytes()).head)).toBeNull();
  });

  it('accepts up to the maximum of files within 10 MB together, each of an accepted type', () => {
    const files = Array.from({ length: MAX_MESSAGE_ATTACHMENTS }, () => facts(pdfBytes()));
    expect(checkMessageFiles(files)).toEqual({ ok: true, contentTypes: files.map(() => 'application/pdf') });
    expect(checkMessageFiles([])).toEqual({ ok: true, contentTypes: [] });
  });

  it('refuses one file too many, too much together, an empty file and a file of another type', () => {
    expect(checkMessageFiles(Array.from({ length: MAX_MESSAGE_ATTACHMENTS + 1 }, () => facts(pdfBytes())))).toEqual({ ok: false, reason: 'tooManyFiles' });
    const half = { ...facts(pdfBytes()), size: MESSAGE_ATTACHMENT_RULE.maxBytes / 2 + 1 };
    expect(checkMessageFiles([half, half])).toEqual({ ok: false, reason: 'tooLargeTogether' });
    expect(checkMessageFiles([facts(new Uint8Array())])).toEqual({ ok: false, reason: 'empty' });
    expect(checkMessageFiles([facts(pdfBytes()), facts(plainZipBytes())])).toEqual({ ok: false, reason: 'wrongType' });
  });
});

describe('the address of a message’s file', () => {
  it('names the message and the key, and reads back only our own addresses', () => {
    const url = messageAttachmentUrl({ messageId: MESSAGE, key: KEY });
    expect(url).toBe(`/api/message-attachments/${MESSAGE}/${KEY}`);
    expect(messageAttachmentAddressOfUrl(url)).toEqual({ messageId: MESSAGE, key: KEY });
    expect(messageAttachmentAddressOfUrl(`/api/message-attachments/${MESSAGE.toUpperCase()}/${KEY}`)).toBeNull();
    expect(messageAttachmentAddressOfUrl(`/api/message-attachments/${MESSAGE}/../${KEY}`)).toBeNull();
    expect(messageAttachmentAddressOfUrl(`/api/message-attachments/${MESSAGE}/${KEY}/more`)).toBeNull();
    expect(messageAttachmentAddressOfUrl(`/api/message-attachments/${MESSAGE}/run.exe`)).toBeNull();
    expect(messageAttachmentAddressOfUrl(`/api/billing-attachments/${MESSAGE}/${KEY}`)).toBeNull();
  });
});
