/** Escapes LIKE/ILIKE wildcards, so a search for "c%" or "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
