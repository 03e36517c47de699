import { describe, expect, it } from 'vitest';
import { zodIssues } from '../../../src/lib/forms/zod-issues';
import { applicationMessageSchema, MAX_APPLICATION_MESSAGE_LENGTH, normalizeApplicationMessage } from '../../../src/lib/talent-jobs/application-message';

/** The note as the schema reads it: the stored text, or its issues as codes. */
const read = (message: string | null | undefined) => {
  const result = applicationMessageSchema.safeParse({ message });
  return result.success ? result.data.message : zodIssues(result.error);
};

describe('application message', () => {
  it('is optional: empty or blank means no message', () => {
    for (const raw of [undefined, null, '', '   ', '\r\n\t']) expect(normalizeApplicationMessage(raw)).toBeNull();
    expect(read(null)).toBeNull();
    expect(read('  ')).toBeNull();
  });

  it('is trimmed and keeps its line breaks as \\n, as the form counted them', () => {
    expect(normalizeApplicationMessage('  Hello\r\nthere\rfriend  ')).toBe('Hello\nthere\nfriend');
    expect(read('  Hello\r\nthere  ')).toBe('Hello\nthere');
  });

  it('takes at most 5000 characters, refused as messageTooLong with the max its words name', () => {
    expect(MAX_APPLICATION_MESSAGE_LENGTH).toBe(5000);
    expect(read('x'.repeat(5000))).toBe('x'.repeat(5000));
    expect(read('x'.repeat(5001))).toEqual([{ path: 'message', code: 'messageTooLong', params: { max: 5000 } }]);
    // 4998 letters and one posted line break: 5000 once normalized.
    expect(read(`${'x'.repeat(2499)}\r\n${'y'.repeat(2500)}`)).toHaveLength(5000);
  });
});
