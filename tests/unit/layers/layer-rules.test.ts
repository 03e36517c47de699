import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroImports, checkLayers } from '../../../scripts/check-layers.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
// Under .cache/ like the real check, so that `react` resolves into node_modules.
const fixture = path.join(root, '.cache/layer-rules-test');

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
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  function write(file: string, text: string) {
    const target = path.join(fixture, 'src', file);
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
    const violations = output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('error '))
      .map((line) => line.replace(/^error /, ''))
      // A package resolves to its file in node_modules: name it.
      .map((line) => line.replace(/→ (?:\.\.\/)*node_modules\/([^/]+)\/\S*$/, '→ $1'));

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
        'shell-script-stays-small: src/islands/shell/shell.ts → zod',
      ].sort(),
    );
    expect(status).toBe(violations.length);
  });
});
