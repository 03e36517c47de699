import { describe, expect, it } from 'vitest';
import { mayCompress } from '../../../src/server/http/html-compression';

describe('which answers are sent compressed', () => {
  it('guest pages are; a personal page never is (BREACH: its CSRF token beside reflected input)', () => {
    expect(mayCompress('text/html', '')).toBe(true);
    expect(mayCompress('text/html; charset=utf-8', 'public, max-age=0')).toBe(true);
    expect(mayCompress('text/html', 'private, no-store')).toBe(false);
    expect(mayCompress('text/html', 'no-store, Private')).toBe(false);
  });

  it('only HTML: never a live stream, JSON or a file', () => {
    expect(mayCompress('text/event-stream', '')).toBe(false);
    expect(mayCompress('application/json', '')).toBe(false);
    expect(mayCompress('application/pdf', '')).toBe(false);
    expect(mayCompress('', '')).toBe(false);
  });
});
