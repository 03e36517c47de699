// TypeScript reads no .astro file (`npm run typecheck:astro` checks them); to the component
// tests, which import them through Astro's own Vite setup, each is a component factory.
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';

  const component: AstroComponentFactory;
  export default component;
}
