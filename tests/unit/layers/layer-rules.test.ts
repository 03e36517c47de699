import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroImports, checkLayers, unusedFeatureImports } from '../../../scripts/check-layers.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
// Under .cache/ like the real check, so that `react` resolves into node_modules.
const fixture = path.join(root, '.cache/layer-rules-test');
const floorsFixture = path.join(root, '.cache/layer-floors-test');

/** The `error <rule>: <from> → <to>` lines of a report, a package named by its name. */
function violationsOf(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('error '))
    .map((line) => line.replace(/^error /, ''))
    .map((line) => line.replace(/→ (?:\.\.\/)*node_modules\/([^/]+)\/\S*$/, '→ $1'));
}

describe('astroImports', () => {
  it('copies the imports of the frontmatter and of bundled scripts, and nothing of the template', () => {
    const source = [
      '---',
      "import AppShell from '../layouts/AppShell.astro';",
      'import {',
      '  pageGraphql,',
      "  readPostedForm } from '../server/bff/page/page-forms';",
      "import type { Services } from '../server/services';",
      "if (!Astro.locals.session) return Astro.redirect('/sign-in');",
      '---',
      '<p>import nothing from "here"</p>',
      "<script>import { showToast } from '../islands/stores/toasts';</script>",
      "<script is:inline>import x from '../server/db/client';</script>",
      '<script type="application/ld+json">{"a": 1}</script>',
    ].join('\n');
    const imports = astroImports(source);
    expect(imports).toContain("import AppShell from '../layouts/AppShell.astro';");
    expect(imports).toContain("readPostedForm } from '../server/bff/page/page-forms';");
    expect(imports).toContain("import type { Services } from '../server/services';");
    expect(imports).toContain("import { showToast } from '../islands/stores/toasts';");
    expect(imports).not.toContain('server/db/client');
    expect(imports).not.toContain('return');
    expect(imports).not.toContain('here');
  });
});

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
    rmSync(floorsFixture, { recursive: true, force: true });
  });

  function write(file: string, text: string, into = fixture) {
    const target = path.join(into, 'src', file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${text}\n`);
  }

  it('names each leak and lets the allowed imports through', { timeout: 60_000 }, () => {
    write('lib/pure.ts', 'export const pure = 1;');
    write('lib/leaks.ts', "import type { Bff } from '../server/bff/bff';\nimport { useState } from 'react';\nimport type { AstroGlobal } from 'astro';\nexport type X = Bff | typeof useState | AstroGlobal;");
    write('server/bff/bff.ts', "export interface Bff { id: string }\nexport const createBff = () => 1;");
    write('server/bff/page/page-forms.ts', "import { pure } from '../../../lib/pure';\nexport const readPostedForm = () => pure;");
    write('server/bff/page/stateful.ts', "import { createBff } from '../bff';\nexport const glue = createBff;");
    write('server/db/client.ts', "import { handler } from '../api/handler';\nexport const db = handler;");
    write('server/db/seed.ts', "import { hashPassword } from '../idp/hash';\nexport const seed = hashPassword;");
    write('server/idp/hash.ts', 'export const hashPassword = 1;');
    write('server/api/handler.ts', "import { createBff } from '../bff/bff';\nexport const handler = createBff;");
    write('server/http/limit.ts', "import Page from '../../pages/index.astro';\nexport const limit = Page;");
    write('islands/Menu.tsx', "import { pure } from '../lib/pure';\nimport type { Bff } from '../server/bff/bff';\nexport const Menu = (b: Bff) => pure;");
    // The shell script imports a constant from a module that builds a schema on import.
    write('islands/shell/shell.ts', "import { STORAGE_KEY } from '../../lib/schema-beside';\nexport const key = STORAGE_KEY;");
    write('lib/schema-beside.ts', "import { z } from 'zod';\nexport const STORAGE_KEY = 'k';\nexport const schema = z.string();");
    write('layouts/Shell.astro', "---\nimport type { Bff } from '../server/bff/bff';\n---\n<slot />");
    write(
      'pages/index.astro',
      [
        '---',
        "import Shell from '../layouts/Shell.astro';",
        "import type { Bff } from '../server/bff/bff';",
        "import { readPostedForm } from '../server/bff/page/page-forms';",
        "import type { db } from '../server/db/client';",
        "import { createBff } from '../server/bff/bff';",
        '---',
        '<Shell />',
      ].join('\n'),
    );

    const { status, output } = checkLayers({ source: path.join(fixture, 'src'), workDir: path.join(fixture, 'checked') });
    const violations = violationsOf(output);

    expect(violations.sort()).toEqual(
      [
        'api-knows-no-web-layer: src/server/api/handler.ts → src/server/bff/bff.ts',
        'astro-code-imports-only-types-from-server: src/pages/index.astro.ts → src/server/bff/bff.ts',
        'db-is-the-bottom: src/server/db/client.ts → src/server/api/handler.ts',
        'db-is-the-bottom: src/server/db/seed.ts → src/server/idp/hash.ts',
        'islands-import-only-lib: src/islands/Menu.tsx → src/server/bff/bff.ts',
        'layouts-take-lib-types: src/layouts/Shell.astro.ts → src/server/bff/bff.ts',
        'lib-is-pure: src/lib/leaks.ts → src/server/bff/bff.ts',
        'lib-uses-no-ui-framework: src/lib/leaks.ts → astro',
        'lib-uses-no-ui-framework: src/lib/leaks.ts → react',
        'page-glue-is-stateless: src/server/bff/page/stateful.ts → src/server/bff/bff.ts',
        'pages-never-import-the-database: src/pages/index.astro.ts → src/server/db/client.ts',
        'server-knows-no-pages: src/server/http/limit.ts → src/pages/index.astro.ts',
        // A reachability rule names the module whose imports reach the package (err-long lists the path below it).
        'shell-script-stays-small: src/islands/shell/shell.ts',
      ].sort(),
    );
    expect(status).toBe(violations.length);
  });

  it('refuses an upward import and a feature import the allow-list does not declare, inside src/lib and the API', { timeout: 60_000 }, () => {
    const put = (file: string, text: string) => write(file, text, floorsFixture);
    put('lib/ids.ts', "import { jobTitle } from './job-ads/job-input';\nexport const id = jobTitle;");
    put('lib/text/words.ts', "import { field } from '../forms/field';\nexport const words = field;");
    put('lib/forms/field.ts', "import { jobTitle } from '../job-ads/job-input';\nimport { id } from '../ids';\nexport const field = jobTitle + id;");
    put('lib/job-ads/job-input.ts', "import { field } from '../forms/field';\nexport const jobTitle = 'title';\nexport const jobField = field;");
    // Declared in FEATURE_IMPORTS: job descriptions share the job ads' fields.
    put('lib/job-descriptions/description-input.ts', "import { jobTitle } from '../job-ads/job-input';\nimport { invoiceNumber } from '../invoices/numbers';\nexport const ad = jobTitle + invoiceNumber;");
    put('lib/invoices/numbers.ts', "export const invoiceNumber = 'INV-1';");
    // A feature no allowance names: its own files pass, another feature's do not.
    put('lib/brand-new/one.ts', "import { two } from './two';\nimport { jobTitle } from '../job-ads/job-input';\nexport const one = two + jobTitle;");
    put('lib/brand-new/two.ts', "export const two = 'two';");
    put('server/api/errors.ts', 'export const fail = 1;');
    put('server/api/context.ts', "import type { Sessions } from './admin/sessions';\nexport type Context = Sessions;");
    put('server/api/admin/sessions.ts', "import { fail } from '../errors';\nimport { access } from '../auth/access';\nexport type Sessions = typeof fail | typeof access;");
    put('server/api/auth/access.ts', "import { listed } from '../companies/listed';\nexport const access = listed;");
    put('server/api/companies/listed.ts', "import { access } from '../auth/access';\nimport { assemble } from '../schema/index';\nexport const listed = 1;\nexport const seen = access + assemble;");
    // Declared in FEATURE_IMPORTS: a talent sees only listed companies.
    put('server/api/talent/employers.ts', "import { listed } from '../companies/listed';\nimport { billed } from '../billing/rows';\nexport const employers = listed + billed;");
    put('server/api/billing/rows.ts', "import { invoiceNumber } from '../../../lib/invoices/numbers';\nexport const billed = invoiceNumber.length;");
    put('server/api/schema/index.ts', "import { employers } from '../talent/employers';\nexport const assemble = employers;");
    put('server/api/yoga.ts', "import { assemble } from './schema/index';\nexport const yoga = assemble;");

    const { status, output } = checkLayers({ source: path.join(floorsFixture, 'src'), workDir: path.join(floorsFixture, 'checked') });
    const violations = violationsOf(output);

    expect(violations.sort()).toEqual(
      [
        'no-upward-import: src/lib/ids.ts → src/lib/job-ads/job-input.ts',
        'no-upward-import: src/lib/text/words.ts → src/lib/forms/field.ts',
        'no-upward-import: src/lib/forms/field.ts → src/lib/job-ads/job-input.ts',
        'no-upward-import: src/server/api/context.ts → src/server/api/admin/sessions.ts',
        'no-upward-import: src/server/api/auth/access.ts → src/server/api/companies/listed.ts',
        'no-upward-import: src/server/api/companies/listed.ts → src/server/api/schema/index.ts',
        'feature-imports-feature-by-allow-list: src/lib/job-descriptions/description-input.ts → src/lib/invoices/numbers.ts',
        'feature-imports-feature-by-allow-list: src/lib/brand-new/one.ts → src/lib/job-ads/job-input.ts',
        'feature-imports-feature-by-allow-list: src/server/api/talent/employers.ts → src/server/api/billing/rows.ts',
      ].sort(),
    );
    expect(status).toBe(violations.length);
  });

  it('names the allowances no import uses', () => {
    const modules = [
      { source: 'src/lib/job-ads/job-ad-input.ts', dependencies: [{ resolved: 'src/lib/jobs/job-input.ts' }, { resolved: 'src/lib/forms/field.ts' }] },
      { source: 'src/lib/jobs/job-input.ts', dependencies: [{ resolved: 'src/lib/jobs/job-enums.ts' }] },
    ];
    const allowances = { 'src/lib': [{ from: 'job-ads', to: 'jobs' }, { from: 'invoices', to: 'billing' }], 'src/server/api': [{ from: 'talent', to: 'companies' }] };
    expect(unusedFeatureImports(modules, allowances)).toEqual(['src/lib: invoices -> billing', 'src/server/api: talent -> companies']);
  });
});
