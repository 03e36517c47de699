import { describe, expect, it } from 'vitest';
import { findPeriod, findSingleDate, withoutPeriod } from '../../../src/lib/cv-import/cv-dates';

const period = (line: string) => {
  const found = findPeriod(line);
  return found && { startDate: found.startDate, endDate: found.endDate, current: found.current };
};

describe('findPeriod', () => {
  it.each([
    ['Jan 2020 – Present', '2020-01-01', null, true],
    ['March 2019 - June 2021', '2019-03-01', '2021-06-01', false],
    ['03/2019 – présent', '2019-03-01', null, true],
    ['Mars 2019 - Aujourd’hui', '2019-03-01', null, true],
    ["Mars 2019 - Aujourd'hui", '2019-03-01', null, true],
    ['janv. 2020 – déc. 2021', '2020-01-01', '2021-12-01', false],
    ['sept. 2021 – à ce jour', '2021-09-01', null, true],
    ['févr. 2018 - août 2019', '2018-02-01', '2019-08-01', false],
    ['2019–2021', '2019-01-01', '2021-01-01', false],
    ['2019-03 – 2021-06', '2019-03-01', '2021-06-01', false],
    ['2019-03 – now', '2019-03-01', null, true],
    ['since 2021', '2021-01-01', null, true],
    ['Depuis janvier 2022', '2022-01-01', null, true],
    ['De janvier 2018 à mars 2020', '2018-01-01', '2020-03-01', false],
    ['2012 to 2018', '2012-01-01', '2018-01-01', false],
    ['2015 à 2019', '2015-01-01', '2019-01-01', false],
  ])('reads "%s"', (line, startDate, endDate, current) => {
    expect(period(line)).toEqual({ startDate, endDate, current });
  });

  it('finds the period inside a line and leaves the rest apart from it', () => {
    const line = 'Data Analyst, Orbit Retail (July 2016 - February 2019)';
    const found = findPeriod(line)!;
    expect(found.startDate).toBe('2016-07-01');
    expect(withoutPeriod(line, found)).toBe('Data Analyst, Orbit Retail');
    const tabbed = 'Data Engineer\tMarch 2019 - present';
    expect(withoutPeriod(tabbed, findPeriod(tabbed)!)).toBe('Data Engineer');
  });

  it('reads no period in numbers that only look like dates: phones, amounts, a year range backwards', () => {
    expect(findPeriod('+44 20 7946 0958')).toBeNull();
    expect(findPeriod('Grew monthly installs from 20k to 90k')).toBeNull();
    expect(findPeriod('2021 – 2019')).toBeNull();
  });

  it('a lone year or month is an end date (a degree awarded)', () => {
    expect(findSingleDate('MSc Computer Science, 2016')).toMatchObject({ startDate: null, endDate: '2016-01-01' });
    expect(findSingleDate('juin 2016')).toMatchObject({ endDate: '2016-06-01' });
  });
});
