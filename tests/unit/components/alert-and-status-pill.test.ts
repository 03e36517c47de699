import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import Alert from '../../../src/components/ui/Alert.astro';
import StatusPill from '../../../src/components/ui/StatusPill.astro';
import { ALERT_TONES, TONES, type AlertTone } from '../../../src/lib/theme/tones';

// The one alert box and the one status pill: each tone draws its theme classes, errors
// interrupt (role alert) while other news waits (role status), and the page's own attributes
// (test ids, data-*) reach the element.
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const alert = (props: Record<string, unknown>, body = 'Fix the period above') => container.renderToString(Alert, { props, slots: { default: body } });

/** The attributes of the first `tag` element in the HTML. */
function only(html: string, tag: string): Record<string, string | undefined> {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
}

describe('Alert', () => {
  it.each<[AlertTone, string]>([
    ['error', 'alert'],
    ['success', 'status'],
    ['info', 'status'],
    ['warning', 'status'],
  ])('a %s alert is a role=%s box in its tone', async (tone, role) => {
    const html = await alert({ tone });
    const box = only(html, 'div');
    expect(box.role).toBe(role);
    const look = TONES[ALERT_TONES[tone]];
    expect(box.class?.split(' ')).toEqual(expect.arrayContaining(['rounded', 'border', 'p-1', ...look.surface.split(' '), look.text]));
    expect(html).toContain('Fix the period above');
  });

  it('puts its title above the body, and passes the test id and extra classes on', async () => {
    const html = await alert({ tone: 'warning', title: 'Ad closed', 'data-testid': 'consent-notice', class: 'mt-1' });
    const box = only(html, 'div');
    expect(box['data-testid']).toBe('consent-notice');
    expect(box.class?.split(' ')).toContain('mt-1');
    expect(html).toMatch(/<p class="font-semibold">Ad closed<\/p>Fix the period above<\/div>/);
  });

  it('inline: only the text colour, no box', async () => {
    const box = only(await alert({ tone: 'error', inline: true }), 'div');
    expect(box.role).toBe('alert');
    expect(box.class).toBe('text-status-rejected');
  });

  it('live=false: a standing notice is no live region', async () => {
    const box = only(await alert({ tone: 'error', live: false }), 'div');
    expect(box.role).toBeUndefined();
    expect(box.class).toContain('bg-red-50');
  });
});

describe('StatusPill', () => {
  it('draws the label in its tone, with its test id and data attributes', async () => {
    const html = await container.renderToString(StatusPill, { props: { label: 'Paid', tone: 'success', testId: 'billing-status', 'data-status': 'PAID' } });
    const pill = only(html, 'span');
    expect(pill['data-testid']).toBe('billing-status');
    expect(pill['data-status']).toBe('PAID');
    expect(pill.class?.split(' ')).toEqual(expect.arrayContaining(['rounded-full', ...TONES.success.surface.split(' '), TONES.success.text]));
    expect(html).toMatch(/>Paid<\/span>$/);
  });

  it('needs no test id', async () => {
    const pill = only(await container.renderToString(StatusPill, { props: { label: 'Draft', tone: 'neutral' } }), 'span');
    expect(pill['data-testid']).toBeUndefined();
  });
});
