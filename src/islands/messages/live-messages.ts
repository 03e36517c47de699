// Live conversations: a page showing a thread or an inbox listens to the signed-in live
// stream (/api/live) and, when a message is written in a conversation it shows, reloads
// itself in the background and swaps in the fresh parts marked `data-live-region` (the
// messages, the list of conversations) and the counts marked `data-live-copy` (the side
// menu's, the bell's), leaving the form and what is typed in it alone.
// Without JavaScript, or without EventSource, the page is the same and a reload shows the
// news. One refresh at a time: messages arriving during one lead to one more. A hidden tab
// waits until it is shown (the reload marks the conversation read).

const regions = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[data-live-region]')];

async function refresh(): Promise<void> {
  const answer = await fetch(window.location.pathname + window.location.search, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  if (!answer.ok) return;
  const fresh = new DOMParser().parseFromString(await answer.text(), 'text/html');
  for (const region of regions()) {
    const next = fresh.getElementById(region.id);
    if (next) region.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
  }
  // The counts around the page (the side menu, shown twice on phones, and the bell) are put
  // in step with it: each copy takes the fresh page's first one of its kind.
  for (const copy of document.querySelectorAll<HTMLElement>('[data-live-copy]')) {
    const next = fresh.querySelector(`[data-live-copy="${copy.dataset.liveCopy}"]`);
    if (next) copy.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
  }
  const announcer = document.querySelector<HTMLElement>('[data-live-announce]');
  if (announcer) announcer.textContent = announcer.dataset.liveAnnounce ?? '';
}

function start(): void {
  if (regions().length === 0 || !('EventSource' in window)) return;
  let running: Promise<void> | null = null;
  let again = false;
  let missed = false;
  const schedule = () => {
    // A hidden tab reloads when it is looked at again: what nobody saw stays unread.
    if (document.visibilityState === 'hidden') {
      missed = true;
      return;
    }
    if (running) {
      again = true;
      return;
    }
    running = refresh()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  const source = new EventSource('/api/live');
  source.addEventListener('message', (event) => {
    let threadId: unknown = null;
    try {
      threadId = (JSON.parse((event as MessageEvent<string>).data) as { threadId?: unknown }).threadId;
    } catch {
      return;
    }
    // A thread's page reloads for its own conversation; an inbox (no thread named) for any.
    if (regions().some((region) => !region.dataset.liveThread || region.dataset.liveThread === threadId)) schedule();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && missed) {
      missed = false;
      schedule();
    }
  });
  window.addEventListener('pagehide', () => source.close(), { once: true });
}

start();
