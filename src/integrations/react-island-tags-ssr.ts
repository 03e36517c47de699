/**
 * The property Astro's renderer choice reads on a component (a registry symbol, the one
 * its own `__astro_tag_component__` sets; that helper is not in Astro's public types).
 */
export const ASTRO_RENDERER_TAG = Symbol.for('astro:renderer');

/** Island modules as `import.meta.glob(..., { eager: true })` gives them: path to module. */
export type IslandModules = Record<string, { default?: unknown }>;

/**
 * Marks each island module's default export as a component of `rendererName`, so that
 * Astro renders it with that renderer at once. Untagged, Astro asks every renderer's
 * `check()` first, and @astrojs/react's check renders a function component once more
 * to see whether it returns React elements: every island was rendered twice on the
 * server (about 0.2 ms of a guest /jobs's 2.9 ms Node CPU; every signed-in page renders
 * the account menu island). Returns the names of the modules tagged.
 */
export function tagReactIslands(modules: IslandModules, rendererName: string): string[] {
  const tagged: string[] = [];
  for (const [path, module] of Object.entries(modules)) {
    if (typeof module.default !== 'function') continue; // helpers only (Modal.tsx exports its parts by name)
    Object.defineProperty(module.default, ASTRO_RENDERER_TAG, { value: rendererName, enumerable: false, writable: false, configurable: true });
    tagged.push(path);
  }
  return tagged;
}
