import { describe, expect, it } from 'vitest';
import { applicationMessageError, MAX_APPLICATION_MESSAGE_LENGTH, normalizeApplicationMessage } from '../../src/lib/talent-jobs/application-message';

describe('application message', () => {
  it('is optional: empty or blank means no message', () => {
    for (const raw of [undefined, null, '', '   ', '\r\n\t']) expect(normalizeApplicationMessage(raw)).toBeNull();
    expect(applicationMessageError(null)).toBeNull();
  });

  it('is trimmed and keeps its line breaks as \\n, as the form counted them', () => {
    expect(normalizeApplicationMessage('  Hello\r\nthere\rfriend  ')).toBe('Hello\nthere\nfriend');
  });

  it('takes at most 5000 characters', () => {
    expect(MAX_APPLICATION_MESSAGE_LENGTH).toBe(5000);
    expect(applicationMessageError('x'.repeat(5000))).toBeNull();
    expect(applicationMessageError('x'.repeat(5001))).toBe('Use at most 5000 characters');
    // 4998 letters and one posted line break: 5000 once normalized.
    expect(applicationMessageError(normalizeApplicationMessage(`${'x'.repeat(2499)}\r\n${'y'.repeat(2500)}`))).toBeNull();
  });
});
