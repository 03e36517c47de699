import type { Translate } from './i18n';

// The pseudo-locale (docs/french.md, "The pseudo-locale crawl"): every text a translator
// gives is wrapped in marks, so that a page read in a browser shows at once what did not come
// from the locale files: any word outside the marks that is not people's data (marked
// translate="no" or with a lang of its own), nor a date or number Intl formatted.

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** The cookie that asks a server allowing it (PSEUDO_LOCALE=allow, tests only) for the pseudo-locale. */
export const PSEUDO_LOCALE_COOKIE = 'tp_pseudo_locale';

/** Every text of a translation marked: a string, or the strings of a list or tree (returnObjects). */
function marked(value: unknown): unknown {
  if (typeof value === 'string') return `${PSEUDO_OPEN}${value}${PSEUDO_CLOSE}`;
  if (Array.isArray(value)) return value.map(marked);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, marked(inner)]));
  return value;
}

/** `t`, its every text wrapped in the marks. */
export function pseudoTranslator(t: Translate): Translate {
  const wrapped = (...args: Parameters<Translate>) => marked((t as unknown as (...a: unknown[]) => unknown)(...args));
  return wrapped as unknown as Translate;
}

/**
 * A text without its marked parts, nested ones included: what did not come from the locale
 * files. One text of a page may hold the start or the end of a translation that markup split
 * (a highlighted placeholder in a preview): a mark left open runs to the end, one closed without
 * its opening from the start.
 */
export function unmarkedText(text: string): string {
  let rest = text;
  for (;;) {
    const next = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    if (next === rest) break;
    rest = next;
  }
  return rest.replace(/⟦[^⟧]*$/, ' ').replace(/^[^⟦]*⟧/, ' ');
}
