import type { ServerResponse } from 'node:http';

/**
 * Resolves once the response's connection has taken what was written to it: at once when
 * nothing waits, else on its 'drain' (or its close, after which nothing waits either). The
 * Astro adapter writes a page's stream without waiting, so a long download (a ledger's CSV)
 * asks this before it reads its next part: a slow reader then slows the export instead of
 * the unsent file piling up in the server's memory.
 */
export function responseDrained(res: ServerResponse): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
