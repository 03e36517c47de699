/**
 * `<tp-scroll-table>` (components/ui/ScrollTable.astro): marks whether its table overflows
 * and on which side columns are hidden, so that CSS shows the hint and the edge shades only
 * when there is something to scroll to.
 */
export class ScrollTableElement extends HTMLElement {
  private scroller: HTMLElement | null = null;
  private observer: ResizeObserver | null = null;

  connectedCallback() {
    this.scroller = this.querySelector<HTMLElement>('[data-scroller]');
    if (!this.scroller) return;
    this.scroller.addEventListener('scroll', this.update, { passive: true });
    this.observer = new ResizeObserver(this.update);
    this.observer.observe(this.scroller);
    const table = this.scroller.querySelector('table');
    if (table) this.observer.observe(table);
    this.update();
  }

  disconnectedCallback() {
    this.scroller?.removeEventListener('scroll', this.update);
    this.observer?.disconnect();
  }

  private update = () => {
    const scroller = this.scroller;
    if (!scroller) return;
    // A pixel of slack: zoomed layouts report fractional widths.
    const hidden = scroller.scrollWidth - scroller.clientWidth;
    const start = Math.abs(scroller.scrollLeft);
    this.toggleAttribute('data-overflow', hidden > 1);
    this.toggleAttribute('data-more-start', start > 1);
    this.toggleAttribute('data-more-end', hidden - start > 1);
  };
}

if (!customElements.get('tp-scroll-table')) customElements.define('tp-scroll-table', ScrollTableElement);
