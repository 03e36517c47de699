import { describe, expect, it } from 'vitest';
import { AVATAR_RETRY_DELAYS_MS, cacheBusted, nextAvatarRetry } from '../../../src/lib/profile/avatar-retry';

describe('avatar retry schedule', () => {
  it('retries five times, after 1, 2, 4, 8 and 16 seconds', () => {
    expect(AVATAR_RETRY_DELAYS_MS).toEqual([1000, 2000, 4000, 8000, 16000]);
    const delays = [1, 2, 3, 4, 5].map((failures) => nextAvatarRetry('/pictures/ada.png', failures)?.delayMs);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('gives up after the fifth retry fails, so the loading overlay stops', () => {
    expect(nextAvatarRetry('/pictures/ada.png', 6)).toBeNull();
    expect(nextAvatarRetry('/pictures/ada.png', 60)).toBeNull();
  });

  it('gives each retry its own cache-busting address, built from the original one', () => {
    expect([1, 2, 3].map((failures) => nextAvatarRetry('https://cdn.example/ada.png', failures)?.src)).toEqual([
      'https://cdn.example/ada.png?retry=1',
      'https://cdn.example/ada.png?retry=2',
      'https://cdn.example/ada.png?retry=3',
    ]);
  });

  it('keeps an existing query and a fragment', () => {
    expect(cacheBusted('/p.png?w=48', 2)).toBe('/p.png?w=48&retry=2');
    expect(cacheBusted('/p.png?', 1)).toBe('/p.png?retry=1');
    expect(cacheBusted('/p.png#face', 1)).toBe('/p.png?retry=1#face');
    expect(cacheBusted('/p.png?w=48#face', 3)).toBe('/p.png?w=48&retry=3#face');
  });

  it('does not retry inline images, which take no query and never heal', () => {
    expect(nextAvatarRetry('data:image/svg+xml,%3Csvg%3E', 1)).toBeNull();
    expect(nextAvatarRetry('blob:http://localhost/1234', 1)).toBeNull();
  });

  it('answers nothing for a failure count that is not a positive whole number', () => {
    expect(nextAvatarRetry('/p.png', 0)).toBeNull();
    expect(nextAvatarRetry('/p.png', 1.5)).toBeNull();
  });
});
