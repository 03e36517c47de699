import { describe, expect, it } from 'vitest';
import { documentAddressOfUrl, documentUrl, extensionOfKey, isStorageKey, pictureKeyOfUrl, pictureUrl } from '../../../src/lib/uploads/media-urls';

const KEY = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const PROFILE = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('storage keys: random UUIDs the server makes, never a path', () => {
  it('accepts a lower-case UUID with one of our extensions', () => {
    expect(isStorageKey(`${KEY}.webp`)).toBe(true);
    expect(isStorageKey(`${KEY}.pdf`)).toBe(true);
    expect(extensionOfKey(`${KEY}.pdf`)).toBe('pdf');
  });

  it('refuses names, traversal, separators, other extensions and anything not a string', () => {
    for (const key of [
      'cv.pdf',
      `../${KEY}.pdf`,
      `${KEY}.pdf/..`,
      `..%2f${KEY}.pdf`,
      `${KEY}/x.pdf`,
      `x\\${KEY}.pdf`,
      `${KEY}.PDF`,
      `${KEY.toUpperCase()}.pdf`,
      `${KEY}.svg`,
      `${KEY}.pdf.exe`,
      `${KEY}.webp\u0000.png`,
      `${KEY}.pdf\n`,
      KEY,
      '',
    ]) {
      expect(isStorageKey(key), JSON.stringify(key)).toBe(false);
    }
    expect(isStorageKey(null)).toBe(false);
    expect(isStorageKey(42)).toBe(false);
    expect(extensionOfKey('../etc/passwd')).toBeNull();
  });

  it('reads keys back only from our own picture URLs', () => {
    expect(pictureKeyOfUrl(pictureUrl(`${KEY}.webp`))).toBe(`${KEY}.webp`);
    expect(pictureKeyOfUrl(`/media/${KEY}.pdf`)).toBeNull(); // documents are never pictures
    expect(pictureKeyOfUrl(`/media/../${KEY}.webp`)).toBeNull();
    expect(pictureKeyOfUrl('data:image/svg+xml,%3Csvg%3E')).toBeNull(); // seeded avatars
    expect(pictureKeyOfUrl(`https://elsewhere.example/media/${KEY}.webp`)).toBeNull();
    expect(pictureKeyOfUrl(null)).toBeNull();
  });

  it('reads profile id and key back only from our own document URLs', () => {
    expect(documentUrl(PROFILE, `${KEY}.pdf`)).toBe(`/api/talent-documents/${PROFILE}/${KEY}.pdf`);
    expect(documentAddressOfUrl(documentUrl(PROFILE, `${KEY}.pdf`))).toEqual({ talentProfileId: PROFILE, key: `${KEY}.pdf` });
    expect(documentAddressOfUrl(`/api/talent-documents/${PROFILE}/${KEY}.webp`)).toBeNull();
    expect(documentAddressOfUrl(`/api/talent-documents/${PROFILE}/../${KEY}.pdf`)).toBeNull();
    expect(documentAddressOfUrl(`/api/talent-documents/${PROFILE}/${KEY}.pdf/extra`)).toBeNull();
    expect(documentAddressOfUrl(`/api/talent-documents/not-a-uuid/${KEY}.pdf`)).toBeNull();
    expect(documentAddressOfUrl(`/media/${KEY}.pdf`)).toBeNull();
  });
});
