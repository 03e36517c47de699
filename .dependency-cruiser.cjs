// The layers of docs/architecture.md, enforced: `npm run lint:layers` (scripts/check-layers.mjs)
// runs dependency-cruiser with these rules over src/, .astro files included, and `npm test`
// counts it as one test. Paths are relative to the checked tree's root (`src/...`); packages
// resolve into `.../node_modules/<name>/`, and Astro's virtual modules (`astro:*`) stay
// unresolved, so they are matched by name.

/** Astro code: bundled by Vite, so a runtime import of a server module copies it into the bundle. */
const ASTRO_CODE = '^src/(pages|layouts|components)/|^src/middleware\\.ts$';

/** UI frameworks and Astro itself: what pure, isomorphic code must not need. */
const UI_PACKAGES = '(^|/)node_modules/(astro|react|react-dom|@headlessui/[^/]+)/|^astro(:|$)';

/** What the shell script must never reach: each weighs more than the whole shell. */
const SHELL_FORBIDDEN = '(^|/)node_modules/(zod|graphql|gql\\.tada|@0no-co/[^/]+|graphql-request|i18next[^/]*|react|react-dom|@headlessui/[^/]+|@nanostores/(react|query))/|^src/locales/';

module.exports = {
  forbidden: [
    {
      name: 'lib-is-pure',
      comment: 'src/lib is pure and isomorphic (islands and server import it): no server, UI or Astro code, not even types.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(server|islands|pages|layouts|components|integrations)/|^src/middleware\\.ts$' },
    },
    {
      name: 'lib-uses-no-ui-framework',
      comment: 'src/lib runs on the server and in every island: it imports neither Astro nor React nor Headless UI.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: UI_PACKAGES },
    },
    {
      name: 'islands-import-only-lib',
      comment: 'Islands run in the browser: besides packages and other islands they import only src/lib (labels come translated as props).',
      severity: 'error',
      from: { path: '^src/islands/' },
      to: { path: '^src/', pathNot: '^src/(lib|islands)/' },
    },
    {
      name: 'api-knows-no-web-layer',
      comment: 'The API trusts only a bearer token and headers, as an external API would: it never reaches into the BFF or the web pages.',
      severity: 'error',
      from: { path: '^src/server/api/' },
      to: { path: '^src/server/bff/|^src/(pages|layouts|components)/' },
    },
    {
      name: 'db-is-the-bottom',
      comment: 'The database layer is used by the API and the identity provider, never the other way round.',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/(api|idp)/' },
    },
    {
      name: 'pages-never-import-the-database',
      comment: 'Pages, layouts and components load data through the BFF and the API (locals.services), never from the database, not even its types.',
      severity: 'error',
      from: { path: ASTRO_CODE },
      to: { path: '^src/server/db/' },
    },
    {
      name: 'server-knows-no-pages',
      comment: 'Server code is below the web pages: it never imports pages, layouts, components or islands.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(pages|layouts|components|islands)/' },
    },
    {
      name: 'layouts-take-lib-types',
      comment: 'Layouts and components render what a page hands them, described by plain src/lib types, not by server modules.',
      severity: 'error',
      from: { path: '^src/(layouts|components)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'astro-code-imports-only-types-from-server',
      comment:
        'Astro code gets the running services as locals: a runtime import of a server module would copy it into the Vite bundle ' +
        '(a second instance). The one exception is the stateless page glue in src/server/bff/page/.',
      severity: 'error',
      from: { path: ASTRO_CODE },
      to: { path: '^src/server/', pathNot: '^src/server/bff/page/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'page-glue-is-stateless',
      comment:
        'src/server/bff/page/ is bundled into the pages, so at run time it may import only itself and src/lib: ' +
        'anything else from src/server would be a second copy of a stateful module.',
      severity: 'error',
      from: { path: '^src/server/bff/page/' },
      to: { path: '^src/', pathNot: '^src/(server/bff/page|lib)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shell-script-stays-small',
      comment:
        'The shell script (src/islands/shell/) runs on every page before anyone interacts, guests included: nothing it reaches ' +
        'may pull in a schema library, GraphQL, translations or React. Those load with the islands that need them ' +
        '(tests/e2e/js-budget.spec.ts holds the byte budget).',
      severity: 'error',
      from: { path: '^src/islands/shell/' },
      to: { path: SHELL_FORBIDDEN, reachable: true },
    },
    {
      name: 'no-unresolvable-project-import',
      comment: 'A relative import that does not resolve would hide a dependency from every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser, so swc parses .ts/.tsx; it marks
    // `import type` (and imports whose specifiers are all types) as type-only.
    parser: 'swc',
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '\\.d\\.ts$' },
    // .astro files are checked through the `.astro.ts` copies scripts/check-layers.mjs makes;
    // an import of `X.astro` resolves to that copy.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.json'] },
  },
};
