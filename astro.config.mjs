// @ts-check
import { randomBytes } from 'node:crypto';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { interactionDirective } from './src/integrations/interaction-directive.ts';
import { islandStylesInStylesheet } from './src/integrations/island-styles.ts';
import { reactIslandTags } from './src/integrations/react-island-tags.ts';
import { MAX_REQUEST_BODY_BYTES } from './src/lib/uploads/upload-rules.ts';
import { FIXED_DIRECTIVES, SCRIPT_SOURCES, STYLE_SOURCES, trackerDirectives } from './src/lib/http/content-security-policy.ts';

// Every page carries this id; the version check compares it with the live home page.
const buildId = process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

export default defineConfig({
  output: 'server',
  // Middleware mode: src/server/main.ts owns the HTTP server and hands its single
  // instances (database, API, identity provider) to Astro as `locals`.
  // Bodies without a Content-Length (which main.ts refuses early) stop at this size too.
  // Pages are rendered whole, then sent (no streaming, here and for React islands): every
  // page awaits its data in its frontmatter, so streaming sent nothing earlier, and it cost
  // an async iterable, a stream and one socket write per chunk (about 5 % of a guest
  // /jobs's CPU); a page that fails while rendering now answers with the error page
  // instead of a 200 cut short.
  adapter: node({ mode: 'middleware', bodySizeLimit: MAX_REQUEST_BODY_BYTES, experimentalDisableStreaming: true }),
  integrations: [react({ experimentalDisableStreaming: true }), interactionDirective(), reactIslandTags(), islandStylesInStylesheet()],
  server: { port: 4321 },
  devToolbar: { enabled: false },
  prefetch: false,
  // Astro hashes the inline scripts it writes (island and client-directive loaders) at
  // build time and sends the policy as the Content-Security-Policy header of every page,
  // so script-src needs no 'unsafe-inline'. The tracker's origin is added per request.
  security: {
    csp: {
      directives: [...FIXED_DIRECTIVES, ...trackerDirectives(null)],
      scriptDirective: { resources: [...SCRIPT_SOURCES] },
      styleDirective: { resources: [...STYLE_SOURCES] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    ssr: {
      // Server packages stay in node_modules, shared with the process entry, so the
      // Vite bundle never carries a second copy of a stateful module.
      external: ['@electric-sql/pglite', 'pg', 'oidc-provider', 'graphql-yoga', 'markdown-it'],
    },
  },
});
