import { displayDate } from '../forms/date-input';
import type { Language } from '../i18n/namespaces';
import type { SectionSpec } from './profile-sections';
import { isHttpUrl } from './talent-profile-input';

export interface EntrySummary {
  /** First date of the entry (start, issued) in the language, or ''. */
  from: string;
  /** Second date (end, expiry) in the language, or ''. */
  to: string;
  /** A current position: no end. */
  current: boolean;
  /** The entry's web address when it is one a browser may open. */
  url: string | null;
}

/**
 * What an entry of a list section reads like, shown above its fields: its period in the
 * language and its address as a link. Null when there is nothing to show.
 */
export function entrySummary(section: SectionSpec, row: Record<string, string>, language: Language): EntrySummary | null {
  const [fromSpec, toSpec] = section.fields.filter((spec) => spec.kind === 'date');
  const urlSpec = section.fields.find((spec) => spec.kind === 'url');
  const summary: EntrySummary = {
    from: fromSpec ? displayDate(row[fromSpec.name]?.trim(), language) : '',
    to: toSpec ? displayDate(row[toSpec.name]?.trim(), language) : '',
    current: row.current === 'on',
    url: urlSpec && isHttpUrl(row[urlSpec.name]?.trim() ?? '') ? row[urlSpec.name]!.trim() : null,
  };
  return summary.from || summary.to || summary.current || summary.url ? summary : null;
}
