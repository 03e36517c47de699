// The product's colours (spec §9 theme), in one place: Tailwind's theme (tailwind.config.ts)
// and the built-in identity provider's own pages, which are plain HTML outside Tailwind,
// both read them, so the sign-in pages keep the product's look when a colour changes.

export const THEME_COLORS = {
  primary: { DEFAULT: '#0A73E0', dark: '#075BB3', light: '#E6F1FC', contrast: '#ffffff' },
  background: '#f9fafb',
  status: {
    pending: '#B45309',
    rejected: '#B91C1C',
    verified: '#15803D',
    deleted: '#4B5563',
  },
  success: '#15803D',
} as const;
