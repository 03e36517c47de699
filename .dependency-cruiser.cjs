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

// Floors inside src/lib and inside src/server/api (docs/architecture.md, "Layers, enforced"),
// lowest first. A module imports its own floor or a lower one, never a higher one. The folders
// of a shared floor may import each other; every folder not named here is a feature, and a
// feature imports another feature of its layer only through FEATURE_IMPORTS below. Files at
// the root of src/lib and src/server/api (ids.ts; builder.ts, context.ts, errors.ts, ...) are
// on the base floor unless a floor names them (the API's entry, yoga.ts, is on its top).
const FLOORS = {
  'src/lib': {
    /** Values, words and formats that know no feature. */
    base: ['analytics', 'auth', 'format', 'graphql', 'i18n', 'lists', 'money', 'permissions', 'places', 'text', 'theme'],
    /** The kits features are built with: forms and their field rules, HTTP, drawn PDFs, routes, uploads. */
    kits: ['forms', 'http', 'pdf', 'routes', 'uploads'],
    top: [],
  },
  'src/server/api': {
    /** The builder, context, errors and event log at the root, access checks, stored files. */
    base: ['auth', 'uploads'],
    kits: [],
    /** What assembles the features: the schema and the server. */
    top: ['schema', 'yoga.ts'],
  },
};

// The feature-to-feature imports allowed inside each layer, each with its reason. An import
// between two features that is not listed fails `npm run lint:layers`; so does a listed pair
// no module uses any more (scripts/check-layers.mjs), so the list only shrinks with the code.
// Something two features share belongs on a lower floor rather than in this list.
const FEATURE_IMPORTS = {
  'src/lib': [
    { from: 'account', to: 'profile', why: "the signed-in user's picture addresses are the profile's (pictureUrlsOf)" },
    { from: 'account', to: 'invoices', why: "a membership's company address is kept in the invoice parties' shape (PartyAddress)" },
    { from: 'admin', to: 'companies', why: "the admin area edits a company's roles and permission matrix and lists its hiring steps" },
    { from: 'admin', to: 'job-ads', why: 'the admin area moderates job ads with the rules the company side reads too (job-ad-moderation)' },
    { from: 'billing', to: 'job-ads', why: "a billing's rate units are the job ads' (job-enums)" },
    { from: 'companies', to: 'account', why: "the selected company is one of the signed-in user's memberships (CurrentUser)" },
    { from: 'companies', to: 'job-applications', why: 'a hiring step says which talent status it shows, and a company sets the delay before its moves reach talents (talent-status)' },
    { from: 'companies', to: 'talent-pools', why: "a company sets its retention periods within the retention rule's bounds (retention)" },
    { from: 'cv-import', to: 'talent', why: "a CV's suggestion takes the talent profile's fields and limits (PROFILE_LIMITS, LANGUAGE_LEVELS)" },
    { from: 'companies', to: 'notifications', why: 'the dashboard words a failed load as the toasts do (errorToastMessage)' },
    { from: 'invoices', to: 'billing', why: 'an invoice is issued from billings and shows their amounts and periods as billing formats them' },
    { from: 'job-alerts', to: 'job-ads', why: "an alert is a saved job search and links to the job ads' pages" },
    { from: 'job-applications', to: 'companies', why: "an application moves through its company's hiring steps (HiringStepGroup)" },
    { from: 'job-applications', to: 'notifications', why: 'rejecting shows the mail the talent will get, as the product sends it (notificationMail)' },
    { from: 'job-descriptions', to: 'job-ads', why: "a job description's fields and form are the job ads' (job-input, job-form)" },
    { from: 'notifications', to: 'billing', why: "a billing's notification names its period as billing words it" },
    { from: 'notifications', to: 'talent-jobs', why: "an application's notification links to the talent's application page" },
    { from: 'notifications', to: 'talent-pools', why: "a talent pool request's notification links to where she answers it (POOL_CONSENT_ANCHOR)" },
    { from: 'messages', to: 'talent-jobs', why: "a talent's conversation about an application links to her application's entry (applicationHref)" },
    { from: 'sales', to: 'billing', why: "a company's sales are its approved billings: their periods and statuses" },
    { from: 'talent', to: 'job-ads', why: "a talent profile's work preferences are the job ads' (job-enums); a company's page shows its job ads as job cards" },
    { from: 'talent', to: 'profile', why: "the talent profile's score and picture rules are shared with the profile islands" },
    { from: 'talent', to: 'talent-roster', why: "a talent answers a company's roster request (roster-consent)" },
    { from: 'talent-invitations', to: 'talent-jobs', why: "an invitation's status is the one the talent sees (invitationStatus)" },
    { from: 'talent-roster', to: 'billing', why: "ledger amounts are read and bounded by billing's decimal rules" },
    { from: 'talent-roster', to: 'job-ads', why: "a roster entry's rate unit and work terms are the job ads' (job-enums)" },
    { from: 'talent-roster', to: 'transactions', why: "a roster talent's ledger is a filtered view of the transactions" },
    { from: 'talent-search', to: 'job-ads', why: "talent search filters by the job ads' terms (job-enums)" },
    { from: 'talent-search', to: 'saved-talents', why: 'a found profile is saved to a list from its page' },
    { from: 'talent-search', to: 'talent', why: "a found profile is shown as the talent's own profile view (profileView); the language filter is the profile's level scale (proficiency-levels)" },
  ],
  'src/server/api': [
    { from: 'account', to: 'feature-flags', why: "findMe answers the user's feature flags" },
    { from: 'account', to: 'messages', why: "findMe answers each membership's unread conversations for the side menu (unreadThreadCount)" },
    { from: 'account', to: 'notifications', why: "the account's settings save the notification preferences" },
    { from: 'account', to: 'talent', why: "findMe answers the user's talent profile (TalentProfile)" },
    { from: 'account', to: 'companies', why: "a company's only owner cannot delete their account before handing it over (soleOwnedCompanies)" },
    { from: 'account', to: 'invoices', why: "the personal data archive holds the PDF of each invoice issued in the talent's name (issuedSelfBilledInvoices)" },
    { from: 'admin', to: 'account', why: "an admin's deletion of a user is the erasure of deleting one's own account (eraseUser)" },
    { from: 'admin', to: 'companies', why: "the admin area works on companies with their own fields, members and roles" },
    { from: 'admin', to: 'job-ads', why: 'the admin area moderates job ads and answers them as the job ads do' },
    { from: 'admin', to: 'job-applications', why: "the admin area lists applications as the company's received ones" },
    { from: 'admin', to: 'talent-roster', why: "the admin grants a company's credit and reads its history as the company's transactions page does (company-credit-history)" },
    { from: 'assignments', to: 'job-applications', why: 'an assignment is made with a talent the company is linked to (talent-link)' },
    { from: 'company-links', to: 'companies', why: "an invitation to link by e-mail is tokened and answered as a member invitation is (newInvitationToken, confirmedAddressOf)" },
    { from: 'companies', to: 'job-applications', why: "the company dashboard counts its received applications, their pipeline and roster (ownedBy, pipelineCounts, rosterHolds)" },
    { from: 'companies', to: 'job-ads', why: "a company's public profile lists its open jobs" },
    { from: 'invoices', to: 'billing', why: 'an invoice is issued from approved billings' },
    { from: 'invoices', to: 'talent-roster', why: "an invoice is booked on the ledger of the talent's roster entry (bookLedgerEntry)" },
    { from: 'job-applications', to: 'job-ads', why: "an application names the job it is for (job-reference), and a company's job ad counts its applications per hiring step (CompanyJobAd.pipeline, pipeline-counts)" },
    { from: 'job-descriptions', to: 'job-ads', why: "a job description's fields are the job ads' (job-fields)" },
    { from: 'messages', to: 'job-applications', why: "a company writes on an application it received (ownApplications)" },
    { from: 'messages', to: 'assignments', why: 'a company writes on an assignment it takes part in (ofCompany)' },
    { from: 'interviews', to: 'job-applications', why: 'a company proposes interview times on an application it received (ownApplications), and its cards show their interviews (interviewSummary)' },
    { from: 'interviews', to: 'talent-jobs', why: "a talent's application lists its interviews (JobApplication.interviews)" },
    { from: 'rate-insight', to: 'feature-flags', why: 'rate insight is behind a feature flag' },
    { from: 'saved-talents', to: 'job-applications', why: 'a company saves only talents it reaches (talent-link)' },
    { from: 'talent', to: 'companies', why: 'a talent sees only companies still listed on the platform (listedCompany)' },
    { from: 'talent', to: 'job-applications', why: "a talent's employers and documents follow their links to companies (talent-link)" },
    { from: 'talent', to: 'talent-roster', why: "a talent answers a company's roster request (RosterConsentEnum)" },
    { from: 'talent-invitations', to: 'job-applications', why: 'a company invites only talents it reaches (talent-link)' },
    { from: 'talent-invitations', to: 'job-ads', why: 'an invitation names the job it is for (job-reference)' },
    { from: 'talent-jobs', to: 'companies', why: "an application arrives in its company's first hiring step (firstHiringStepId)" },
    { from: 'talent-jobs', to: 'job-applications', why: 'the talent reads her applications by their public status and timeline, and withdraws them (talent-statuses)' },
    { from: 'talent-jobs', to: 'talent-invitations', why: "a talent answers a company's invitation (invitation-answer)" },
    { from: 'talent-notes', to: 'job-applications', why: 'a company keeps notes only on talents it reaches (talent-link)' },
    { from: 'talent-roster', to: 'companies', why: 'a roster shows only companies still listed on the platform (listedCompany)' },
    { from: 'talent-roster', to: 'job-applications', why: 'a roster candidate is a talent the company is linked to (talent-link)' },
    { from: 'talent-roster', to: 'transactions', why: "a roster talent's ledger is made of balance transactions" },
    { from: 'saved-talents', to: 'talent-pools', why: "saving a talent asks her consent to the company's pool and shows where it stands (askPoolConsent)" },
    { from: 'talent-pools', to: 'companies', why: 'a talent sees the pool requests of companies still listed on the platform (listedCompany)' },
    { from: 'talent-search', to: 'job-applications', why: "a found profile shows what links it to the company (talent-link, received applications)" },
    { from: 'talent-search', to: 'saved-talents', why: "search answers whether a profile is on the company's lists" },
    { from: 'talent-search', to: 'talent-pools', why: "search answers whether a talent said no to the company's pool (talentsRefusingPool)" },
    { from: 'talent-search', to: 'talent', why: "a found profile is a talent profile row (TalentProfileRow)" },
    { from: 'transactions', to: 'job-applications', why: 'a balance transaction concerns a talent the company is linked to (talent-link)' },
  ],
};

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOTHING = '$^';

/** The rules FLOORS and FEATURE_IMPORTS make for one layer (`root`: src/lib, src/server/api). */
function floorRules(root) {
  const at = `^${escape(root)}/`;
  /** A floor's folders and files (a name ending in .ts), as one path pattern. */
  const on = (names) => {
    const folders = names.filter((name) => !name.endsWith('.ts')).map(escape);
    const files = names.filter((name) => name.endsWith('.ts')).map(escape);
    const parts = [folders.length ? `${at}(${folders.join('|')})/` : '', files.length ? `${at}(${files.join('|')})$` : ''].filter(Boolean);
    return parts.join('|') || NOTHING;
  };
  const { base, kits, top } = FLOORS[root];
  const named = [...base, ...kits, ...top].filter((name) => name.endsWith('.ts')).map(escape);
  const rootFiles = `${at}${named.length ? `(?!(${named.join('|')})$)` : ''}[^/]+\\.ts$`;
  const shared = [...base, ...kits];
  const where = root === 'src/lib' ? 'src/lib' : 'the API';
  const upward = {
    name: 'no-upward-import',
    comment: `The floors of ${where} (docs/architecture.md): the base imports no kit, feature or top module, a kit no feature or top module, a feature nothing on the top.`,
    severity: 'error',
  };
  const rules = [
    { ...upward, from: { path: `${on(base)}|${rootFiles}` }, to: { path: at, pathNot: `${on(base)}|${rootFiles}` } },
    { ...upward, from: { path: on(kits) }, to: { path: at, pathNot: `${on(shared)}|${rootFiles}` } },
    { ...upward, from: { path: `${at}[^/]+/`, pathNot: on([...shared, ...top]) }, to: { path: on(top) } },
  ];
  const sideways = {
    name: 'feature-imports-feature-by-allow-list',
    comment: `A feature of ${where} imports another only through FEATURE_IMPORTS in .dependency-cruiser.cjs, with its reason; what two features share belongs on a lower floor.`,
    severity: 'error',
  };
  const allowed = new Map();
  for (const { from, to } of FEATURE_IMPORTS[root]) allowed.set(from, [...(allowed.get(from) ?? []), to]);
  const notFeatures = [...shared, ...top];
  for (const [from, targets] of allowed) {
    rules.push({ ...sideways, from: { path: `${at}${escape(from)}/` }, to: { path: `${at}[^/]+/`, pathNot: on([from, ...targets, ...notFeatures]) } });
  }
  // Every other feature: `$1` is the folder of the importing module.
  rules.push({
    ...sideways,
    from: { path: `${at}([^/]+)/`, pathNot: on([...allowed.keys(), ...notFeatures]) },
    to: { path: `${at}[^/]+/`, pathNot: `${at}$1/|${on(notFeatures)}` },
  });
  return rules;
}

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
    ...floorRules('src/lib'),
    ...floorRules('src/server/api'),
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

// Not an option of dependency-cruiser (whose schema admits no other key, and reads only
// enumerable ones): scripts/check-layers.mjs reads the allow-list to refuse allowances that
// no import uses.
Object.defineProperty(module.exports, 'featureImports', { value: FEATURE_IMPORTS });
