import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, LANGUAGES, NAMESPACES, type Language, type Namespace } from './namespaces';
import { EN_RESOURCES } from './resources-en';
import { FR_RESOURCES } from './resources-fr';

export const resources = { en: EN_RESOURCES, fr: FR_RESOURCES } as const;

/**
 * One shared, synchronously initialised instance. Requests never change its language;
 * each gets a `t` fixed to its language and namespaces, so concurrent renders cannot
 * leak state into each other (the failure mode of astro-i18next's global switch).
 */
export const I18NEXT_OPTIONS_OF_THE_PROCESS = {
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: DEFAULT_NAMESPACE,
  resources,
  initAsync: false,
  interpolation: { escapeValue: false }, // Astro and React escape what they render.
  returnNull: false,
} as const;
const instance = i18next.createInstance();
void instance.init(I18NEXT_OPTIONS_OF_THE_PROCESS);

export type Translate = TFunction;

/** Plain strings remembered per namespace list at most (keys are the locale files' own, so far fewer). */
const MAX_REMEMBERED = 20_000;
const translators = new Map<string, Translate>();

/** A `{{name}}` placeholder with no format (`{{count, number}}` has one). */
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;
/** What makes a text or a value more than placeholders to fill: formats, nesting. */
const NOT_PLAIN = /\{\{|\$t\(/;
/**
 * Option names i18next reads itself (plurals, context, fallbacks, nesting...): a call
 * passing any of them goes to i18next. `count` alone has its own memo below.
 */
const I18NEXT_OPTIONS = new Set(['count', 'context', 'ordinal', 'defaultValue', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'skipInterpolation', 'replace', 'lng', 'lngs', 'fallbackLng', 'ns', 'keySeparator', 'nsSeparator', 'nest', 'appendNamespaceToMissingKey']);

/** A text split at its placeholders: literal, name, literal, name, ..., literal. */
type Template = { parts: readonly string[] } | null;

function templateOf(text: unknown): Template {
  if (typeof text !== 'string') return null;
  const parts = text.split(PLACEHOLDER);
  // Anything left that looks like a placeholder or nesting is i18next's to resolve.
  for (let index = 0; index < parts.length; index += 2) if (NOT_PLAIN.test(parts[index]!)) return null;
  return { parts };
}

/** The values to fill in when every option is a placeholder value i18next would print as is. */
function plainValuesOf(options: unknown): Record<string, string> | null {
  if (options === null || typeof options !== 'object' || Array.isArray(options) || Object.getPrototypeOf(options) !== Object.prototype) return null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(options)) {
    if (I18NEXT_OPTIONS.has(name)) return null;
    if (typeof value === 'string') {
      if (NOT_PLAIN.test(value)) return null;
      values[name] = value;
    } else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value);
    else return null;
  }
  return values;
}

function fill(template: NonNullable<Template>, values: Record<string, string>): string | null {
  const { parts } = template;
  let text = parts[0]!;
  for (let index = 1; index < parts.length; index += 2) {
    const value = values[parts[index]!];
    if (value === undefined) return null; // i18next's missing-value handling decides
    text += value + parts[index + 1]!;
  }
  return text;
}

function isCountOnly(options: unknown): options is { count: number } {
  if (options === null || typeof options !== 'object') return false;
  const { count } = options as { count?: unknown };
  return Number.isInteger(count) && Object.keys(options).length === 1;
}

/**
 * A `t` in one language whose default namespace is the first given; keys of the others
 * use `ns:key`. One per language and namespace list for the process: the resources never
 * change at run time, so i18next resolves each key (namespaces, fallbacks) once. A key asked
 * for without options (most of a page's strings) is then read from a Map; with plain
 * placeholder values (`{ date }`, `{ amount, unit }`) its text is split once at its
 * `{{name}}` placeholders and filled in; with `{ count }` alone the answer is remembered
 * per count. i18next's lookup and interpolation per call was about an eighth of /jobs'
 * server time (docs/benchmarks.md). Every other call (formats, nesting, context, returnObjects, a
 * missing value) goes to i18next; `i18n.test.ts` checks both paths agree on every key.
 */
export function getTranslator(namespaces: readonly Namespace[] = [DEFAULT_NAMESPACE], language: Language = DEFAULT_LANGUAGE): Translate {
  const id = `${language}:${namespaces.join(',')}`;
  const known = translators.get(id);
  if (known) return known;
  const fixed = instance.getFixedT(language, [...namespaces]) as unknown as (...args: unknown[]) => unknown;
  const plain = new Map<string, unknown>();
  const templates = new Map<string, Template>();
  const counted = new Map<string, unknown>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size < MAX_REMEMBERED) map.set(key, value);
    return value;
  };
  const translate = ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 1) return fixed(key, ...rest);
    if (rest.length === 0) return plain.has(key) ? plain.get(key) : remember(plain, key, fixed(key));
    const [options] = rest;
    if (isCountOnly(options)) {
      const memo = `${key}\u0000${options.count}`;
      return counted.has(memo) ? counted.get(memo) : remember(counted, memo, fixed(key, options));
    }
    const values = plainValuesOf(options);
    if (values) {
      const template = templates.has(key) ? templates.get(key)! : remember(templates, key, templateOf(fixed(key, { skipInterpolation: true })));
      const text = template && fill(template, values);
      if (text !== null && text !== undefined) return text;
    }
    return fixed(key, options);
  }) as unknown as Translate;
  translators.set(id, translate);
  return translate;
}
