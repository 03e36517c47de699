import type { AstroIntegration } from 'astro';

const INLINE_ISLAND_STYLES = '`<style>${ISLAND_STYLES}</style>';

/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` in the body, before the
 * first island of each page, and a `style` element in the body is invalid HTML (the W3C Nu
 * checker reports it on every page with an island). The same rule is in src/styles/global.css,
 * which every page links from its head, so this drops the inline copy from Astro's server
 * runtime as it is bundled. If Astro changes that code the build fails here rather than
 * quietly serving invalid pages again.
 */
export function islandStylesInStylesheet(): AstroIntegration {
  return {
    name: 'talentplace:island-styles',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'talentplace:island-styles',
                enforce: 'pre',
                transform(code, id) {
                  if (!id.replaceAll('\\', '/').endsWith('astro/dist/runtime/server/scripts.js')) return null;
                  if (!code.includes(INLINE_ISLAND_STYLES)) {
                    throw new Error('island-styles: Astro no longer writes its island styles as this integration expects; check src/integrations/island-styles.ts');
                  }
                  return { code: code.replace(INLINE_ISLAND_STYLES, '`'), map: null };
                },
              },
            ],
          },
        });
      },
    },
  };
}
