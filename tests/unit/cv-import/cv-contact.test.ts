import { describe, expect, it } from 'vitest';
import { nameOf, readContact } from '../../../src/lib/cv-import/cv-contact';

describe('CV contact details', () => {
  it('reads the name, the title under it and a contact line split on its separators', () => {
    const contact = readContact(['Olivia Bennett', 'Senior Frontend Engineer', 'olivia@example.com · +44 20 7946 0958 · London, United Kingdom', 'linkedin.com/in/olivia | github.com/obennett'], []);
    expect(contact).toEqual({
      profileName: 'Olivia Bennett',
      jobTitle: 'Senior Frontend Engineer',
      email: 'olivia@example.com',
      phone: '+44 20 7946 0958',
      location: 'London, United Kingdom',
      links: [
        { label: 'LinkedIn', url: 'https://linkedin.com/in/olivia' },
        { label: 'GitHub', url: 'https://github.com/obennett' },
      ],
    });
  });

  it('reads labelled lines in French, and a name and title on one line', () => {
    const contact = readContact(['THOMAS LEFÈVRE — Ingénieur DevOps', 'E-mail: thomas@mail.fr', 'Tél.: 06 98 76 54 32', 'Adresse: Nantes'], []);
    expect(contact).toMatchObject({ profileName: 'Thomas Lefèvre', jobTitle: 'Ingénieur DevOps', email: 'thomas@mail.fr', phone: '06 98 76 54 32', location: 'Nantes' });
  });

  it('reads a sidebar "Contact" section, a bare website among its lines', () => {
    const contact = readContact(['Priya Natarajan', 'Product Designer'], ['priya@example.com', '+31 6 1234 5678', 'Amsterdam', 'priyadesigns.design']);
    expect(contact).toMatchObject({ location: 'Amsterdam', links: [{ label: 'Website', url: 'https://priyadesigns.design' }] });
  });

  it('gives all-caps names their usual case and refuses lines that are no name', () => {
    expect(nameOf("LIAM O'CONNOR")).toBe("Liam O'Connor");
    expect(nameOf('Curriculum vitae 2024')).toBeNull();
    expect(nameOf('Madonna')).toBeNull();
  });

  it('takes a period for no phone number', () => {
    expect(readContact(['Jane Doe', 'Designer', 'jane@example.com · 2019-2021'], []).phone).toBeNull();
  });
});
