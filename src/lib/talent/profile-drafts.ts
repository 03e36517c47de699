import { fieldName, type SectionValues } from './profile-form';
import { sectionSpec, type SectionId, type SectionSpec } from './profile-sections';

/**
 * Unsaved changes of the profile sections not being edited. One section is edited at a
 * time; a section left with changes keeps them as a draft, carried in the open section's
 * form as hidden fields (`drafts.<section>.<field name>`), so that a post, with or without
 * JavaScript, brings every typed word back to the server; the next Save saves them with
 * the open section. Nothing about drafts is stored on the server.
 */
export type SectionDrafts = Partial<Record<SectionId, SectionValues>>;

const PREFIX = 'drafts.';

/** The hidden field that carries one field of a draft section. */
export const draftFieldName = (section: SectionId, name: string): string => `${PREFIX}${section}.${name}`;

/** The section's values as the form posts them: names in the form kit's notation, unticked boxes left out. */
export function sectionFormEntries(section: SectionSpec, values: SectionValues): Array<[name: string, value: string]> {
  const entries: Array<[string, string]> = [];
  const add = (name: string, kind: string, value: string | undefined) => {
    if (kind === 'checkbox') {
      if (value) entries.push([name, value]);
    } else entries.push([name, value ?? '']);
  };
  if (section.list) values.rows.forEach((row, index) => section.fields.forEach((spec) => add(fieldName(section, spec, index), spec.kind, row[spec.name])));
  else section.fields.forEach((spec) => add(fieldName(section, spec), spec.kind, values.fields[spec.name]));
  return entries;
}

/** The carried drafts of a post, one form per section, leaving out the section the post is for. */
export function draftFormsOf(form: FormData, except: SectionId): Map<SectionId, FormData> {
  const forms = new Map<SectionId, FormData>();
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(PREFIX) || typeof value !== 'string') continue;
    const rest = name.slice(PREFIX.length);
    const dot = rest.indexOf('.');
    const section = sectionSpec(rest.slice(0, dot));
    if (dot < 0 || !section || section.id === except) continue;
    if (!forms.has(section.id)) forms.set(section.id, new FormData());
    forms.get(section.id)!.append(rest.slice(dot + 1), value);
  }
  return forms;
}

/** Whether a section's typed values are the same as another's (a draft equal to what is stored is no draft). */
export function sameSectionValues(a: SectionValues, b: SectionValues): boolean {
  const fields = (values: SectionValues) => JSON.stringify(Object.entries(values.fields).sort(([x], [y]) => x.localeCompare(y)));
  const rows = (values: SectionValues) => JSON.stringify(values.rows.map((row) => Object.entries(row).sort(([x], [y]) => x.localeCompare(y))));
  return fields(a) === fields(b) && rows(a) === rows(b);
}
