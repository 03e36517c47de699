import { defineMiddleware, sequence } from 'astro:middleware';
import { getTranslator } from './lib/i18n/i18n';
import { namespacesForPath } from './lib/i18n/namespaces';
import { findRouteByPath } from './lib/routes/route-table';

/** Gives each request its route-table entry and a translator for its namespaces. */
const routeAndTranslator = defineMiddleware((context, next) => {
  const { pathname } = context.url;
  context.locals.route = findRouteByPath(pathname);
  context.locals.t = getTranslator(namespacesForPath(pathname));
  return next();
});

export const onRequest = sequence(routeAndTranslator);
