import { richTextHtml, richTextPlain } from '../text/rich-text';
import type { JobAdDetail } from './job-queries';

type JobAdTexts = Pick<JobAdDetail, 'adDescription' | 'description'>;

/** The ad's own words (adDescription), then the job's description: both Markdown, either may be missing. */
const textsOf = (ad: JobAdTexts) => [ad.adDescription, ad.description].filter((text): text is string => Boolean(text?.trim()));

/**
 * The ad's text as safe HTML, what the job page shows and the JobPosting gives Google
 * (which wants the full description, in HTML, matching the page). Each part is rendered
 * on its own, so an unclosed code block in one cannot swallow the other. Null without text.
 */
export function jobAdTextHtml(ad: JobAdTexts): string | null {
  const texts = textsOf(ad);
  return texts.length ? texts.map(richTextHtml).join('') : null;
}

/** The ad's text as one line of plain text, for the page's meta description; null without text. */
export function jobAdTextPlain(ad: JobAdTexts, maxLength: number): string | null {
  const texts = textsOf(ad);
  return texts.length ? richTextPlain(texts.join('\n\n'), maxLength) : null;
}
