/**
 * `<tp-profile-editor>`: edits the talent profile's sections in place
 * (pages/talent/profile.astro). The page works without it: every Edit, Add, Remove, Cancel
 * and Save is a link or a form post. With it, Edit opens the section's form where it is,
 * entries are added and removed on the client, and nothing typed is lost on the way:
 * leaving a section with changes asks first and keeps them as a draft, which the next Save
 * posts along (hidden `drafts.<section>.<field>` fields, as the server carries them without
 * JavaScript); closing or reloading the page with changes asks too. Saving is a plain post,
 * so Post/Redirect/Get stays; focus then returns to the saved section. In a chip list
 * (Skills) Enter in the new-entry field adds the typed entry as a chip.
 */

const CARRIED = 'data-carried';

/** A form's fields as posted, without the page's own (csrf, section) and carried drafts. */
function fieldsOf(form: HTMLFormElement): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of new FormData(form)) {
    if (name === 'csrf' || name === 'section' || name.startsWith('drafts.') || typeof value !== 'string') continue;
    fields.push([name, value]);
  }
  return fields;
}

const serialize = (form: HTMLFormElement) => JSON.stringify(fieldsOf(form));

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export class ProfileEditorElement extends HTMLElement {
  /** Each section form's saved state, serialized: a form that differs holds changes. */
  private saved = new WeakMap<HTMLFormElement, string>();
  /** Each section's form as saved, to put back on Cancel. */
  private pristine = new WeakMap<HTMLElement, HTMLFormElement>();
  private submitting = false;

  connectedCallback() {
    if (this.hasAttribute('data-ready')) return;
    this.setAttribute('data-ready', '');
    for (const section of this.sections()) this.remember(section);
    this.addEventListener('click', (event) => this.onClick(event));
    this.addEventListener('submit', (event) => this.onSubmit(event));
    this.addEventListener('keydown', (event) => this.onKeydown(event));
    window.addEventListener('beforeunload', (event) => {
      if (this.submitting || !this.sections().some((section) => this.isDirty(section))) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    });
    window.addEventListener('pageshow', () => (this.submitting = false));
    // After the browser has moved to the address's #section (which focuses the section itself).
    const focus = () => requestAnimationFrame(() => this.focusFromAddress());
    if (document.readyState === 'complete') focus();
    else window.addEventListener('load', focus, { once: true });
  }

  private sections(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('section[data-section]')];
  }

  private sectionOf(id: string): HTMLElement | null {
    return this.sections().find((section) => section.dataset.section === id) ?? null;
  }

  private formOf(section: HTMLElement): HTMLFormElement {
    return section.querySelector<HTMLFormElement>(':scope > form[data-section-form]')!;
  }

  /**
   * Remembers the form as saved: the stored copy the page sends for a section it shows with
   * unsaved values (a draft, a refused save), else the form as loaded.
   */
  private remember(section: HTMLElement) {
    const template = section.querySelector<HTMLTemplateElement>(':scope > template[data-stored-form]');
    const stored = template?.content.querySelector<HTMLFormElement>('form');
    const pristine = (stored ? document.importNode(stored, true) : this.formOf(section).cloneNode(true)) as HTMLFormElement;
    for (const input of pristine.querySelectorAll(`input[${CARRIED}]`)) input.remove();
    this.pristine.set(section, pristine);
    this.saved.set(this.formOf(section), serialize(pristine));
  }

  private isDirty(section: HTMLElement): boolean {
    const form = this.formOf(section);
    return serialize(form) !== this.saved.get(form);
  }

  private openSection(): HTMLElement | null {
    return this.sections().find((section) => !this.formOf(section).hidden) ?? null;
  }

  private headingOf(section: HTMLElement): string {
    return section.dataset.heading ?? '';
  }

  private onClick(event: MouseEvent) {
    const control = (event.target as Element).closest<HTMLElement>('[data-edit], [data-cancel], button[name="intent"]');
    if (!control || !this.contains(control)) return;
    const section = control.closest<HTMLElement>('section[data-section]');
    if (control.dataset.edit) {
      event.preventDefault();
      this.open(control.dataset.edit);
    } else if (control.hasAttribute('data-cancel') && section) {
      event.preventDefault();
      this.cancel(section);
    } else if (control instanceof HTMLButtonElement && control.value === 'add') {
      event.preventDefault();
      this.addEntry(control.form!);
    } else if (control instanceof HTMLButtonElement && control.value.startsWith('remove:')) {
      event.preventDefault();
      this.removeEntry(control);
    }
  }

  private open(id: string) {
    const target = this.sectionOf(id);
    if (!target) return;
    const current = this.openSection();
    if (current && current !== target) {
      const question = fill(this.dataset.leaveConfirm ?? '', { section: this.headingOf(current), next: this.headingOf(target) });
      if (this.isDirty(current) && !window.confirm(question)) return;
      this.close(current);
    }
    this.show(target, true);
    const form = this.formOf(target);
    const drafts = this.sections().filter((section) => section !== target && this.isDirty(section)).map((section) => this.headingOf(section));
    const note = form.querySelector<HTMLElement>('[data-saves-drafts]');
    if (note) {
      note.hidden = drafts.length === 0;
      note.textContent = drafts.length ? fill(this.dataset.savesDrafts ?? '', { sections: drafts.join(', ') }) : '';
    }
    form.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea')?.focus();
  }

  /** Shows the section's form (or its read-only summary), and says whether it holds a draft. */
  private show(section: HTMLElement, editing: boolean) {
    this.formOf(section).hidden = !editing;
    const view = section.querySelector<HTMLElement>('[data-section-view]');
    if (view) view.hidden = editing;
    const edit = section.querySelector<HTMLElement>('[data-edit]');
    if (edit) edit.hidden = editing;
    const note = section.querySelector<HTMLElement>('[data-draft-note]');
    if (note) note.hidden = editing || !this.isDirty(section);
  }

  private close(section: HTMLElement) {
    this.show(section, false);
  }

  private cancel(section: HTMLElement) {
    if (this.isDirty(section) && !window.confirm(fill(this.dataset.discardConfirm ?? '', { section: this.headingOf(section) }))) return;
    const fresh = this.pristine.get(section)!.cloneNode(true) as HTMLFormElement;
    this.formOf(section).replaceWith(fresh);
    this.saved.set(fresh, serialize(fresh));
    // Messages of a refused save are about the values just discarded.
    for (const alert of section.querySelectorAll(':scope > [role="alert"]')) alert.remove();
    this.close(section);
    section.querySelector<HTMLElement>('[data-edit]')?.focus();
  }

  private entriesOf(form: HTMLFormElement): HTMLElement {
    return form.querySelector<HTMLElement>('[data-entries]')!;
  }

  /**
   * Adds an entry. In a chip list (Skills) it starts from the name typed beside Add, which is
   * then emptied, and is said in the list's status; `stay` keeps focus there for the next one
   * (Enter), else it moves to the new chip's next field (its level). Without a typed name, or
   * in other lists, the new entry's first field takes focus.
   */
  private addEntry(form: HTMLFormElement, stay = false) {
    const entries = this.entriesOf(form);
    const template = form.querySelector<HTMLTemplateElement>('template[data-entry-template]');
    if (!template || entries.children.length >= Number(form.dataset.max ?? 0)) return;
    const entry = document.importNode(template.content, true).querySelector('fieldset')!;
    entries.append(entry);
    this.renumber(form);
    const typed = form.querySelector<HTMLInputElement>('input[data-new-entry]');
    const text = typed?.value.trim() ?? '';
    const named = text ? entry.querySelector<HTMLInputElement>(`input[name$=".${form.dataset.chipField}"]`) : null;
    if (!typed || !named) {
      entry.querySelector<HTMLElement>('input, select, textarea')?.focus();
      return;
    }
    named.value = text;
    typed.value = '';
    const status = form.querySelector<HTMLElement>('[data-added]');
    if (status) status.textContent = fill(form.dataset.addedLabel ?? '', { name: text });
    if (stay && !typed.closest<HTMLElement>('[data-add-row]')!.hidden) typed.focus();
    else entry.querySelector<HTMLElement>(`select, input:not([type="hidden"]):not([name$=".${form.dataset.chipField}"])`)?.focus();
  }

  /**
   * Enter in a chip list's new-entry field adds the typed entry, never the form's Save; with
   * nothing typed it does nothing. Backspace there only edits the text: no chip is ever
   * removed but by its own ×.
   */
  private onKeydown(event: KeyboardEvent) {
    const input = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.isComposing || !(input instanceof HTMLInputElement) || !input.matches('input[data-new-entry]')) return;
    event.preventDefault();
    if (input.value.trim()) this.addEntry(input.form!, true);
  }

  private removeEntry(button: HTMLButtonElement) {
    const form = button.form!;
    const entry = button.closest('fieldset')!;
    const next = (entry.nextElementSibling ?? entry.previousElementSibling) as HTMLElement | null;
    entry.remove();
    this.renumber(form);
    (next?.querySelector<HTMLElement>('input, select, textarea') ?? form.querySelector<HTMLElement>('[data-add-row] button'))?.focus();
  }

  /** Entry numbers, field names and ids follow the entries' order, as the server would write them. */
  private renumber(form: HTMLFormElement) {
    const id = form.querySelector<HTMLInputElement>('input[name="section"]')!.value;
    const entries = [...this.entriesOf(form).children] as HTMLElement[];
    const name = new RegExp(`^${id}\\[\\d+\\]`);
    const ids = new RegExp(`field-${id}-\\d+-`, 'g');
    entries.forEach((entry, index) => {
      const number = String(index + 1);
      const legend = entry.querySelector('legend');
      if (legend) legend.textContent = fill(form.dataset.entryLabel ?? '', { n: number });
      const remove = entry.querySelector<HTMLButtonElement>('button[data-remove]');
      if (remove) {
        remove.value = `remove:${index}`;
        const words = remove.querySelector('[data-remove-words]') ?? remove;
        words.textContent = fill(form.dataset.removeLabel ?? '', { n: number });
      }
      for (const element of entry.querySelectorAll('*')) {
        const named = element.getAttribute('name');
        if (named) element.setAttribute('name', named.replace(name, `${id}[${index}]`));
        for (const attribute of ['id', 'for', 'aria-describedby']) {
          const value = element.getAttribute(attribute);
          if (value) element.setAttribute(attribute, value.replace(ids, `field-${id}-${index}-`));
        }
      }
    });
    const empty = form.querySelector<HTMLElement>('[data-empty]');
    if (empty) empty.hidden = entries.length > 0;
    const add = form.querySelector<HTMLElement>('[data-add-row]');
    if (add) add.hidden = entries.length >= Number(form.dataset.max ?? 0);
  }

  /** A Save posts the other sections' drafts along, so that the one update saves them too. */
  private onSubmit(event: SubmitEvent) {
    const form = event.target as HTMLFormElement;
    if (!form.matches('form[data-section-form]')) return;
    for (const input of form.querySelectorAll(`input[${CARRIED}]`)) input.remove();
    for (const section of this.sections()) {
      const other = this.formOf(section);
      if (other === form || !this.isDirty(section)) continue;
      for (const [name, value] of fieldsOf(other)) {
        const input = document.createElement('input');
        Object.assign(input, { type: 'hidden', name: `drafts.${section.dataset.section}.${name}`, value });
        input.setAttribute(CARRIED, '');
        form.append(input);
      }
    }
    this.submitting = true;
  }

  /** After a save (back at `#section`) the section has focus; after a refused one, its first field in error. */
  private focusFromAddress() {
    const section = this.sectionOf(decodeURIComponent(window.location.hash.slice(1)));
    if (!section) return;
    const invalid = this.formOf(section).hidden ? null : this.formOf(section).querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? section).focus();
  }
}

if (!customElements.get('tp-profile-editor')) customElements.define('tp-profile-editor', ProfileEditorElement);
