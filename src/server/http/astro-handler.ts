import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => Promise<void>;

/**
 * Loads the built Astro handler with React's production build whatever NODE_ENV says.
 * React chooses its build from NODE_ENV when it is first loaded, and its development build
 * rendered `/jobs` markedly slower (docs/benchmarks.md). NODE_ENV decides none of our settings
 * (TALENTPLACE_MODE does, config.ts) but is the operator's for the libraries that read
 * it: it reads "production" only while React loads, then is put back.
 * Every React entry the bundle imports is loaded first, by name, so the page chunks Astro
 * imports lazily on their first request find them already chosen: a development
 * `react/jsx-runtime` beside a production `react` fails every render (dispatcher.getOwner).
 * The integration test renders pages and checks that no development file ran.
 */
const REACT_ENTRIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'] as const;

export async function loadAstroHandler(distDir: string): Promise<AstroHandler> {
  const operatorNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const entry of REACT_ENTRIES) await import(entry);
    const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: AstroHandler };
    return entry.handler;
  } finally {
    if (operatorNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = operatorNodeEnv;
  }
}
