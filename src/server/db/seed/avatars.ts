// Pictures as data: URIs (initials on a coloured disc): the content security policy
// allows `img-src 'self' data:`, and the demo must work without reaching any other host.

const palette = ['#0A73E0', '#0E9F6E', '#C2410C', '#7C3AED', '#DB2777', '#0891B2', '#4D7C0F', '#B45309'];

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase());
  return (letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?')).replace(/[^A-Z0-9]/g, '?');
}

function colourOf(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

export function initialsAvatar(name: string, shape: 'circle' | 'square' = 'circle'): string {
  const background =
    shape === 'circle'
      ? `<circle cx="32" cy="32" r="32" fill="${colourOf(name)}"/>`
      : `<rect width="64" height="64" rx="10" fill="${colourOf(name)}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${background}` +
    `<text x="32" y="41" font-family="Arial,sans-serif" font-size="24" font-weight="bold" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
