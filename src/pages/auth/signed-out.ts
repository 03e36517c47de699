import type { APIRoute } from 'astro';

/**
 * Where the provider returns the browser after sign-out. Clear-Site-Data wipes local
 * storage (the items logout clears: user, mySkillsSearch and personalizedSearch) and caches.
 */
export const GET: APIRoute = () =>
  new Response(null, {
    status: 303,
    headers: { location: '/', 'clear-site-data': '"cache", "storage"', 'cache-control': 'no-store' },
  });
