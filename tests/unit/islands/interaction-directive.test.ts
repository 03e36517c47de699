import { afterEach, describe, expect, it } from 'vitest';
import interaction from '../../../src/integrations/interaction-directive-client';

// The directive on a fake island: `hydrate` stands for React taking over the markup, so the
// handlers it attaches are the island's. Nothing listens before hydration, as in the page.
type Hydrate = (island: HTMLElement) => void;

function island(html: string, hydrateWith: Hydrate) {
  const el = document.createElement('astro-island');
  el.innerHTML = html;
  document.body.append(el);
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  // The island's code arrives when the test says so: events in between are "while loading".
  interaction(async () => {
    await loaded;
    return async () => hydrateWith(el);
  }, { name: 'interaction', value: '' }, el);
  const hydrated = async () => {
    release();
    // load, hydrate, then the replay's animation frame.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  };
  return { el, hydrated };
}

const pointerdown = (target: Element) => target.dispatchEvent(new Event('pointerdown', { bubbles: true }));
const click = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
const keydown = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

afterEach(() => document.body.replaceChildren());

describe('client:interaction replays the first intent once the island has hydrated', () => {
  const BUTTON = '<button type="button"><svg><path d="M0 0"></path></svg><span>Open</span></button>';

  it('a click on an icon (an SVG path, no HTMLElement) reaches the button once', async () => {
    const clicks: string[] = [];
    const { el, hydrated } = island(BUTTON, (root) => root.querySelector('button')!.addEventListener('click', () => clicks.push('button')));
    const path = el.querySelector('path')!;
    pointerdown(path);
    click(path);
    expect(clicks).toEqual([]);
    await hydrated();
    expect(clicks).toEqual(['button']);
  });

  it('replays on the element at the same place when hydration replaced the markup', async () => {
    const clicks: string[] = [];
    const { el, hydrated } = island(BUTTON, (root) => {
      root.innerHTML = BUTTON;
      root.querySelector('button')!.addEventListener('click', () => clicks.push('new button'));
    });
    const label = el.querySelector('span')!;
    pointerdown(label);
    click(label);
    await hydrated();
    expect(clicks).toEqual(['new button']);
  });

  it('Enter on a button that only handles clicks clicks it, as the browser would have', async () => {
    const clicks: string[] = [];
    const { el, hydrated } = island(BUTTON, (root) => root.querySelector('button')!.addEventListener('click', () => clicks.push('button')));
    const button = el.querySelector('button')!;
    const pressed = keydown(button, 'Enter');
    expect(pressed).toBe(false); // held back while loading, so the browser does not click a dead button
    await hydrated();
    expect(clicks).toEqual(['button']);
  });

  it('a key the island handles itself (a menu button opening on Enter) is replayed as the key only', async () => {
    const seen: string[] = [];
    const { el, hydrated } = island(BUTTON, (root) => {
      const button = root.querySelector('button')!;
      button.addEventListener('keydown', (event) => {
        seen.push(`keydown ${(event as KeyboardEvent).key}`);
        event.preventDefault();
      });
      button.addEventListener('click', () => seen.push('click'));
    });
    keydown(el.querySelector('button')!, 'Enter');
    await hydrated();
    expect(seen).toEqual(['keydown Enter']);
  });

  it('never replays links or submit buttons, and leaves Enter in a text field to the browser', async () => {
    const seen: string[] = [];
    const { el, hydrated } = island('<a href="#x">Go</a><form><input name="q"><button>Search</button></form>', (root) => {
      for (const element of root.querySelectorAll('a, button, input')) {
        element.addEventListener('click', () => seen.push(`click ${element.tagName}`));
        element.addEventListener('keydown', () => seen.push(`keydown ${element.tagName}`));
      }
    });
    const link = el.querySelector('a')!;
    pointerdown(link);
    click(link);
    click(el.querySelector('button')!);
    expect(keydown(el.querySelector('input')!, 'Enter')).toBe(true);
    await hydrated();
    expect(seen).toEqual([]);
  });

  it('after hydration nothing is recorded or replayed: the island handles events itself', async () => {
    const clicks: string[] = [];
    const { el, hydrated } = island(BUTTON, (root) => root.querySelector('button')!.addEventListener('click', () => clicks.push('button')));
    const button = el.querySelector('button')!;
    pointerdown(button);
    await hydrated();
    click(button);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    expect(clicks).toEqual(['button']);
  });
});
