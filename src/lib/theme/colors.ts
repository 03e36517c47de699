// The product's colours (the theme constants), in one place: Tailwind's theme (tailwind.config.ts)
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
  /** Body text (global.css). */
  foreground: '#111827',
  /**
   * The greys and the alert red the pages' classes name (`text-gray-700`, `border-gray-200`,
   * `bg-red-50`): Tailwind 4's own values, kept here so the identity provider's pages draw
   * lines, field borders, hints and alerts in exactly the product's colours.
   */
  gray: {
    50: 'oklch(98.5% 0.002 247.839)',
    100: 'oklch(96.7% 0.003 264.542)',
    /** Card and divider lines. */
    200: 'oklch(92.8% 0.006 264.531)',
    300: 'oklch(87.2% 0.01 258.338)',
    400: 'oklch(70.7% 0.022 261.325)',
    /** Text field borders (fieldBoxClass). */
    500: 'oklch(55.1% 0.027 264.364)',
    /** Field hints (FieldMessages). */
    600: 'oklch(44.6% 0.03 256.802)',
    700: 'oklch(37.3% 0.034 259.733)',
    800: 'oklch(27.8% 0.033 256.848)',
    900: 'oklch(21% 0.034 264.665)',
  },
  /** Behind a form's error message (its text and border are status.rejected). */
  red: { 50: 'oklch(97.1% 0.013 17.38)' },
} as const;
