// Received applications with JavaScript: the bulk panel stays out of sight until a card is
// ticked (then it opens and counts them), a card's rejection mail shows the reason as it
// is chosen, and a refused card's field takes the cursor. Without JavaScript the panel is a
// closed disclosure and the mail names the reason in general words: the page works the same.

function watchBulkPanel(): void {
  const panel = document.querySelector<HTMLDetailsElement>('[data-bulk-panel]');
  if (!panel) return;
  const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[data-bulk-select]')];
  const count = panel.querySelector<HTMLElement>('[data-bulk-count]');
  // A refused bulk move is rendered open: it stays in sight with its message.
  const refused = panel.open;
  const update = () => {
    const ticked = boxes().filter((box) => box.checked).length;
    panel.hidden = ticked === 0 && !refused;
    if (ticked > 0) panel.open = true;
    if (count) count.textContent = ticked > 0 ? `(${ticked})` : '';
  };
  document.addEventListener('change', (event) => {
    if ((event.target as HTMLElement).matches?.('input[data-bulk-select]')) update();
  });
  update();
}

function watchRejectionMails(): void {
  document.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    const previewId = select.dataset?.reasonSelect;
    if (!previewId) return;
    const slot = document.getElementById(previewId)?.querySelector<HTMLElement>('[data-reason-slot]');
    if (!slot) return;
    const chosen = select.selectedOptions[0];
    slot.textContent = select.value && chosen ? chosen.text : (slot.dataset.placeholder ?? '');
  });
}

// A refused card post renders its form open with the field to fix marked autofocus; the
// browser may skip autofocus (a page that had focus), so the cursor is put there by hand.
function focusRefusedField(): void {
  document.querySelector<HTMLElement>('[data-card-actions][open] [autofocus]')?.focus();
}

watchBulkPanel();
watchRejectionMails();
focusRefusedField();

// The server guesses whether the board overflows from its columns; the browser knows.
function watchBoardOverflow(): void {
  const scroller = document.querySelector<HTMLElement>('[data-board-scroller]');
  const hint = document.querySelector<HTMLElement>('[data-board-scroll-hint]');
  if (!scroller || !hint) return;
  const update = () => {
    const overflows = scroller.scrollWidth > scroller.clientWidth + 1;
    hint.classList.toggle('hidden', !overflows);
    hint.classList.toggle('md:block', overflows);
  };
  new ResizeObserver(update).observe(scroller);
}

watchBoardOverflow();
