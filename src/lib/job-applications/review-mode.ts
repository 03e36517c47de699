import { buildRoute } from '../routes/build-route';
import { applicationCardId } from './card-actions';
import type { ApplicationFilters } from './job-application-pages';
import { boardColumns } from './pipeline';

// Review mode: one application at a time (its own page), with previous and next within the
// board's or the list's current filters, which its address carries.

/** The filters' part of an address: only what is set, as the list writes it. */
export function filterQuery(filters: ApplicationFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.view === 'board') query.view = 'board';
  if (filters.jobAdId) query.jobAdId = filters.jobAdId;
  if (filters.hiringStepId && filters.view !== 'board') query.hiringStepId = filters.hiringStepId;
  if (filters.q) query.q = filters.q;
  if (filters.appliedFrom) query.appliedFrom = filters.appliedFrom;
  if (filters.appliedTo) query.appliedTo = filters.appliedTo;
  if (filters.stuckOnly) query.stuck = 'yes';
  if (filters.sort !== 'NEWEST') query.sort = filters.sort;
  return query;
}

/** An application's page, reviewed within these filters. */
export const reviewHref = (applicationId: string, filters: ApplicationFilters) => buildRoute('companyJobApplication', { query: { id: applicationId, ...filterQuery(filters) } });

/** The keys of review mode, each on the control it reaches (aria-keyshortcuts) and listed on the page. */
export const REVIEW_SHORTCUTS = { previous: 'k', next: 'j', move: 'm', reject: 'r', note: 'n' } as const;
export type ReviewAction = keyof typeof REVIEW_SHORTCUTS;

export interface ReviewPosition<Item> {
  /** 1-based place of the application among those the filters show. */
  place: number;
  total: number;
  previous: Item | null;
  next: Item | null;
}

/**
 * Where an application stands among those its filters show, in the order they are shown:
 * on a board column by column (pipeline order), in the list as sorted. Null when the
 * filters no longer show it (moved out of a filtered step): the page then offers none.
 */
export function reviewPosition<Item extends { id: string; hiringStep: { id: string; stepName: string; order: number } | null }>(
  items: readonly Item[],
  id: string,
  board: { steps: readonly { id: string; stepName: string }[] | null } | null,
): ReviewPosition<Item> | null {
  const ordered = board ? boardColumns(board.steps, items).flatMap((column) => column.items) : [...items];
  const index = ordered.findIndex((item) => item.id === id);
  if (index < 0) return null;
  return { place: index + 1, total: ordered.length, previous: ordered[index - 1] ?? null, next: ordered[index + 1] ?? null };
}

/** The board or list the review came from, at the application's card. */
export function reviewBackHref(applicationId: string, filters: ApplicationFilters): string {
  return `${buildRoute('companyReceivedJobApplications', { query: filterQuery(filters) })}#${applicationCardId(applicationId)}`;
}
