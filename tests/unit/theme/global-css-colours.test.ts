import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../../../src/lib/theme/colors';

// global.css once wrote the theme's colours as var(--color-*): Tailwind 4 defines no CSS
// variable for a colour that comes from tailwind.config, so each such declaration was
// dropped when the page was drawn (success toasts were white text on nothing, the focus
// outline lost its colour). The colours are read with --theme(), and the pairs the CSS
// puts together keep WCAG AA contrast (4.5:1 for body text).
const css = readFileSync(new URL('../../../src/styles/global.css', import.meta.url), 'utf8');

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('global.css theme colours', () => {
  it('reads every theme colour with --theme(), never var(--color-*), which Tailwind 4 leaves undefined', () => {
    expect(css.match(/var\(--color-[\w-]+\)/g) ?? []).toEqual([]);
    expect(css).toContain('--theme(--color-background)');
  });

  it('keeps AA contrast for what it draws: links on the page background, white text on the toasts', () => {
    expect(contrast(THEME_COLORS.primary.dark, THEME_COLORS.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(THEME_COLORS.foreground, THEME_COLORS.background)).toBeGreaterThanOrEqual(4.5);
    for (const toast of [THEME_COLORS.success, THEME_COLORS.status.rejected, THEME_COLORS.status.pending, THEME_COLORS.primary.dark]) {
      expect(contrast('#ffffff', toast)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('does not use the primary colour for text on the page background, where it falls under AA', () => {
    expect(contrast(THEME_COLORS.primary.DEFAULT, THEME_COLORS.background)).toBeLessThan(4.5);
    expect(css).not.toMatch(/color:\s*--theme\(--color-primary\)/);
  });
});
