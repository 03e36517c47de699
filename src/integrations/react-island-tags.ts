import { getContainerRenderer } from '@astrojs/react/container-renderer';
import type { AstroIntegration } from 'astro';

/** Where the React islands live; each one's default export is the component pages render. */
export const ISLAND_MODULES_GLOB = '/src/islands/**/*.tsx';

/**
 * Tags every React island for the React renderer when the server code loads (see
 * react-island-tags-ssr.ts for why): a script Astro runs before every page, on the
 * server only, so the islands' client bundles are untouched.
 */
export function reactIslandTags(): AstroIntegration {
  const { name } = getContainerRenderer();
  return {
    name: 'talentplace:react-island-tags',
    hooks: {
      'astro:config:setup': ({ injectScript }) => {
        injectScript(
          'page-ssr',
          `import { tagReactIslands } from '/src/integrations/react-island-tags-ssr.ts';
tagReactIslands(import.meta.glob(${JSON.stringify(ISLAND_MODULES_GLOB)}, { eager: true }), ${JSON.stringify(name)});`,
        );
      },
    },
  };
}
