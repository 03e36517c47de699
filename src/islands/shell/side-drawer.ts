/**
 * `<tp-side-drawer>`: the mobile side menu of the company and talent areas. A native
 * <dialog> gives focus trapping, Escape and the backdrop for free; on wide screens the
 * same menu is shown inline by CSS and the toggle is hidden.
 */
class SideDrawer extends HTMLElement {
  connectedCallback() {
    const dialog = this.querySelector('dialog');
    const open = this.querySelector<HTMLButtonElement>('[data-drawer-open]');
    if (!dialog || !open) return;
    open.addEventListener('click', () => {
      dialog.showModal();
      open.setAttribute('aria-expanded', 'true');
    });
    dialog.addEventListener('close', () => open.setAttribute('aria-expanded', 'false'));
    dialog.addEventListener('click', (event) => {
      // A click on the backdrop lands on the dialog element itself.
      if (event.target === dialog || (event.target as HTMLElement).closest('[data-drawer-close], a')) dialog.close();
    });
  }
}

if (!customElements.get('tp-side-drawer')) customElements.define('tp-side-drawer', SideDrawer);
