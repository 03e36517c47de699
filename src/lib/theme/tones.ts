// How the product draws where a thing stands, in one place: the alert boxes (Alert.astro),
// the shell's sticky banners (islands/shell/notification-banners.ts) and the status pills
// (StatusPill.astro, and its React twin for islands) take their classes from here, so each
// tone looks the same on every page. The words carry the meaning, the colour
// only repeats it, and each tone's text keeps at least 4.5:1 contrast on its own background.
// The colours themselves are the theme's (colors.ts) and Tailwind's.

/** A colour for a status: which status gets which tone is the badge's choice. */
export type Tone = 'neutral' | 'primary' | 'teal' | 'pending' | 'success' | 'danger';

interface ToneLook {
  /** The text colour. */
  text: string;
  /** The border and background around that text. */
  surface: string;
}

export const TONES: Record<Tone, ToneLook> = {
  neutral: { text: 'text-gray-800', surface: 'border-gray-300 bg-gray-100' },
  primary: { text: 'text-primary-dark', surface: 'border-primary/30 bg-primary-light' },
  teal: { text: 'text-teal-800', surface: 'border-teal-700/30 bg-teal-50' },
  pending: { text: 'text-status-pending', surface: 'border-status-pending/30 bg-amber-50' },
  success: { text: 'text-status-verified', surface: 'border-status-verified/30 bg-green-50' },
  danger: { text: 'text-status-rejected', surface: 'border-status-rejected/30 bg-red-50' },
};

/** A tone's text, border and background classes, for an element that brings its own layout. */
export function toneClass(tone: Tone): string {
  return `${TONES[tone].surface} ${TONES[tone].text}`;
}

/** What an alert says: a failure, a success, a plain piece of news, or something to watch out for. */
export type AlertTone = 'error' | 'success' | 'info' | 'warning';

export const ALERT_TONES: Record<AlertTone, Tone> = { error: 'danger', success: 'success', info: 'primary', warning: 'pending' };

/**
 * The live region an alert is: an error interrupts (`alert`), anything else waits its turn
 * (`status`). A standing notice that is part of the content (a rejection reason in a list) is
 * no live region at all: `null`.
 */
export function alertRole(tone: AlertTone, live = true): 'alert' | 'status' | null {
  if (!live) return null;
  return tone === 'error' ? 'alert' : 'status';
}

/**
 * An alert's classes: a tinted box, or with `inline` only the tone's text colour, for a short
 * message beside the control it is about (a list row's action, a field group).
 */
export function alertClass(tone: AlertTone, { inline = false }: { inline?: boolean } = {}): string {
  const look = ALERT_TONES[tone];
  return inline ? TONES[look].text : `rounded border p-1 ${toneClass(look)}`;
}

/** A status pill's classes: a small rounded label in the tone's colours. */
export function pillClass(tone: Tone): string {
  return `inline-block rounded-full border px-1 py-0.25 text-small font-semibold uppercase tracking-wide ${toneClass(tone)}`;
}
