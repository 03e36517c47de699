/**
 * Where to send a user after sign-in: only a path on our own origin. Anything that a
 * browser could read as another origin (`//host`, `/\host`, schemes, control characters,
 * encoded slashes that decode to those) falls back to the home page.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2048) return fallback;
  let decoded = value;
  // Decode repeatedly: "%252F%252F" must be judged as "//".
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return fallback;
    // Browsers ignore tabs and newlines in URLs and treat "\" like "/".
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
    if (candidate.startsWith('//')) return fallback;
  }
  // Final check with the URL parser against a placeholder origin.
  try {
    const base = 'https://origin.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
