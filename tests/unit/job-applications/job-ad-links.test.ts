import { describe, expect, it } from 'vitest';
import { jobAdBoardHref, jobAdStepHref, readApplicationFilters } from '../../../src/lib/job-applications/job-application-pages';

const AD = '0b6f3c6e-5d0c-4d1e-9b8a-2f4c1a7e9d10';
const STEP = '7d2e9a41-3c5b-4f60-8e12-9a0b1c2d3e4f';
const filtersOf = (href: string) => readApplicationFilters(new URL(href, 'https://talentplace.test'));

describe("links into a job ad's received applications", () => {
  it("opens the ad's board: the page reads the board view filtered to the ad", () => {
    expect(jobAdBoardHref(AD)).toBe(`/company/received-job-applications?view=board&jobAdId=${AD}`);
    expect(filtersOf(jobAdBoardHref(AD))).toMatchObject({ view: 'board', jobAdId: AD, hiringStepId: null });
  });

  it('opens the list of the ad filtered to one step (the board shows every step)', () => {
    expect(filtersOf(jobAdStepHref(AD, STEP))).toMatchObject({ view: 'list', jobAdId: AD, hiringStepId: STEP });
  });
});
