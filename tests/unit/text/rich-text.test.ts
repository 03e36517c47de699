import { describe, expect, it } from 'vitest';
import { plainTextHtml, richTextHtml, richTextPlain } from '../../../src/lib/text/rich-text';

/** Every tag name in the HTML, to check no element but Markdown's own appears. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((match) => match[1]!.toLowerCase());
const MARKDOWN_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'em', 'strong', 'a', 'code', 'pre', 'blockquote', 'h3', 'h4', 'h5', 'h6', 'hr', 's', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

describe('rich text of job descriptions: attacks', () => {
  it('raw HTML is text: no <script>, no <img onerror>, no <iframe>', () => {
    for (const source of ['<script>alert(1)</script>', '<img src=x onerror="alert(1)">', 'Hi <iframe src="https://evil.example"></iframe>', '<a href="javascript:alert(1)">x</a>']) {
      const html = richTextHtml(source);
      expect(html).not.toMatch(/<(script|img|iframe)/i);
      expect(html).toContain('&lt;');
      // The iframe's address becomes a plain https link, the one element text may make.
      expect(tagsOf(html).filter((tag) => tag !== 'p' && tag !== 'a')).toEqual([]);
    }
    expect(richTextHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    // An HTML block (a line starting with a tag) is text too.
    expect(tagsOf(richTextHtml('<div onclick="alert(1)">\nhello\n</div>'))).not.toContain('div');
  });

  it('javascript:, vbscript:, data:, file: and relative links stay the text they were typed as', () => {
    for (const source of [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x]( javascript:alert(1) )',
      '[x](<javascript:alert(1)>)',
      '[x](&#106;avascript:alert(1))',
      '[x](java&#x73;cript:alert(1))',
      '[x](vbscript:msgbox(1))',
      '[x](data:text/html,<script>alert(1)</script>)',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](data:image/png;base64,iVBORw0KGgo=)',
      '[x](file:///etc/passwd)',
      '[x](//evil.example/path)',
      '[x](/company/dashboard)',
      '[x][ref]\n\n[ref]: javascript:alert(1)',
    ]) {
      const html = richTextHtml(source);
      expect({ source, tags: [...new Set(tagsOf(html))] }).toEqual({ source, tags: ['p'] });
      expect(html).not.toMatch(/href=/i);
    }
  });

  it('autolinks: <https://…>, bare web addresses with their scheme and mail addresses link; <javascript:…> does not', () => {
    expect(richTextHtml('<https://example.com/a>')).toBe('<p><a href="https://example.com/a" rel="nofollow ugc noopener" target="_blank">https://example.com/a</a></p>\n');
    expect(richTextHtml('See https://example.com/jobs today')).toContain('<a href="https://example.com/jobs" rel="nofollow ugc noopener" target="_blank">https://example.com/jobs</a>');
    // Without a scheme a name is a name (linkify-it's default): "Node.js" must not become a link.
    expect(richTextHtml('We use Node.js and www.example.com')).not.toMatch(/href=/);
    expect(richTextHtml('Write to jobs@northwind.example')).toContain('<a href="mailto:jobs@northwind.example" rel="nofollow ugc noopener">jobs@northwind.example</a>');
    expect(richTextHtml('<javascript:alert(1)>')).not.toMatch(/href=/i);
    expect(richTextHtml('<data:text/html,x>')).not.toMatch(/href=/i);
  });

  it('images are never loaded: an image is its alternative text, a tracking pixel nothing', () => {
    expect(richTextHtml('![Our office](https://tracker.example/p.gif)')).toBe('<p>Our office</p>\n');
    expect(richTextHtml('Hello ![](https://tracker.example/p.gif?u=1)')).toBe('<p>Hello </p>\n');
    expect(richTextHtml('![<b>x</b>][pic]\n\n[pic]: https://tracker.example/p.gif')).not.toMatch(/<img|<b>|tracker/);
    expect(richTextHtml('[![logo](https://tracker.example/l.png)](https://northwind.example)')).toBe(
      '<p><a href="https://northwind.example" rel="nofollow ugc noopener" target="_blank">logo</a></p>\n',
    );
  });

  it('HTML entities are decoded and written back escaped, never as markup', () => {
    expect(richTextHtml('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &copy; &#60;b&#62;')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; © &lt;b&gt;</p>\n');
  });

  it('link titles, code and code block languages are escaped', () => {
    expect(richTextHtml('[x](https://example.com "a\\" onmouseover=\\"alert(1)")')).toContain('title="a&quot; onmouseover=&quot;alert(1)"');
    expect(richTextHtml('`<script>`')).toBe('<p><code>&lt;script&gt;</code></p>\n');
    expect(richTextHtml('```"><script>\nx\n```')).not.toContain('<script>');
  });
});

describe('rich text of job descriptions: what Markdown renders', () => {
  it('headings start at h3 so a writer never makes a second page title; deeper ones stop at h6', () => {
    expect(richTextHtml('# About us\n\n## The team\n\n### Stack\n\n#### Deep\n\n###### Deepest')).toBe(
      '<h3>About us</h3>\n<h4>The team</h4>\n<h5>Stack</h5>\n<h6>Deep</h6>\n<h6>Deepest</h6>\n',
    );
    expect(richTextHtml('Title\n=====')).toBe('<h3>Title</h3>\n');
  });

  it('headings skip no level: a description that starts deep, or jumps, is drawn one level down at most', () => {
    expect(richTextHtml('#### What you do\n\ntext\n\n#### What you bring')).toBe('<h3>What you do</h3>\n<p>text</p>\n<h3>What you bring</h3>\n');
    expect(richTextHtml('# Role\n\n#### Detail\n\n## Team')).toBe('<h3>Role</h3>\n<h4>Detail</h4>\n<h4>Team</h4>\n');
  });

  it('lists, emphasis, links and quotes render', () => {
    expect(richTextHtml('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
    expect(richTextHtml('1. first\n2. second')).toBe('<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n');
    expect(richTextHtml('*really* **important** ~~old~~')).toBe('<p><em>really</em> <strong>important</strong> <s>old</s></p>\n');
    expect(richTextHtml('[our site](https://northwind.example/jobs?a=1&b=2)')).toBe(
      '<p><a href="https://northwind.example/jobs?a=1&amp;b=2" rel="nofollow ugc noopener" target="_blank">our site</a></p>\n',
    );
    expect(richTextHtml('[mail us](mailto:jobs@northwind.example)')).toBe('<p><a href="mailto:jobs@northwind.example" rel="nofollow ugc noopener">mail us</a></p>\n');
    expect(richTextHtml('> quoted')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n');
  });

  it('the plain descriptions written before Markdown read as typed: paragraphs, bullet lists, line breaks', () => {
    const seeded = 'We are hiring.\n\nWhat you will do:\n- Build the checkout\n- Review code\n\nApply with your profile.\nWe answer within a week.';
    expect(richTextHtml(seeded)).toBe(
      '<p>We are hiring.</p>\n<p>What you will do:</p>\n<ul>\n<li>Build the checkout</li>\n<li>Review code</li>\n</ul>\n<p>Apply with your profile.<br>\nWe answer within a week.</p>\n',
    );
    expect(tagsOf(richTextHtml(seeded)).every((tag) => MARKDOWN_TAGS.has(tag))).toBe(true);
  });
});

describe('text that is not Markdown as HTML', () => {
  it('is one escaped paragraph, its Markdown signs kept as typed', () => {
    expect(plainTextHtml('# C++ <Lead> & *co*')).toBe('<p># C++ &lt;Lead&gt; &amp; *co*</p>\n');
  });
});

describe('rich text as plain text (meta descriptions, cards)', () => {
  it('keeps the words and drops the markup, on one line', () => {
    expect(richTextPlain('# About\n\nWe **build** [shops](https://x.example).\n\n- one\n- `two`\n\n![office](https://t.example/p.gif)')).toBe('About We build shops. one two office');
  });

  it('is text, not HTML: typed markup stays characters for the writer out to escape', () => {
    expect(richTextPlain('<script>alert(1)</script> &amp;')).toBe('<script>alert(1)</script> &');
  });

  it('cuts at a word boundary with an ellipsis, within maxLength', () => {
    const cut = richTextPlain('Senior developer wanted for our growing platform team.', 30);
    expect(cut).toBe('Senior developer wanted for…');
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(richTextPlain('Short text.', 30)).toBe('Short text.');
    expect(richTextPlain('Unbreakablewordthatgoesonandon', 10)).toBe('Unbreakab…');
  });
});
