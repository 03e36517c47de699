import type { Config } from 'tailwindcss';
import { THEME_COLORS } from './src/lib/theme/colors';

// Spacing unit of the spec's theme: one step is 8 px.
const SPACING_UNIT_PX = 8;
const spacingSteps = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 24, 30];
const spacing = Object.fromEntries(spacingSteps.map((step) => [String(step), `${step * SPACING_UNIT_PX}px`]));

export default {
  content: ['./src/**/*.{astro,ts,tsx,md}'],
  theme: {
    // Breakpoints 600 / 900 / 1200 (the spec's theme). These replace Tailwind's defaults.
    screens: { sm: '600px', md: '900px', lg: '1200px' },
    spacing: { ...spacing, px: '1px' },
    extend: {
      colors: THEME_COLORS,
      fontSize: {
        small: ['10px', { lineHeight: '14px' }],
        body: ['12px', { lineHeight: '18px' }],
        h3: ['14px', { lineHeight: '20px', fontWeight: '600' }],
        h2: ['16px', { lineHeight: '24px', fontWeight: '600' }],
        h1: ['24px', { lineHeight: '32px', fontWeight: '700' }],
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', '"Liberation Mono"', 'monospace'],
      },
      width: { drawer: '240px' },
      minWidth: { modal: '400px' },
      maxHeight: { modal: '90vh' },
    },
  },
} satisfies Config;
