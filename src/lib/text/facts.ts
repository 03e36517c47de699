// Facts a page shows beside its own words: people's words (a company's name, a place, a job
// title) are marked as theirs when drawn (components/ui/FactLine.astro), so that translators
// leave them alone and the pseudo-locale crawl knows them (docs/french.md).

/** One fact: the page's words as a string, people's words as { theirs }; empty ones are left out. */
export type Fact = string | { theirs: string } | null | undefined | false;

/** People's words as a fact: none when there are none. */
export const theirs = (value: string | null | undefined): Fact => (value ? { theirs: value } : null);

/** People's words, or the page's words when there are none ("Not set"). */
export const theirsOr = (value: string | null | undefined, otherwise: string): Fact => (value ? { theirs: value } : otherwise);
