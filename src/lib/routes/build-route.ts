import { findRouteByKey } from './route-table';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface BuildRouteOptions {
  segments?: Array<string | number>;
  query?: Record<string, QueryValue>;
}

const HOME_PATH = '/';

function isEmpty(value: unknown): value is '' | null | undefined {
  return value === '' || value === null || value === undefined;
}

function joinSegments(basePath: string, segments: ReadonlyArray<string | number>): string {
  if (segments.length === 0) return basePath;
  const encoded = segments.map((segment) => encodeURIComponent(String(segment))).join('/');
  // The home path already ends with a slash; adding another would give '//x'.
  return basePath.endsWith('/') ? `${basePath}${encoded}` : `${basePath}/${encoded}`;
}

function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (isEmpty(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) {
        if (!isEmpty(item)) params.append(name, String(item));
      }
      continue;
    }
    params.append(name, String(value));
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Route building: base path + optional segments + optional query. */
export function buildRoute(key: string, options: BuildRouteOptions = {}): string {
  const route = findRouteByKey(key);
  // An unknown key must not leak its segments or query onto the home page.
  if (!route) return HOME_PATH;
  const path = joinSegments(route.path, options.segments ?? []);
  return `${path}${toQueryString(options.query ?? {})}`;
}
