import { buildRoute } from '../routes/build-route';
import { jobSlug } from './job-slug';

/**
 * The canonical address of a job ad's public page: /job-apply/<id>/<slug of the title>
 * (the job ad page of the route table). Every link to a job page is built here, so the page's own
 * redirect to its canonical address never costs a visitor an extra hop. Without a title
 * (or one with no ASCII letter) the address is /job-apply/<id>, which the page accepts.
 */
export function jobAdPath(ad: { id: string; title?: string | null }): string {
  const slug = ad.title ? jobSlug(ad.title) : '';
  return buildRoute('jobApply', { segments: slug ? [ad.id, slug] : [ad.id] });
}
