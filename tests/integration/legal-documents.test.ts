import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLegalDocuments } from '../../src/server/legal/legal-documents';

describe('legal documents from docs/legal', () => {
  it('renders the operator\'s Markdown and picks up a replaced file without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'legal-'));
    const file = path.join(dir, 'terms.md');
    writeFileSync(file, '# Terms\n\nFirst version.');
    const legal = createLegalDocuments(dir);
    expect((await legal.read('terms'))?.html).toContain('<h1>Terms</h1>');

    writeFileSync(file, '# Terms\n\nSecond version.');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await legal.read('terms'))?.html).toContain('Second version.');
  });

  it('answers null for unknown names and missing files, never a path outside the folder', async () => {
    const legal = createLegalDocuments(mkdtempSync(path.join(tmpdir(), 'legal-')));
    expect(await legal.read('privacy')).toBeNull();
    expect(await legal.read('../package')).toBeNull();
  });

  it('ships a default for each footer link', async () => {
    const legal = createLegalDocuments(path.resolve('docs/legal'));
    for (const name of ['privacy', 'terms', 'csr']) expect((await legal.read(name))?.html).toMatch(/<h1>/);
  });

  it("serves a document in the page's language from its folder, else in English, and says which it is", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'legal-'));
    writeFileSync(path.join(dir, 'terms.md'), '# Terms');
    writeFileSync(path.join(dir, 'privacy.md'), '# Privacy');
    mkdirSync(path.join(dir, 'fr'));
    writeFileSync(path.join(dir, 'fr', 'terms.md'), '# Conditions');
    const legal = createLegalDocuments(dir);
    expect(await legal.read('terms', 'fr')).toMatchObject({ html: '<h1>Conditions</h1>\n', language: 'fr' });
    expect(await legal.read('terms', 'en')).toMatchObject({ html: '<h1>Terms</h1>\n', language: 'en' });
    expect(await legal.read('privacy', 'fr')).toMatchObject({ html: '<h1>Privacy</h1>\n', language: 'en' });
  });

  it('ships each default in French too', async () => {
    const legal = createLegalDocuments(path.resolve('docs/legal'));
    for (const name of ['privacy', 'terms', 'csr']) expect((await legal.read(name, 'fr'))?.language).toBe('fr');
  });
});
