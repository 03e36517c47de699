/** The content types an HTML form sends; page posts accept nothing else. */
export const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

/** The media type of a Content-Type header, lower-cased, without its parameters. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isFormContentType(contentType: string | null): boolean {
  return (FORM_CONTENT_TYPES as readonly string[]).includes(mediaTypeOf(contentType));
}

/**
 * Whether reading a body failed because it passed the size limit (the node adapter's
 * `bodySizeLimit` for bodies sent without a length): the error or one of its causes says so.
 */
export function isBodyTooLarge(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (/body size limit exceeded/i.test(current.message)) return true;
  }
  return false;
}
