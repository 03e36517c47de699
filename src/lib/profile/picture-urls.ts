/** A stored picture's addresses (JSON in the API): what is there as text, else null; anything else is no picture. */
export function pictureUrlsOf(value: unknown): { url: string | null; optimizedUrl: string | null } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { url, optimizedUrl } = value as Record<string, unknown>;
  return { url: typeof url === 'string' ? url : null, optimizedUrl: typeof optimizedUrl === 'string' ? optimizedUrl : null };
}
