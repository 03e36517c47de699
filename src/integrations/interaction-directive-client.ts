import type { ClientDirective } from 'astro';

// Keys that open a menu, dialog or combobox in the WAI-ARIA patterns Headless UI follows.
const INTENT_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);
// Keys whose default action on a button is a click (Enter on keydown, Space on keyup).
const ACTIVATION_KEYS = new Set(['Enter', ' ']);

type Intent = { type: 'click' } | { type: 'keydown'; key: string };

/**
 * Where the target sits under the island's root, as child indexes: hydration keeps the
 * server's nodes when the markup matches, but if React had to replace them the replay
 * still finds the element at the same place.
 */
function pathTo(root: Element, target: Element): number[] {
  const path: number[] = [];
  for (let node = target; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function elementAt(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) node = node?.children[index] ?? null;
  return node;
}

/** A link or a submit button: the browser already acted on it, so it is never replayed. */
function actsOnItsOwn(target: Element): boolean {
  const control = target.closest('a[href], button, input');
  if (!control) return false;
  if (control instanceof HTMLAnchorElement) return true;
  return (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && (control.type === 'submit' || control.type === 'image') && control.form !== null;
}

/** Text fields keep their own keys: Enter submits their form, arrows move the caret. */
function isTextField(target: Element): boolean {
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLElement && target.isContentEditable) || (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'reset', 'submit', 'image'].includes(target.type));
}

/** What the browser would have done with an activation key that nothing handled: click a button. */
function isButtonLike(target: Element): target is HTMLElement {
  return target instanceof HTMLElement && (target instanceof HTMLButtonElement || target.getAttribute('role') === 'button' || (target instanceof HTMLInputElement && ['button', 'checkbox', 'radio'].includes(target.type)));
}

/**
 * Hydrates the island on its first pointerdown, focusin or keydown. Events that arrive
 * while the code loads would be lost, so the first intent (a click or tap, or an opening
 * key) is recorded and replayed once React owns the markup. Any element is a target: a
 * click on an icon lands on an SVG path, which is no HTMLElement and has no click(). Links
 * and submit buttons are never replayed: the browser already followed them, and a replay
 * would act twice.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const triggers = ['pointerdown', 'focusin', 'keydown'] as const;
  let intent: (Intent & { target: Element; path: number[] }) | null = null;
  let hydrated = false;

  const recordIntent = (event: Event) => {
    if (hydrated || intent || !(event.target instanceof Element)) return;
    const target = event.target;
    if (actsOnItsOwn(target)) return;
    if (event.type === 'keydown') {
      const { key } = event as KeyboardEvent;
      if (!INTENT_KEYS.has(key) || (isTextField(target) && (key === 'Enter' || key === ' '))) return;
      // The browser's own action (a click from Enter or Space) would reach no handler yet:
      // the replay does it instead, once.
      event.preventDefault();
      intent = { type: 'keydown', key, target, path: pathTo(el, target) };
    } else if (event.type === 'click') {
      intent = { type: 'click', target, path: pathTo(el, target) };
    }
  };

  const replay = (recorded: NonNullable<typeof intent>) => {
    const target = recorded.target.isConnected ? recorded.target : elementAt(el, recorded.path);
    if (!target) return;
    if (recorded.type === 'click') {
      // A real click's details (MouseEvent, bubbling, composed) so React and Headless UI take it like the user's own.
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1 }));
      return;
    }
    const keydown = new KeyboardEvent('keydown', { key: recorded.key, bubbles: true, cancelable: true, composed: true });
    const unhandled = target.dispatchEvent(keydown);
    // A synthetic key has no default action: a plain button whose handler did not take the key
    // (onClick only) gets the click the browser would have made.
    if (unhandled && ACTIVATION_KEYS.has(recorded.key)) {
      const button = target.closest('button, [role="button"], input');
      if (button && isButtonLike(button)) button.click();
    }
  };

  const start = async () => {
    for (const type of triggers) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('click', recordIntent, true);
    el.removeEventListener('keydown', recordIntent, true);
    const recorded = intent;
    if (!recorded) return;
    // React attaches its listeners during hydrate; give it one frame before replaying.
    requestAnimationFrame(() => replay(recorded));
  };

  el.addEventListener('click', recordIntent, true);
  el.addEventListener('keydown', recordIntent, true);
  for (const type of triggers) el.addEventListener(type, start, { once: true });
};

export default interaction;
