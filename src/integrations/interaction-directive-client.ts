import type { ClientDirective } from 'astro';

// Keys that open a menu, dialog or combobox in the WAI-ARIA patterns Headless UI follows.
const INTENT_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * Hydrates the island on its first pointerdown, focusin or keydown. Events that arrive
 * while the code loads would be lost, so the first intent (a click or an opening key) is
 * recorded and replayed once React owns the markup. Links and submit buttons are never
 * replayed: the browser already followed them, and a replay would act twice.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const triggers = ['pointerdown', 'focusin', 'keydown'] as const;
  let intent: { type: 'click' | 'keydown'; target: HTMLElement; key?: string } | null = null;
  let hydrated = false;

  const recordIntent = (event: Event) => {
    if (hydrated || intent || !(event.target instanceof HTMLElement)) return;
    if (event.target.closest('a[href], button[type="submit"], input[type="submit"]')) return;
    if (event.type === 'keydown') {
      const key = (event as KeyboardEvent).key;
      if (!INTENT_KEYS.has(key)) return;
      intent = { type: 'keydown', target: event.target, key };
      event.preventDefault();
    } else if (event.type === 'click') {
      intent = { type: 'click', target: event.target };
    }
  };

  const start = async () => {
    for (const type of triggers) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('click', recordIntent, true);
    el.removeEventListener('keydown', recordIntent, true);
    const replay = intent;
    if (!replay || !replay.target.isConnected) return;
    // React attaches its listeners during hydrate; give it one frame before replaying.
    requestAnimationFrame(() => {
      if (replay.type === 'click') replay.target.click();
      else replay.target.dispatchEvent(new KeyboardEvent('keydown', { key: replay.key, bubbles: true, cancelable: true }));
    });
  };

  el.addEventListener('click', recordIntent, true);
  el.addEventListener('keydown', recordIntent, true);
  for (const type of triggers) el.addEventListener(type, start, { once: true });
};

export default interaction;
