import { buildRoute } from '../routes/build-route';
import type { ApplicationFilters } from './job-application-pages';

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
