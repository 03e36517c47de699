import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import JobAdActions from '../../../src/components/job-ads/JobAdActions.astro';
import { getTranslator } from '../../../src/lib/i18n/i18n';

// A job ad's actions keep one order whatever the ad's status, so a button never moves under
// the pointer: publish, take down, edit, share, copy, and delete last.
const t = getTranslator();
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const ORDER = ['Publish now', 'Publish again', 'Take down', 'Edit', 'Share link', 'Copy', 'Delete'];

async function actionsOf(status: string): Promise<string[]> {
  const html = await container.renderToString(JobAdActions, {
    props: { csrf: 'c', ad: { id: 'a1', title: 'Data engineer', status, publicPath: '/job-apply/a1/data-engineer', moderation: null }, may: { update: true, create: true, delete: true }, showShare: true },
    locals: { t } as unknown as App.Locals,
  });
  // The visible names of the buttons and links, in document order.
  const names = [...html.matchAll(/<(button|a|summary)\b[^>]*>(.*?)<\/\1>/gs)].map(([, , inner]) => inner!.replace(/<[^>]+>/g, '').trim());
  return names.filter((name) => ORDER.includes(name)).filter((name, index, all) => all.indexOf(name) === index);
}

describe('JobAdActions', () => {
  it.each(['DRAFT', 'SCHEDULED', 'PUBLISHED', 'CLOSED'])('a %s ad lists its actions in the fixed order, delete last', async (status) => {
    const names = await actionsOf(status);
    expect(names.length).toBeGreaterThan(2);
    expect(names.at(-1)).toBe('Delete');
    const positions = names.map((name) => ORDER.indexOf(name));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
