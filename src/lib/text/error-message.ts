/**
 * What went wrong, as one line for a log or a message: the `message` of an Error, and of
 * anything else that carries one (pg-boss reports a failed job as a plain object spread
 * from the error, with its queue's name beside it, which `String()` made "[object
 * Object]"); otherwise the value as text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error);
    } catch {
      // A cycle: fall through to String().
    }
  }
  return String(error);
}
