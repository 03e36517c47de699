/** Longest slug kept in a job page address; long titles are cut at a word boundary. */
export const MAX_JOB_SLUG_LENGTH = 80;

// Letters NFKD does not split into a base letter and a mark.
const UNSPLIT_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * The readable part of a job page address, from the ad's title: lowercase ASCII letters
 * and digits, accents folded ('Développeur' → 'developpeur'), every other run of
 * characters one '-', no '-' at either end, at most MAX_JOB_SLUG_LENGTH characters.
 * Empty when the title has no letter or digit that folds to ASCII.
 */
export function jobSlug(title: string): string {
  const folded = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþı]/g, (letter) => UNSPLIT_LETTERS[letter] ?? '');
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_JOB_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_JOB_SLUG_LENGTH + 1);
  // Cut at the last word boundary when there is one, so no word is left half.
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, MAX_JOB_SLUG_LENGTH)).replace(/-+$/, '');
}
