// The period of a job or a degree as CVs write it, in English and French: "Jan 2020 –
// Present", "March 2019 - June 2021", "03/2019 – présent", "Mars 2019 - Aujourd'hui",
// "janv. 2020 – déc. 2021", "2019–2021", "2019-03 – 2021-06", "since 2021", "Depuis
// janvier 2022", "De janvier 2018 à mars 2020". The profile keeps dates as yyyy-mm-dd, so a
// month reads as its first day and a year alone as its January 1st.

export interface CvPeriod {
  startDate: string | null;
  endDate: string | null;
  /** Still there ("present", "depuis"): no end date then. */
  current: boolean;
  /** Where the period is written in the line, so the rest of the line can be read apart from it. */
  index: number;
  length: number;
}

const MONTH_WORDS: ReadonlyArray<readonly [pattern: string, month: number]> = [
  ['jan(?:uary|v(?:ier)?)?', 1],
  ['f(?:eb(?:ruary)?|[ée]v(?:r(?:ier)?)?)', 2],
  ['mar(?:ch|s)?', 3],
  ['a(?:pr(?:il)?|vr(?:il)?)', 4],
  ['ma(?:y|i)', 5],
  ['ju(?:ne?|in)', 6],
  ['ju(?:ly?|il(?:let)?)', 7],
  ['a(?:ug(?:ust)?|o[ûu]t?)', 8],
  ['sep(?:t(?:ember|embre)?)?', 9],
  ['oct(?:ober|obre)?', 10],
  ['nov(?:ember|embre)?', 11],
  ['d(?:ec(?:ember)?|[ée]c(?:embre)?)', 12],
];

const MONTH = `(?:${MONTH_WORDS.map(([pattern]) => pattern).join('|')})\\.?`;
const YEAR = '(?:19[5-9]\\d|20[0-4]\\d)';
/** One point in time: a month and year in words or digits, or a year. */
const POINT = `(?:${MONTH}\\s+${YEAR}|(?:0?[1-9]|1[0-2])[/.]${YEAR}|${YEAR}-(?:0[1-9]|1[0-2])(?!\\d)|${YEAR})`;
const NOW = "(?:present|présent|current|currently|now|today|to date|ongoing|aujourd['’]hui|à ce jour|a ce jour|en cours|actuellement|actuel)";
// Words need spaces around them: \b knows no accented letter (à).
const SEPARATOR = "(?:\\s*[-–—‒]\\s*|\\s+(?:to|until|till|à|au|jusqu['’](?:à|en|au))\\s+)";
const FROM = '(?:\\b(?:from|de|du|dès)\\s+)?';

const RANGE = new RegExp(`${FROM}(?<!\\p{L})(${POINT})${SEPARATOR}(${POINT}|${NOW})(?!\\p{L}|\\d)`, 'iu');
const SINCE = new RegExp(`\\b(?:since|depuis)\\s+(?:(?:le|la|l['’])\\s*)?(${POINT})(?!\\d)`, 'iu');
const SINGLE = new RegExp(`(?<![\\p{L}\\d])(${POINT})(?![\\p{L}\\d])`, 'iu');
const NOW_ONLY = new RegExp(`^${NOW}$`, 'iu');

/** A point as yyyy-mm-dd (the first day of its month, or of its year), or null. */
export function pointDate(text: string): string | null {
  const value = text.trim();
  const inWords = new RegExp(`^(${MONTH})\\s+(${YEAR})$`, 'iu').exec(value);
  if (inWords) {
    const word = inWords[1]!.replace(/\.$/, '');
    const month = MONTH_WORDS.find(([pattern]) => new RegExp(`^(?:${pattern})$`, 'iu').test(word))?.[1];
    return month ? `${inWords[2]}-${String(month).padStart(2, '0')}-01` : null;
  }
  const numeric = /^(\d{1,2})[/.](\d{4})$/.exec(value);
  if (numeric) return `${numeric[2]}-${numeric[1]!.padStart(2, '0')}-01`;
  const isoMonth = /^(\d{4})-(\d{2})$/.exec(value);
  if (isoMonth) return `${isoMonth[1]}-${isoMonth[2]}-01`;
  return /^\d{4}$/.test(value) ? `${value}-01-01` : null;
}

/** The first period written in a line ("Jan 2020 – Present", "since 2021"), or null. */
export function findPeriod(line: string): CvPeriod | null {
  const range = RANGE.exec(line);
  if (range) {
    const end = range[2]!;
    const current = NOW_ONLY.test(end.trim());
    const startDate = pointDate(range[1]!);
    const endDate = current ? null : pointDate(end);
    // "2021 – 2019" is a typo or a list, not a period.
    if (startDate && (current || (endDate && endDate >= startDate))) return { startDate, endDate, current, index: range.index, length: range[0].length };
  }
  const since = SINCE.exec(line);
  if (since) return { startDate: pointDate(since[1]!), endDate: null, current: true, index: since.index, length: since[0].length };
  return null;
}

/** A lone date ("2016", "June 2016"): when a degree was awarded. Read as an end date. */
export function findSingleDate(line: string): CvPeriod | null {
  const single = SINGLE.exec(line);
  if (!single) return null;
  return { startDate: null, endDate: pointDate(single[1]!), current: false, index: single.index, length: single[0].length };
}

/** The line without its period, and without the separators left dangling around it. */
export function withoutPeriod(line: string, period: CvPeriod): string {
  return `${line.slice(0, period.index)}\t${line.slice(period.index + period.length)}`
    .replace(/[(\[]\s*\t\s*[)\]]/g, '\t')
    .split('\t')
    .map((part) => part.replace(/^[\s,;:|·•–—-]+|[\s,;:|·•–—(-]+$/gu, ''))
    .filter((part) => part !== '')
    .join('\t');
}
