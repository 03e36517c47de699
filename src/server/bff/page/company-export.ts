import type { APIContext } from 'astro';
import type { SendGraphql } from '../../../lib/graphql/send-document';
import { permitsPage } from '../../../lib/permissions/effective-permissions';
import { buildRoute } from '../../../lib/routes/build-route';
import { findRouteByKey } from '../../../lib/routes/route-table';
import { pageGraphql } from './page-forms';

/**
 * The start of a file export beside a company page (`/company/x.csv` next to
 * `/company/x`). Signed-in is the middleware's concern (it guards everything under
 * /company/, these endpoints too); the page's permissions are checked here as the route
 * guard checks them for the page. Anything that is not a file to hand over (no company
 * selected, no permission, and whatever the caller finds wrong with the request) goes
 * back to the page with the same address, which says what is wrong or answers 403.
 */
export function companyExportRequest(context: APIContext, routeKey: string): { send: SendGraphql; backToPage: () => Response } | Response {
  const backToPage = () => context.redirect(`${buildRoute(routeKey)}${context.url.search}`, 303);
  const selected = context.locals.selectedCompany;
  if (!selected || !permitsPage(findRouteByKey(routeKey)?.permissions, selected.permissions)) return backToPage();
  return { send: pageGraphql(context), backToPage };
}
