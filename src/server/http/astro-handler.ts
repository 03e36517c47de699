import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => Promise<void>;

/**
 * Loads the built Astro handler with React's production build whatever NODE_ENV says.
 * React chooses its build from NODE_ENV when it is first loaded, and its development build
 * rendered `/jobs` markedly slower (issue 12). NODE_ENV keeps its other meaning here
 * (config.production: secure cookies, HSTS, no introspection), so a local run over plain
 * HTTP still works: it reads "production" only while React loads, then is put back.
 * React is loaded first, by name, so the Astro bundle (which shares the one copy of each
 * package) finds it already chosen even if it imports it lazily.
 */
export async function loadAstroHandler(distDir: string): Promise<AstroHandler> {
  const operatorNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await import('react');
    await import('react-dom/server');
    const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: AstroHandler };
    return entry.handler;
  } finally {
    if (operatorNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = operatorNodeEnv;
  }
}
