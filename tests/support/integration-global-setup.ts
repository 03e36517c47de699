import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite snapshot of this run (pglite-template.ts), as a file. */
    pgliteTemplateFile: string;
  }
}

interface RunTemplate {
  file: Promise<string>;
  users: number;
}

// Both integration projects run this setup in vitest's main process, each with its own
// copy of this module: they share the one template through the process.
const shared = globalThis as typeof globalThis & { talentplacePgliteTemplate?: RunTemplate };

async function writeTemplate(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'talentplace-pglite-template-'));
  const file = path.join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await (await createPgliteTemplate()).arrayBuffer()));
  return file;
}

/**
 * Once per run of the integration suites, before any file: the migrated PGlite template,
 * which each file would otherwise make for itself (module state is per file). The files
 * still load a database of their own from it, so none sees another's rows.
 */
export default async function setup(project: TestProject) {
  const template = (shared.talentplacePgliteTemplate ??= { file: writeTemplate(), users: 0 });
  template.users += 1;
  const file = await template.file;
  project.provide('pgliteTemplateFile', file);
  return async () => {
    template.users -= 1;
    if (template.users > 0) return;
    delete shared.talentplacePgliteTemplate;
    await rm(path.dirname(file), { recursive: true, force: true });
  };
}
