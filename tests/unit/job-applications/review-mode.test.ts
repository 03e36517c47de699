import { describe, expect, it } from 'vitest';
import { readApplicationFilters } from '../../../src/lib/job-applications/job-application-pages';
import { reviewBackHref, reviewPosition } from '../../../src/lib/job-applications/review-mode';

const applied = { id: 's1', stepName: 'Applied', order: 1 };
const screening = { id: 's2', stepName: 'Screening', order: 2 };
const item = (id: string, hiringStep: typeof applied) => ({ id, hiringStep });
const AD = '11111111-1111-4111-8111-111111111111';

describe('review mode steps through the applications the filters show, in the order they are shown', () => {
  const items = [item('a', screening), item('b', applied), item('c', screening)];

  it('on a board, column by column in pipeline order', () => {
    const position = reviewPosition(items, 'a', { steps: [applied, screening] });
    expect(position).toEqual({ place: 2, total: 3, previous: items[1], next: items[2] });
  });

  it('in the list, as sorted; the first has no previous, the last no next', () => {
    expect(reviewPosition(items, 'a', null)).toMatchObject({ place: 1, previous: null, next: items[1] });
    expect(reviewPosition(items, 'c', null)).toMatchObject({ place: 3, next: null });
  });

  it('offers no neighbours for an application the filters no longer show', () => {
    expect(reviewPosition(items, 'gone', null)).toBeNull();
  });

  it('goes back to the board at the card it was reviewing', () => {
    const filters = readApplicationFilters(new URL(`https://x.test/?view=board&jobAdId=${AD}`));
    expect(reviewBackHref('abc', filters)).toBe(`/company/received-job-applications?view=board&jobAdId=${AD}#application-abc`);
  });
});
