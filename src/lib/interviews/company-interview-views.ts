// The views of the company's interviews page: what needs doing this week, what waits for a
// time, what waits for scorecards. The first is the default.
export const COMPANY_INTERVIEW_PAGE_VIEWS = ['THIS_WEEK', 'TO_SCHEDULE', 'AWAITING_FEEDBACK'] as const;
export type CompanyInterviewPageView = (typeof COMPANY_INTERVIEW_PAGE_VIEWS)[number];

export const INTERVIEWS_PER_PAGE = 20;

/** The view the address names (?view=to-schedule), else this week's. */
export function readInterviewView(url: URL): CompanyInterviewPageView {
  const named = (url.searchParams.get('view') ?? '').toUpperCase().replace(/-/g, '_');
  return (COMPANY_INTERVIEW_PAGE_VIEWS as readonly string[]).includes(named) ? (named as CompanyInterviewPageView) : 'THIS_WEEK';
}

/** How a view is written in the address: this-week, to-schedule, awaiting-feedback. */
export const viewParam = (view: CompanyInterviewPageView) => view.toLowerCase().replace(/_/g, '-');
