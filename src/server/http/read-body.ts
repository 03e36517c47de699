import type { IncomingMessage } from 'node:http';

/** A small request body as text, or null once it passes `maxBytes` (nothing more is buffered). */
export async function readSmallBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
