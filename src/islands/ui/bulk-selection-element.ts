/** Where the count goes in the locale file's text for many. */
const COUNT_PLACEHOLDER = /\{\{\s*count(?:\s*,\s*number)?\s*\}\}/;
/**
 * `<tp-bulk-selection data-count-one data-count-other>` around a bulk form and the rows'
 * boxes (`input[data-bulk-select]`, which belong to that form): with JavaScript, the
 * header's box (`input[data-bulk-all]`, hidden without it) ticks or clears every row of the
 * page and shows as mixed when some are ticked, and `[data-bulk-count]` says how many are
 * ticked. Without JavaScript the rows are ticked one by one and the form works the same.
 */
export class BulkSelectionElement extends HTMLElement {
  private started = false;

  connectedCallback() {
    if (this.started) return;
    this.started = true;
    const all = this.querySelector<HTMLInputElement>('input[data-bulk-all]');
    if (all) {
      all.hidden = false;
      all.addEventListener('change', () => {
        for (const box of this.boxes()) box.checked = all.checked;
        this.update();
      });
    }
    this.addEventListener('change', (event) => {
      if ((event.target as HTMLElement).matches?.('input[data-bulk-select]')) this.update();
    });
    this.update();
  }

  private boxes(): HTMLInputElement[] {
    return [...this.querySelectorAll<HTMLInputElement>('input[data-bulk-select]')];
  }

  private update() {
    const boxes = this.boxes();
    const ticked = boxes.filter((box) => box.checked).length;
    const all = this.querySelector<HTMLInputElement>('input[data-bulk-all]');
    if (all) {
      all.checked = boxes.length > 0 && ticked === boxes.length;
      all.indeterminate = ticked > 0 && ticked < boxes.length;
      all.disabled = boxes.length === 0;
    }
    const count = this.querySelector<HTMLElement>('[data-bulk-count]');
    // The many form is the locale file's own text ("{{count, number}} selected"), the number written in the page's language.
    if (count) count.textContent = ticked === 0 ? '' : ticked === 1 ? (this.dataset.countOne ?? '') : (this.dataset.countOther ?? '').replace(COUNT_PLACEHOLDER, new Intl.NumberFormat(document.documentElement.lang || undefined).format(ticked));
  }
}

if (!customElements.get('tp-bulk-selection')) customElements.define('tp-bulk-selection', BulkSelectionElement);
