/**
 * Where to send a user after sign-in: only a path on our own origin. Anything that a
 * browser could read as another origin (`//host`, `/\host`, schemes, control characters,
 * encoded slashes that decode to those) falls back to the home page.
 *
 * The value returned is the one redirected to, so it is the value checked: URL
 * normalisation can turn an innocent-looking path into a protocol-relative address
 * (`/.//evil.com` and `/a/%2e%2e//evil.com` both normalise to `//evil.com`), so the
 * normalised result must pass the same checks as the input, decoded or not.
 */
const PLACEHOLDER_ORIGIN = 'https://origin.invalid';
const MAX_LENGTH = 2048;

/** Decodes repeatedly ("%252F%252F" must be judged as "//"); null when it is not valid. */
function fullyDecoded(value: string): string | null {
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) return decoded;
      decoded = next;
    } catch {
      return null;
    }
  }
  return decoded;
}

/** A single-slash path with nothing a browser reads as another origin. */
function isPlainLocalPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers ignore tabs and newlines in URLs and treat "\" like "/".
  return !/[\u0000-\u001f\u007f\\]/.test(value);
}

function isSafe(value: string): boolean {
  const decoded = fullyDecoded(value);
  return decoded !== null && isPlainLocalPath(value) && isPlainLocalPath(decoded);
}

/** The path, query and hash the URL parser makes of a value, or null when it leaves our origin. */
function normalised(value: string): string | null {
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > MAX_LENGTH || !isSafe(value)) return fallback;
  const target = normalised(value);
  // The target must be safe in its own right and stable: normalising it again changes nothing.
  if (target === null || !isSafe(target) || normalised(target) !== target) return fallback;
  return target;
}
