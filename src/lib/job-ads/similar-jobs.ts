import { MAX_QUERY_LENGTH } from './search-params';

/** How many similar open ads a closed ad's page lists. */
export const SIMILAR_JOBS_SHOWN = 5;

// Title words that say nothing about the work itself.
const FILLER_WORDS = new Set(['and', 'for', 'the', 'with', 'our', 'you', 'junior', 'senior', 'lead', 'principal', 'head', 'mid', 'level', 'remote', 'hybrid', 'onsite']);

/** A term as plain words: no quote, leading '-' or 'or' the search syntax would read. */
function plainWords(text: string): string {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && word.toLowerCase() !== 'or')
    .join(' ');
}

/**
 * The public jobAds search for ads like this one (a closed ad's page offers
 * similar open ads): its skills, then the telling words of its title, any one of them
 * enough ("a or b", which the search reads as OR), in the skills and title fields, most
 * relevant first. One more than shown, since the ad itself could be among them. Null when
 * the ad has nothing to search by; the newest ads stand in then.
 */
export function similarJobsSearch(ad: { title: string; skills: readonly string[] }) {
  const titleWords = ad.title.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3 && !FILLER_WORDS.has(word.toLowerCase()));
  const seen = new Set<string>();
  const terms: string[] = [];
  let length = 0;
  for (const term of [...ad.skills, ...titleWords].map(plainWords)) {
    const key = term.toLowerCase();
    if (!term || seen.has(key)) continue;
    const added = (terms.length ? ' or '.length : 0) + term.length;
    if (length + added > MAX_QUERY_LENGTH) break;
    seen.add(key);
    terms.push(term);
    length += added;
  }
  if (!terms.length) return null;
  return { q: terms.join(' or '), queryBy: ['skills', 'title'], perPage: SIMILAR_JOBS_SHOWN + 1 };
}

/** The newest open ads, for topping up a short list of similar ones. */
export const NEWEST_JOBS_SEARCH = { sortBy: 'publishedAt:desc', perPage: SIMILAR_JOBS_SHOWN + 1 };

/**
 * Up to SIMILAR_JOBS_SHOWN ads: the similar ones first, then the newest, never the closed
 * ad itself and never one ad twice.
 */
export function pickSimilarJobs<T extends { id: string }>(excludeId: string, similar: readonly T[], newest: readonly T[]): T[] {
  const picked: T[] = [];
  const ids = new Set([excludeId]);
  for (const ad of [...similar, ...newest]) {
    if (picked.length === SIMILAR_JOBS_SHOWN) break;
    if (ids.has(ad.id)) continue;
    ids.add(ad.id);
    picked.push(ad);
  }
  return picked;
}
