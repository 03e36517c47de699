// Review mode's keyboard shortcuts: one key each, on the control it reaches (its
// aria-keyshortcuts, which is also what assistive technology announces, and the list on the
// page says them). A key typed into a field stays text; with a modifier it is the browser's.
// A link is followed, a field takes the cursor.

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
}

document.addEventListener('keydown', (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
  const key = event.key.toLowerCase();
  if (key.length !== 1) return;
  const control = [...document.querySelectorAll<HTMLElement>('[aria-keyshortcuts][data-review-shortcut]')].find((element) => element.getAttribute('aria-keyshortcuts')?.toLowerCase() === key);
  if (!control) return;
  event.preventDefault();
  if (control instanceof HTMLAnchorElement) {
    control.click();
    return;
  }
  control.closest('details')?.setAttribute('open', '');
  control.focus();
});
