import type { IncomingMessage } from 'node:http';

/** Sign-in and sign-up forms are tiny; anything bigger is not one of ours. */
export const FORM_BODY_LIMIT_BYTES = 10 * 1024;

export class FormBodyError extends Error {
  constructor(
    readonly code: 'FORM_TOO_LARGE' | 'FORM_UNSUPPORTED_TYPE',
    readonly status: 413 | 415,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'FormBodyError';
  }
}

/** Reads an `application/x-www-form-urlencoded` body of at most `limit` bytes (10 kB: the provider's own forms). */
export async function readFormBody(req: IncomingMessage, limit = FORM_BODY_LIMIT_BYTES): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new FormBodyError('FORM_UNSUPPORTED_TYPE', 415, 'The form was not sent as a form', 'submit the page\'s own form');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new FormBodyError('FORM_TOO_LARGE', 413, 'The form is too large', `forms are limited to ${limit} bytes`);
  }
  // Events rather than async iteration: leaving a for-await early destroys the socket,
  // and the visitor should still get a response.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        reject(new FormBodyError('FORM_TOO_LARGE', 413, 'The form is too large', `forms are limited to ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', reject);
  });
}
