import { buildRoute } from '../routes/build-route';

/** The element id of one application on the applied jobs page. */
export const applicationAnchor = (id: string): string => `application-${id}`;

/**
 * Where a talent reads one of her applications: its entry on the applied jobs page (newest
 * first, so a recent one is on the page the link opens), with its step and the company's
 * reason. Never the job ad, whose public page answers 410 once the ad is closed.
 */
export const applicationHref = (id: string): string => `${buildRoute('talentAppliedJobs')}#${applicationAnchor(id)}`;
