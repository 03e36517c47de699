import MarkdownIt, { type Token } from 'markdown-it';

// Job descriptions are Markdown written by companies and shown to everyone, so the output
// may hold only what Markdown itself makes:
// - raw HTML is off (`html: false`): `<script>` or `<img onerror>` arrive as text;
// - links go to http, https and mailto only: anything else (javascript:, data:, vbscript:,
//   relative or protocol-relative addresses) stays the text it was typed as;
// - images are never loaded: a writer must not hotlink trackers into our pages, so an
//   image is shown as its alternative text;
// - headings start at h3 and skip no level: the page has its h1 (the title) and the
//   section's h2, so a writer's `#` may not become a second page title.
// Line breaks are kept (`breaks`): descriptions are typed in a textarea, where a new line
// means one, and the plain-text descriptions written before Markdown read as typed.
const markdown = new MarkdownIt('default', { html: false, linkify: true, breaks: true, typographer: false });

const SAFE_LINK = /^(https?:\/\/|mailto:)/;

/** markdown-it asks this of every address after decoding its entities, so `&#106;avascript:` is caught too. */
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim().toLowerCase());

/**
 * A heading's level on the page: one below the nearest earlier heading the writer made
 * shallower (the section's h2 to begin with), at most h6. So `#` is h3, `##` under it h4,
 * and no level is ever skipped, as HTML's outline asks: a description written with only
 * `####` gets h3 headings, not h6 ones after the section's h2.
 */
const SECTION_HEADING = { written: 0, drawn: 2 };
markdown.core.ruler.push('shift_headings', (state) => {
  const outline = [SECTION_HEADING];
  let drawn = SECTION_HEADING.drawn;
  for (const token of state.tokens) {
    if (token.type === 'heading_open') {
      const written = Number(token.tag.slice(1));
      while (outline.length > 1 && outline.at(-1)!.written >= written) outline.pop();
      drawn = Math.min(6, outline.at(-1)!.drawn + 1);
      outline.push({ written, drawn });
      token.tag = `h${drawn}`;
    } else if (token.type === 'heading_close') {
      token.tag = `h${drawn}`;
    }
  }
});

// Web links open beside the job page (as the company's website link on it does): rel keeps
// the opened page from reaching back (noopener) and tells search engines the writer, not
// we, vouches for it (nofollow ugc). A mail link opens the mail program, so no target.
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.attrSet('rel', 'nofollow ugc noopener');
  if (!String(token.attrGet('href') ?? '').toLowerCase().startsWith('mailto:')) token.attrSet('target', '_blank');
  return self.renderToken(tokens, index, options);
};

markdown.renderer.rules.image = (tokens, index) => markdown.utils.escapeHtml(plainInline(tokens[index]!.children ?? []));

function plainInline(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'text' || token.type === 'code_inline') return token.content;
      if (token.type === 'softbreak' || token.type === 'hardbreak') return ' ';
      if (token.type === 'image') return plainInline(token.children ?? []);
      return '';
    })
    .join('');
}

/** A description's Markdown as safe HTML, for `set:html` and for the JobPosting description. */
export function richTextHtml(source: string): string {
  return markdown.render(source);
}

/** Text that is not Markdown (a title) as an HTML paragraph, escaped like everything above. */
export function plainTextHtml(text: string): string {
  return `<p>${markdown.utils.escapeHtml(text)}</p>\n`;
}

/**
 * A description's Markdown as one line of plain text (a meta description, a card):
 * the words without the markup, cut at a word boundary with "…" beyond maxLength.
 * It is text, not HTML: whoever writes it out escapes it (Astro does).
 */
export function richTextPlain(source: string, maxLength = Number.POSITIVE_INFINITY): string {
  const blocks: string[] = [];
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'inline') blocks.push(plainInline(token.children ?? []));
    else if (token.type === 'fence' || token.type === 'code_block') blocks.push(token.content);
  }
  const text = blocks.join(' ').replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, Math.max(0, maxLength - 1));
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
