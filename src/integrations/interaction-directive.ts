import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Registers `client:interaction`: an island hydrates on the first pointer, focus or key
 * event inside it, so a guest page ships no React until someone touches a menu.
 */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'talentplace:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          // A plain path: Astro hands the entrypoint to esbuild, which does not take file URLs.
          entrypoint: fileURLToPath(new URL('./interaction-directive-client.ts', import.meta.url)),
        });
      },
    },
  };
}
