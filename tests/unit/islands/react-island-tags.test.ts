import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { describe, expect, it } from 'vitest';
import { ISLAND_MODULES_GLOB } from '../../../src/integrations/react-island-tags';
import { ASTRO_RENDERER_TAG as RENDERER, tagReactIslands } from '../../../src/integrations/react-island-tags-ssr';

// The same pattern the integration injects (import.meta.glob takes a literal only).
const islands = import.meta.glob('/src/islands/**/*.tsx', { eager: true }) as Record<string, { default?: unknown }>;

describe('react island tags', () => {
  it('tags every island component for the renderer @astrojs/react registers', () => {
    expect(ISLAND_MODULES_GLOB).toBe('/src/islands/**/*.tsx');
    const rendererName = getContainerRenderer().name;
    const tagged = tagReactIslands(islands, rendererName);

    expect(tagged).toContain('/src/islands/job-ads/JobSearchBox.tsx');
    expect(tagged).toContain('/src/islands/account/AccountMenu.tsx');
    for (const [path, module] of Object.entries(islands)) {
      if (typeof module.default === 'function') expect((module.default as unknown as Record<symbol, unknown>)[RENDERER], path).toBe(rendererName);
    }
    expect(tagged).toHaveLength(Object.values(islands).filter((module) => typeof module.default === 'function').length);
  });

  it('leaves a module without a default component alone', () => {
    const parts = { default: undefined, Panel: () => null };
    expect(tagReactIslands({ '/src/islands/ui/Parts.tsx': parts }, '@astrojs/react')).toEqual([]);
    expect((parts.Panel as unknown as Record<symbol, unknown>)[RENDERER]).toBeUndefined();
  });
});
