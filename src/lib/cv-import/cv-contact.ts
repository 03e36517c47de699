import { fold } from './cv-sections';

// Who the CV is about and how to reach her, from its top lines (and a "Contact" section):
// the name, the job title under it, an e-mail address, a phone number, a city and links
// (LinkedIn, GitHub, a website). Contact lines are split on the separators people put
// between details (·, |, •, a tab) and each piece is read on its own.

export interface CvLink {
  label: string;
  url: string;
}

export interface CvContact {
  profileName: string | null;
  jobTitle: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  links: CvLink[];
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d(?:[\s.-]?\d){6,14}/u;
/** An address with a scheme or www., a known profile host, or a bare domain with a common ending. */
const URL_PATTERN =
  /\b(?:https?:\/\/[^\s|·•,;]+|www\.[^\s|·•,;]+|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|fr|de|ch|co|uk|eu|me|app|design|info|be|nl|it|es|ie)(?![\w-])(?:\/[^\s|·•,;]*)?)/iu;
const SEPARATORS = /\s*[\t|·•]\s*|\s{2,}| +[–—] +/u;
const LABEL = /^(e-?mail|courriel|mail|phone|tel|tél|téléphone|telephone|mobile|portable|cell|location|address|adresse|ville|city|based in|localisation|lieu|linkedin|github|website|site web|site|portfolio|web)\.?\s*:\s*/iu;
const PLACE_LABELS = new Set(['location', 'address', 'adresse', 'ville', 'city', 'based in', 'localisation', 'lieu']);

const NAME_WORD = /^[\p{Lu}][\p{L}'’.-]*$/u;

function phoneIn(text: string): string | null {
  const match = PHONE.exec(text);
  if (!match) return null;
  const digits = match[0].replace(/\D/g, '');
  // A period ("2019-2021") has the digits of a phone number, not its shape.
  if (digits.length < 8 || digits.length > 15 || /^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}$/.test(match[0])) return null;
  return match[0].trim();
}

/** A contact piece that is a domain on its own ("jane.design", "jane.dev/work"): a website, whatever its ending. */
const BARE_DOMAIN = /^(?:[a-z0-9-]+\.)+[a-z]{2,12}(?:\/\S*)?$/iu;

function linkOf(text: string): CvLink | null {
  const match = URL_PATTERN.exec(text) ?? BARE_DOMAIN.exec(text.trim());
  if (!match || EMAIL.test(text)) return null;
  const raw = match[0].replace(/[).,;]+$/, '');
  const url = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  const host = fold(url.replace(/^https?:\/\/(www\.)?/i, '').split('/')[0] ?? '');
  const label = host.includes('linkedin.') ? 'LinkedIn' : host.includes('github.') ? 'GitHub' : host.includes('gitlab.') ? 'GitLab' : host.includes('behance.') ? 'Behance' : host.includes('dribbble.') ? 'Dribbble' : 'Website';
  return { label, url };
}

/** A person's name as written on a CV: two to four capitalized words, no digits; all-caps words get their usual case. */
export function nameOf(text: string): string | null {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || !words.every((word) => NAME_WORD.test(word))) return null;
  return words
    .map((word) => (word === word.toUpperCase() && word.length > 1 ? word.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()) : word))
    .join(' ');
}

/** A place as CVs write one: "Lyon", "Lyon, France", "San Francisco, CA": words without digits or @, at most five. */
function placeOf(text: string): string | null {
  const value = text.trim().replace(/^\d{4,5}\s+/, '');
  if (!/^[\p{L}][\p{L}'’. -]*(?:, ?[\p{L}][\p{L}'’. -]*)?$/u.test(value) || value.split(/\s+/).length > 5) return null;
  return value;
}

/** A line that holds a contact detail rather than a name or a title. */
function isContactLine(line: string): boolean {
  return EMAIL.test(line) || phoneIn(line) !== null || linkOf(line) !== null || LABEL.test(line);
}

/**
 * The contact details of a CV: `header` is what comes before the first heading, `contact`
 * the lines of a "Contact" section (a sidebar's), if any.
 */
export function readContact(header: readonly string[], contact: readonly string[]): CvContact {
  const result: CvContact = { profileName: null, jobTitle: null, email: null, phone: null, location: null, links: [] };
  // The name: the first header line that is one, or starts with one before a separator ("JANE DOE — Designer").
  // "Jane Doe, Designer" too: a comma after the name.
  const split = (line: string) => line.split(line.split(SEPARATORS).length > 1 ? SEPARATORS : /\s*,\s+/u);
  const nameAt = header.findIndex((line) => !isContactLine(line) && nameOf(split(line)[0] ?? '') !== null);
  if (nameAt >= 0) {
    const [first = '', ...rest] = split(header[nameAt]!);
    result.profileName = nameOf(first);
    if (rest.length > 0) result.jobTitle = rest.join(' ').trim() || null;
    const next = header[nameAt + 1];
    if (!result.jobTitle && next && !isContactLine(next) && next.length <= 120 && !/[.!?]$/.test(next)) result.jobTitle = next;
  }
  const lines = [...header.filter((line) => isContactLine(line)), ...contact];
  const seen = new Set<string>();
  for (const line of lines) {
    const labeled = LABEL.exec(line);
    const label = labeled ? fold(labeled[1]!) : null;
    const pieces = (labeled ? line.slice(labeled[0].length) : line).split(SEPARATORS).map((piece) => piece.trim()).filter(Boolean);
    for (const piece of pieces) {
      const email = EMAIL.exec(piece)?.[0];
      if (email) {
        result.email ??= email;
        continue;
      }
      const link = linkOf(piece);
      if (link) {
        if (!seen.has(link.url.toLowerCase())) result.links.push(link);
        seen.add(link.url.toLowerCase());
        continue;
      }
      const phone = phoneIn(piece);
      if (phone) {
        result.phone ??= phone;
        continue;
      }
      if (!result.location && (label === null || PLACE_LABELS.has(label))) result.location = label ? piece : placeOf(piece);
    }
  }
  return result;
}
