import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusPill } from '../../../src/islands/ui/StatusPill';
import { pillClass } from '../../../src/lib/theme/tones';

// The islands' status pill is the .astro one's twin (tests/unit/components): same classes
// from the same tone table, the page's attributes passed through.
describe('StatusPill (islands)', () => {
  it('draws the label with the tone table’s pill classes', () => {
    expect(renderToStaticMarkup(<StatusPill label="New" tone="primary" />)).toBe(`<span class="${pillClass('primary')}">New</span>`);
  });

  it('passes test ids and extra classes on', () => {
    const html = renderToStaticMarkup(<StatusPill label="Closed" tone="danger" data-testid="job-state" className="ml-0.5" />);
    expect(html).toBe(`<span data-testid="job-state" class="${pillClass('danger')} ml-0.5">Closed</span>`);
  });
});
